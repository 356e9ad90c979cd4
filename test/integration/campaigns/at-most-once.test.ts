// At most once against the simulator's fault injection: a lost answer after acceptance leaves one ledger entry and an
// uncertain chunk that is never resent by itself; a refused connection waits and then sends once; a restart
// continues after the last committed chunk.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { draft, dkNumber, freePort, numbers, simCall, startTestCore, tempDir, type TestCore } from './helpers';

let t: TestCore | null = null;
let sim: Simulator | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});


function countBy<T>(xs: T[], key: (x: T) => number): Map<number, number> {
  const m = new Map<number, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

describe('a request whose answer is lost', () => {
  it('leaves exactly one ledger entry per recipient and an uncertain chunk that is not resent', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, drop: 'after' }] });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(100, 6) } }) });
    await t.ok('campaigns.send', { id });
    const done = await t.waitForState(id, ['partly_failed']);
    expect(done.counts).toMatchObject({ accepted: 4, uncertain: 2, queued: 0, inFlight: 0 });

    const ledger = (await t.ledger()).filter((e) => e.interface === 'legacy');
    const perRecipient = countBy(ledger, (e) => e.recipient);
    expect(perRecipient.size).toBe(6);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);

    const detail = await t.ok('campaigns.get', { id });
    expect(detail.uncertainChunks).toHaveLength(1);
    expect(detail.uncertainChunks[0]).toMatchObject({ seq: 1, recipients: 2 });
    const uncertain = await t.ok('campaigns.recipients', { id, filter: 'uncertain' });
    expect(uncertain.rows.map((r) => r.msisdn)).toEqual([dkNumber(100), dkNumber(101)]);

    // Nothing is resent by itself, however long we wait.
    await new Promise((r) => setTimeout(r, 600));
    expect((await t.ledger()).filter((e) => e.interface === 'legacy')).toHaveLength(6);

    // "Don't resend" settles the campaign without a request.
    const after = await t.ok('campaigns.resolveUncertain', { id, action: 'dismiss' });
    expect(after.state).toBe('sent');
    expect(after.counts).toMatchObject({ uncertain: 0, dismissed: 2 });
    expect((await t.ledger()).filter((e) => e.interface === 'legacy')).toHaveLength(6);
  });

  it('resends the uncertain recipients only when the user asks', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 3 } });
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, drop: 'after' }] });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(200, 3) } }) });
    await t.ok('campaigns.send', { id });
    await t.waitForState(id, ['failed']);
    await t.ok('campaigns.resolveUncertain', { id, action: 'resend' });
    const done = await t.waitForState(id, ['sent']);
    expect(done.counts).toMatchObject({ accepted: 3, uncertain: 0 });
    // The user chose to resend: the lost request had gone through, so each number now has it twice.
    const perRecipient = countBy((await t.ledger()).filter((e) => e.interface === 'legacy'), (e) => e.recipient);
    expect([...perRecipient.values()]).toEqual([2, 2, 2]);
  });

  it('marks a refused request (validation) as failed without retrying it', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, status: 400 }] });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(300, 4) } }) });
    await t.ok('campaigns.send', { id });
    const done = await t.waitForState(id, ['partly_failed']);
    expect(done.counts).toMatchObject({ accepted: 2, failed: 2 });
    const detail = await t.ok('campaigns.get', { id });
    expect(detail.failures).toHaveLength(1);
    expect(detail.failures[0]!.count).toBe(2);
    const again = await t.ok('campaigns.resendFailed', { id });
    expect(again.recipients).toBe(2);
    const copy = await t.ok('campaigns.get', { id: again.id });
    expect(copy.state).toBe('draft');
    expect(copy.draft.recipients.numbers).toEqual([`+${dkNumber(300)}`, `+${dkNumber(301)}`]);
    expect(copy.duplicatedFrom).toBe(id);
  });
});

describe('offline', () => {
  it('prices a draft from the cached list, waits for the connection, then sends once by itself', async () => {
    const port = await freePort();
    const token = 'live-token-123456';
    sim = await startSimulator({ port, token, log: () => undefined });
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const base = `http://127.0.0.1:${port}`;
    await t.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
    await t.ok('settings.setToken', { platform: 'default', token });
    await t.ok('pricing.status', { refresh: true });
    await t.ok('account.balance', { refresh: true });
    await sim.close();
    sim = null;

    // The line is down from here on: draft, preview and send all work.
    const { id } = await t.ok('campaigns.create', {});
    const d = draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(400, 5) } });
    await t.ok('campaigns.saveDraft', { id, draft: d });
    const preview = await t.ok('compose.preview', { draft: d });
    expect(preview.priceBook.mode).toBe('live');
    expect(preview.priceBook.fetchedAt).not.toBeNull();
    expect(preview.cost?.total).toBeCloseTo(5 * 0.13, 4);
    expect(preview.canSend).toBe(true);
    const status = await t.ok('pricing.status', { refresh: true });
    expect(status.error).toMatch(/.+/);
    expect(status.fetchedAt).toBe(preview.priceBook.fetchedAt);

    await t.ok('campaigns.send', { id, liveAcknowledged: true });
    const waiting = await t.waitForState(id, ['waiting']);
    expect(waiting.waitingReason).toBe('offline');
    expect(waiting.counts).toMatchObject({ queued: 5, inFlight: 0, uncertain: 0 });
    await new Promise((r) => setTimeout(r, 800));

    sim = await startSimulator({ port, token, log: () => undefined });
    const done = await t.waitForState(id, ['sent'], 20_000);
    expect(done.counts).toMatchObject({ accepted: 5, uncertain: 0 });
    const ledger = ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: { recipient: number }[] }).messages;
    expect(ledger).toHaveLength(5);
    expect(new Set(ledger.map((e) => e.recipient)).size).toBe(5);
  });
});

describe('a restart mid-campaign', () => {
  it('continues after the last committed chunk with no duplicates', async () => {
    const dataDir = tempDir();
    t = await startTestCore({ dataDir, campaigns: { chunkSize: 2 } });
    // Ten requests of half a second: the campaign is still sending when the test sees its fourth recipient accepted,
    // also on a loaded machine where each look takes a while (with 150 ms it had finished by then).
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', latency_ms: 500 }] });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(500, 20) } }) });
    await t.ok('campaigns.send', { id });
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const s = await t.ok('campaigns.get', { id });
      if (s.counts.accepted >= 4) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await t.close({ keepData: true });
    const second = await startTestCore({ dataDir, campaigns: { chunkSize: 2 } });
    t = second;
    const { accepted } = (await second.ok('campaigns.get', { id })).counts;
    expect(accepted).toBeGreaterThanOrEqual(4);
    expect(accepted).toBeLessThan(20);
    const done = await second.waitForState(id, ['sent'], 30_000);
    expect(done.counts).toMatchObject({ accepted: 20, uncertain: 0 });
    const ledger = (await second.ledger()).filter((e) => e.interface === 'legacy');
    const perRecipient = countBy(ledger, (e) => e.recipient);
    expect(perRecipient.size).toBe(20);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('refusals the user has to fix', () => {
  it('pauses on too little credit, keeps every recipient queued, and sends once after resume', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    await t.sim('PUT', '/_sim/account', { credit: 0, currency: 'DKK' });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(1500, 4) } }) });
    await t.ok('campaigns.send', { id });
    const paused = await t.waitForState(id, ['paused']);
    expect(paused.lastError).toMatch(/credit/i);
    // With its code, so the UI can say it in the shop owner's language.
    expect(paused.lastErrorCode).toEqual({ code: 'gateway.insufficientCredit' });
    expect(paused.counts).toMatchObject({ queued: 4, inFlight: 0, uncertain: 0, accepted: 0 });
    expect(await t.ledger()).toHaveLength(0);
    await t.sim('PUT', '/_sim/account', { credit: 1000, currency: 'DKK' });
    await t.ok('campaigns.resume', { id });
    const done = await t.waitForState(id, ['sent']);
    expect(done.lastError).toBeNull();
    expect(done.lastErrorCode).toBeNull();
    expect(await t.ledger()).toHaveLength(4);
  });

  it('pauses when the gateway refuses the token, and resumes once the right one is set', async () => {
    const port = await freePort();
    const token = 'right-token-123456';
    sim = await startSimulator({ port, token, log: () => undefined });
    t = await startTestCore();
    const base = `http://127.0.0.1:${port}`;
    await t.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
    await t.ok('settings.setToken', { platform: 'default', token: 'wrong-token-123456' });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(1600, 3) } }) });
    await t.ok('campaigns.send', { id, liveAcknowledged: true });
    const paused = await t.waitForState(id, ['paused']);
    expect(paused.lastError).toMatch(/token/i);
    expect(paused.lastErrorCode).toMatchObject({ code: 'gateway.tokenRefused' });
    expect(paused.counts).toMatchObject({ queued: 3, uncertain: 0 });
    await t.ok('settings.setToken', { platform: 'default', token });
    await t.ok('campaigns.resume', { id });
    await t.waitForState(id, ['sent']);
    const ledger = ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: unknown[] }).messages;
    expect(ledger).toHaveLength(3);
  });
});
