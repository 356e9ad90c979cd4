// A restore never texts anyone twice (issue 28.7), on both gateway interfaces: a backup taken while a campaign sends,
// the campaign finished after it, then the older backup restored. The campaign comes back paused with the backup's
// time as its reason, what was in flight is uncertain, and going on sends nothing: the simulator's ledger holds each
// number exactly once.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, numbers } from '../campaigns/helpers';
import { simCall } from '../core-calls';
import { closeLive, gatewaySim, hostWorld, wait, type GatewaySim, type HostWorld } from './helpers';

let w: HostWorld | null = null;
let g: GatewaySim | null = null;
afterEach(async () => {
  await closeLive(w, g);
  [w, g] = [null, null];
});

describe.each(['legacy', 'messaging'] as const)('a restore over the %s interface', (channel) => {
  it('brings back the campaign paused, sends nobody twice when it goes on, and says why', async () => {
    g = await gatewaySim();
    const { base, token, ledger } = g;
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [{ path: channel === 'legacy' ? '/rest/mtsms' : '/mobile/multi', method: 'POST', latency_ms: 800 }] });
    w = await hostWorld(undefined, undefined, undefined, { campaigns: { chunkSize: 2, batchSize: 3, retryBaseMs: 100, retryMaxMs: 400 } });
    await g.use(w.calls);

    const { id } = await w.calls.ok('campaigns.create', {});
    await w.calls.ok('campaigns.saveDraft', { id, draft: draft({ channel, recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(7000, 24) } }) });
    await w.calls.ok('campaigns.send', { id, liveAcknowledged: true });
    // Slow answers keep the campaign sending while the backup's thread starts and copies (seconds on a busy machine).
    const until = Date.now() + 45_000;
    while ((await w.calls.ok('campaigns.get', { id })).counts.accepted < 6 && Date.now() < until) await wait(10);

    // Mid-campaign: the backup.
    w.clock.now += 60_000;
    const backup = await w.calls.ok('backup.now', {});
    // Sending goes on to the end after it.
    let c = await w.calls.ok('campaigns.get', { id });
    while (c.state !== 'sent' && Date.now() < until) {
      await wait(30);
      c = await w.calls.ok('campaigns.get', { id });
    }
    expect(c.state).toBe('sent');
    expect(await ledger()).toHaveLength(24);

    w.clock.now += 60_000;
    const r = await w.calls.ok('backup.restore', { id: backup.id });
    expect(r.pausedCampaigns).toBe(1);
    await w.settled();

    const restored = await w.calls.ok('campaigns.get', { id });
    expect(restored.state).toBe('paused');
    expect(restored.lastErrorCode).toEqual({ code: 'backup.restoredCheck', params: { at: backup.takenAt } });
    // Going on: the pollers and the outbox run, and nothing goes out again.
    await wait(1500);
    const after = await ledger();
    expect(after).toHaveLength(24);
    const perNumber = new Map<number, number>();
    for (const e of after) perNumber.set(e.recipient, (perNumber.get(e.recipient) ?? 0) + 1);
    expect([...perNumber.values()].filter((n) => n > 1)).toEqual([]);
    expect((await w.calls.ok('campaigns.get', { id })).state).toBe('paused');
  });
});
