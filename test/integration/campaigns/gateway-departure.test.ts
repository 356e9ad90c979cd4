// A campaign handed to the gateway with a send time is 'scheduled' until the gateway says its messages went out, not
// until this PC's clock reaches the send time (the gateway's clock may run ahead; the Sandbox's can be moved on).
// Against the simulator, whose clock is moved on while Besked's stays.
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src-shared/contract';
import { draft, numbers, startTestCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

type CampaignChanged = EventPayload<'campaign.changed'>;

const recipients = (from: number, n: number) => ({ contactIds: [], groupIds: [], searches: [], numbers: numbers(from, n) });

/** A campaign handed to the gateway for an hour from now (3 recipients: two requests); returns once it shows as scheduled. */
async function scheduledAtGateway(c: TestCore, from: number, n = 3): Promise<number> {
  const { id } = await c.ok('campaigns.create', {});
  await c.ok('campaigns.saveDraft', { id, draft: draft({ sendAt: new Date(Date.now() + 3600_000).toISOString(), recipients: recipients(from, n) }) });
  await c.ok('campaigns.send', { id });
  expect((await c.waitForState(id, ['scheduled'])).scheduledAtGateway).toBe(true);
  return id;
}

describe('a campaign scheduled at the gateway', () => {
  it('stays scheduled while the gateway reports its messages as scheduled, and is sent once a report shows they went out', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const id = await scheduledAtGateway(t, 901);
    // The first reports say SCHEDULED: still waiting there.
    await t.ok('sync.now', { campaignId: id });
    const waiting = await t.ok('campaigns.get', { id });
    expect(waiting).toMatchObject({ state: 'scheduled', finishedAt: null, pendingAtGateway: true });
    expect(waiting.delivery).toMatchObject({ pending: 3, sent: 0, delivered: 0 });

    // The gateway's clock passes the send time (this PC's does not), and every open message is looked at: the
    // reports make the campaign sent.
    await t.ok('sandbox.advanceClock', { seconds: 3600 + 10 });
    const sent = await t.ok('campaigns.get', { id });
    expect(sent.state).toBe('sent');
    expect(sent.finishedAt).not.toBeNull();
    expect(sent.delivery).toMatchObject({ delivered: 3, pending: 0 });
    // The views hear of it.
    const changed = t.events.filter((e) => e.name === 'campaign.changed').map((e) => e.payload as CampaignChanged);
    expect(changed.filter((c) => c.id === id).at(-1)?.summary).toMatchObject({ state: 'sent' });
  });

  it('is cancelled as before while its messages still wait there: reports of its SCHEDULED messages change nothing', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const id = await scheduledAtGateway(t, 911);
    await t.ok('sync.now', { campaignId: id });
    const cancelled = await t.ok('campaigns.cancel', { id });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.counts).toMatchObject({ cancelled: 3, accepted: 0 });
    // Later looks (the messages are withdrawn, DELETED at the gateway) leave it cancelled.
    await t.ok('sandbox.advanceClock', { seconds: 3600 + 10 });
    expect((await t.ok('campaigns.get', { id })).state).toBe('cancelled');
  });

  it('no longer offers Cancel once its messages went out, though still on their way (nothing is left to withdraw)', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    // Ends in 96: BUFFERED a second after its send time, DELIVERED only a minute later.
    const id = await scheduledAtGateway(t, 996, 1);
    await t.ok('sandbox.advanceClock', { seconds: 3600 + 10 });
    const sent = await t.ok('campaigns.get', { id });
    expect(sent).toMatchObject({ state: 'sent', pendingAtGateway: false });
    expect(sent.delivery).toMatchObject({ sent: 1, pending: 0, delivered: 0 });
    expect(await t.fails('campaigns.cancel', { id })).toMatchObject({ kind: 'conflict', code: 'campaign.nothingToCancel' });
    expect((await t.ok('campaigns.get', { id })).state).toBe('sent');
  });

  it('is sent when its first messages went out, and Cancel withdraws those a rate limit left waiting there', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    // Two a minute: the second request's messages get a send time a minute after the first's.
    await t.ok('settings.update', { sendingLimits: { campaignCap: null, dailyCap: null, maxParts: null, quietHours: null, messagesPerMinute: 2 } });
    const id = await scheduledAtGateway(t, 921);
    await t.ok('sandbox.advanceClock', { seconds: 3600 + 20 });
    const sent = await t.ok('campaigns.get', { id });
    expect(sent).toMatchObject({ state: 'sent', pendingAtGateway: true });
    expect(sent.delivery).toMatchObject({ delivered: 2, pending: 1 });

    const cancelled = await t.ok('campaigns.cancel', { id });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.lastError).toBeNull();
    expect(cancelled.counts).toMatchObject({ accepted: 2, cancelled: 1 });
    expect(cancelled.pendingAtGateway).toBe(false);
    const ledger = await t.ledger();
    expect(ledger.map((e) => [e.recipient, e.status]).sort()).toEqual([
      [4520000921, 'DELIVERED'],
      [4520000922, 'DELIVERED'],
      [4520000923, 'DELETED'],
    ]);
  });
});
