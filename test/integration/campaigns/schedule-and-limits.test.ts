// Scheduling at the gateway (sendtime, cancel with DELETE), SMS/RCS through /mobile/multi, pause and resume, and the
// user's limits (quiet hours, rate, daily cap, max parts, campaign cap) against the sandbox simulator.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, dkNumber, startTestCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const numbers = (from: number, n: number) => Array.from({ length: n }, (_, i) => `+${dkNumber(from + i)}`);
const recipients = (from: number, n: number) => ({ contactIds: [], groupIds: [], searches: [], numbers: numbers(from, n) });

function hhmm(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

describe('scheduling', () => {
  it('hands the send time to the gateway at once, and cancel deletes the scheduled messages there', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ sendAt, recipients: recipients(600, 3) }) });
    await t.ok('campaigns.send', { id });
    const scheduled = await t.waitForState(id, ['scheduled']);
    expect(scheduled.scheduledAtGateway).toBe(true);
    expect(scheduled.frozenAt).not.toBeNull();
    expect(scheduled.counts).toMatchObject({ accepted: 3, queued: 0 });
    const ledger = (await t.ledger()).filter((e) => e.interface === 'legacy');
    expect(ledger).toHaveLength(3);
    expect(new Set(ledger.map((e) => e.status))).toEqual(new Set(['SCHEDULED']));
    const gatewayIds = [...new Set(ledger.map((e) => e.id))];
    expect(gatewayIds).toHaveLength(2);

    // Frozen: the draft cannot change any more.
    const refused = await t.fails('campaigns.saveDraft', { id, draft: draft({ text: 'changed' }) });
    expect(refused.kind).toBe('conflict');
    // Paused it cannot be: it is at the gateway.
    expect((await t.fails('campaigns.pause', { id })).kind).toBe('conflict');

    const cancelled = await t.ok('campaigns.cancel', { id });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.counts).toMatchObject({ cancelled: 3, accepted: 0 });
    expect(cancelled.delivery.cancelled).toBe(3);
    const after = (await t.ledger()).filter((e) => e.interface === 'legacy');
    expect(new Set(after.map((e) => e.status))).toEqual(new Set(['DELETED']));
  });

  it('holds an SMS/RCS campaign here until its time (no gateway scheduling there)', async () => {
    t = await startTestCore();
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ channel: 'messaging', sendAt: new Date(Date.now() + 3600_000).toISOString(), recipients: recipients(650, 2) }) });
    const s = await t.ok('campaigns.send', { id });
    expect(s.state).toBe('scheduled');
    expect(s.scheduledAtGateway).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.ledger()).toHaveLength(0);
    expect((await t.ok('campaigns.cancel', { id })).state).toBe('cancelled');
  });
});

describe('SMS/RCS through /mobile/multi', () => {
  it('sends each recipient its own text with a reference naming campaign and recipient', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', {
      id,
      draft: draft({ channel: 'messaging', text: 'Your number {phone} 😀', recipients: recipients(700, 3) }),
    });
    await t.ok('campaigns.send', { id });
    const done = await t.waitForState(id, ['sent']);
    expect(done.counts).toMatchObject({ accepted: 3 });
    const ledger = (await t.ledger()).filter((e) => e.interface === 'messaging');
    expect(ledger.map((e) => e.text).sort()).toEqual([
      'Your number +4520000700 😀',
      'Your number +4520000701 😀',
      'Your number +4520000702 😀',
    ]);
    const rows = await t.ok('campaigns.recipients', { id });
    expect(rows.rows.every((r) => r.status === 'sent')).toBe(true);
  });
});

describe('pause and resume', () => {
  it('stops after the request in flight and continues with the rest', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 1 } });
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', latency_ms: 100 }] });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: recipients(800, 8) }) });
    await t.ok('campaigns.send', { id });
    await new Promise((r) => setTimeout(r, 250));
    const paused = await t.ok('campaigns.pause', { id });
    expect(paused.state).toBe('paused');
    await new Promise((r) => setTimeout(r, 400));
    const still = await t.ok('campaigns.get', { id });
    expect(still.state).toBe('paused');
    const sentWhilePaused = still.counts.accepted;
    expect(sentWhilePaused).toBeGreaterThan(0);
    expect(sentWhilePaused).toBeLessThan(8);
    expect((await t.ledger()).length).toBe(sentWhilePaused);
    await t.ok('campaigns.resume', { id });
    const done = await t.waitForState(id, ['sent']);
    expect(done.counts.accepted).toBe(8);
    expect(await t.ledger()).toHaveLength(8);
  });
});

describe('limits', () => {
  it('waits through quiet hours instead of sending', async () => {
    t = await startTestCore();
    const now = Date.now();
    await t.ok('settings.update', {
      sendingLimits: { campaignCap: null, dailyCap: null, maxParts: null, quietHours: { from: hhmm(now - 3600_000), to: hhmm(now + 3600_000) }, messagesPerMinute: null },
    });
    const { id } = await t.ok('campaigns.create', {});
    const d = draft({ recipients: recipients(900, 2) });
    await t.ok('campaigns.saveDraft', { id, draft: d });
    const preview = await t.ok('compose.preview', { draft: d });
    expect(preview.limits.quietNow).toBe(true);
    await t.ok('campaigns.send', { id });
    const waiting = await t.waitForState(id, ['waiting']);
    expect(waiting.waitingReason).toBe('quiet_hours');
    expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThan(now + 3000_000);
    expect(await t.ledger()).toHaveLength(0);
  });

  it('keeps to the messages-per-minute rate', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 1000 } });
    await t.ok('settings.update', { sendingLimits: { campaignCap: null, dailyCap: null, maxParts: null, quietHours: null, messagesPerMinute: 120 } });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: recipients(950, 240) }) });
    const started = Date.now();
    await t.ok('campaigns.send', { id });
    const waiting = await t.waitForState(id, ['waiting']);
    expect(waiting.waitingReason).toBe('rate');
    expect(waiting.counts.accepted).toBe(120);
    // The second minute's worth goes out a minute later, not now.
    expect(Date.parse(waiting.nextAttemptAt!) - started).toBeGreaterThan(55_000);
    expect(await t.ledger()).toHaveLength(120);
  });

  it('sends what the daily cap allows and waits for tomorrow with the rest', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 1000 } });
    await t.ok('pricing.status', { refresh: true });
    await t.ok('settings.update', { sendingLimits: { campaignCap: null, dailyCap: 0.5, maxParts: null, quietHours: null, messagesPerMinute: null } });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: recipients(1200, 6) }) });
    await t.ok('campaigns.send', { id });
    const waiting = await t.waitForState(id, ['waiting']);
    expect(waiting.waitingReason).toBe('daily_cap');
    // 0.13 DKK each: three fit in 0.50.
    expect(waiting.counts.accepted).toBe(3);
    expect(await t.ledger()).toHaveLength(3);
  });

  it('refuses a send over the campaign cap or the max-parts cap before anything goes out', async () => {
    t = await startTestCore();
    await t.ok('pricing.status', { refresh: true });
    await t.ok('settings.update', { sendingLimits: { campaignCap: 0.2, dailyCap: null, maxParts: 1, quietHours: null, messagesPerMinute: null } });
    const { id } = await t.ok('campaigns.create', {});
    const d = draft({ text: 'x'.repeat(200), recipients: recipients(1300, 3) });
    await t.ok('campaigns.saveDraft', { id, draft: d });
    const preview = await t.ok('compose.preview', { draft: d });
    expect(preview.canSend).toBe(false);
    expect(preview.problems.map((p) => p.code)).toEqual(expect.arrayContaining(['campaign_cap', 'max_parts']));
    expect(preview.limits.overMaxParts).toBe(3);
    const refused = await t.fails('campaigns.send', { id });
    expect(refused.kind).toBe('validation');
    expect((await t.ok('campaigns.get', { id })).state).toBe('draft');
    expect(await t.ledger()).toHaveLength(0);
  });
});
