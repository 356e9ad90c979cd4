// The core enforces the campaign state machine (src-shared/campaigns/campaign-actions.ts), including its two rules
// the old hand-written checks did not have: a finished campaign whose messages still wait at the gateway cannot be
// deleted (cancel it first), and "send to the failed again" waits until the campaign has finished.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, numbers, startTestCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const recipients = (from: number, n: number) => ({ contactIds: [], groupIds: [], searches: [], numbers: numbers(from, n) });

describe('the campaign state machine in the core', () => {
  it('refuses to delete a finished campaign whose messages still wait at the gateway, until it is cancelled', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ sendAt, recipients: recipients(800, 3) }) });
    await t.ok('campaigns.send', { id });
    await t.waitForState(id, ['scheduled']);
    // Finished while later messages still wait for their send times (a rate limit spreads them past the campaign's
    // own send time): the state the outbox gives it once that time has passed.
    t.core.db.prepare("UPDATE campaigns SET state = 'sent' WHERE id = ?").run(id);
    expect((await t.ok('campaigns.get', { id })).pendingAtGateway).toBe(true);

    expect(await t.fails('campaigns.delete', { id })).toMatchObject({ kind: 'conflict', code: 'campaign.stillSending' });
    expect((await t.ok('campaigns.get', { id })).state).toBe('sent');

    expect((await t.ok('campaigns.cancel', { id })).state).toBe('cancelled');
    // Nothing is left to cancel now, at the gateway neither (before the rule, a second cancel did nothing silently).
    expect(await t.fails('campaigns.cancel', { id })).toMatchObject({ kind: 'conflict', code: 'campaign.nothingToCancel' });
    expect(await t.ok('campaigns.delete', { id })).toEqual({ deleted: true });
  });

  it('refuses to send to the failed recipients again while the campaign is still on its way', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    // The first request is refused (its two recipients fail); the next one takes a few seconds to be answered.
    await t.sim('PUT', '/_sim/faults', {
      rules: [
        { path: '/rest/mtsms', method: 'POST', count: 1, status: 400 },
        { path: '/rest/mtsms', method: 'POST', count: 2, latency_ms: 3_000 },
      ],
    });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: recipients(850, 4) }) });
    await t.ok('campaigns.send', { id });
    for (let s = await t.ok('campaigns.get', { id }); s.counts.failed < 2; s = await t.ok('campaigns.get', { id })) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await t.ok('campaigns.get', { id })).state).toBe('sending');

    expect(await t.fails('campaigns.resendFailed', { id })).toMatchObject({ kind: 'conflict', code: 'campaign.notFinished' });

    // Once it has finished, the failed ones can be sent to again.
    await t.waitForState(id, ['partly_failed']);
    const again = await t.ok('campaigns.resendFailed', { id });
    expect(again.recipients).toBe(2);
  });
});
