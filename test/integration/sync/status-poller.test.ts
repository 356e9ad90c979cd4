// The status poller against the simulator: final statuses, 404 before archive, out-of-order reports, expiry, restart,
// offline backoff, requests in flight, and messages it must not ask about.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../src-main/core/gateway';
import { StatusPoller } from '../../../src-main/core/sync/status-poller';
import { StatusStore, type AppliedChange } from '../../../src-main/core/sync/status-store';
import { SyncStatus } from '../../../src-main/core/sync/sync-status';
import { GAVE_UP_ERROR } from '../../../src-main/core/sync/status-updates';
import { createWriteGate, type WriteGate } from '../../../src-main/core/db/write-gate';
import { loopTurns } from '../loop-turns';
import { insertCampaign, quietLog, recipientStatuses, recordAccepted, sendLegacy, startWorld, watched, type World } from './fixtures';

let w: World;
let heard: AppliedChange[][];
let status: SyncStatus;

function poller(opts: { gateway?: Pick<GatewayClient, 'getMtsms'>; mode?: 'sandbox' | 'live'; currentMode?: () => Promise<'sandbox' | 'live'>; writes?: WriteGate } = {}) {
  status = new SyncStatus(w.db, w.now);
  return new StatusPoller({
    store: new StatusStore(w.db),
    gateway: opts.gateway ?? w.gateway,
    status,
    currentMode: opts.currentMode ?? (async () => opts.mode ?? 'sandbox'),
    ...(opts.writes ? { writes: opts.writes } : {}),
    onChanges: (c) => heard.push(c),
    log: quietLog,
    now: w.now,
  });
}

beforeEach(async () => {
  w = await startWorld();
  heard = [];
});
afterEach(async () => {
  await w.close();
});

const N = (tail: string) => Number(`45123456${tail}`);

describe('status poller', () => {
  it('plans its round for the earliest message due when woken, instead of looking at once', async () => {
    const p = poller();
    p.start();
    await p.runOnce();
    try {
      // Woken with nothing watched: the plan stays as it was.
      const before = status.get('statuses').nextAt;
      p.wake();
      expect(status.get('statuses').nextAt).toBe(before);
      // A message just sent is first due 10 s after it was accepted (the fixture's first delay).
      const sent = await sendLegacy(w, [N('71')]);
      p.wake();
      const due = (watched(w.db, sent.gatewayId) as { next_poll_at: string }).next_poll_at;
      expect(Date.parse(due)).toBeGreaterThan(w.now());
      expect(status.get('statuses').nextAt).toBe(due);
    } finally {
      await p.stop();
    }
  });

  it('learns every recipient of a message with one request and stops watching once all are final', async () => {
    const p = poller();
    const sent = await sendLegacy(w, [N('71'), N('70'), N('92'), N('99'), N('81')]);
    await w.sim.advance(10);
    const round = await p.runOnce();
    expect(round).toMatchObject({ requests: 1, offline: false });
    const st = recipientStatuses(w.db, sent.campaignId);
    expect(st[N('71')]).toMatchObject({ status: 'delivered', gateway_status: 'DELIVERED', status_error: null });
    expect(st[N('81')]).toMatchObject({ status: 'delivered' });
    expect(st[N('70')]).toMatchObject({ status: 'failed', gateway_status: 'UNDELIVERABLE' });
    expect(st[N('70')]!.status_error).toContain('0x1420');
    expect(st[N('92')]).toMatchObject({ status: 'failed', gateway_status: 'REJECTED' });
    expect(st[N('99')]).toMatchObject({ status: 'failed', gateway_status: 'SKIPPED' });
    expect(watched(w.db, sent.gatewayId)).toMatchObject({ polls: 1, done: 1, next_poll_at: null });
    expect(heard.flat()).toHaveLength(5);
    expect(status.get('statuses')).toMatchObject({ offline: false, error: null });
    expect(status.get('statuses').lastSuccessAt).not.toBeNull();

    await w.sim.advance(3600);
    expect((await p.runOnce()).requests).toBe(0);
  });

  it('treats 404 before the message reached long-term storage as normal and looks again later', async () => {
    const p = poller();
    const sent = await sendLegacy(w, [N('71')]);
    const early = await p.runOnce({ campaignId: sent.campaignId, force: true });
    expect(early).toMatchObject({ requests: 1, offline: false });
    expect(recipientStatuses(w.db, sent.campaignId)[N('71')]!.status).toBe('pending');
    const after404 = watched(w.db, sent.gatewayId);
    expect(after404).toMatchObject({ polls: 1, done: 0 });
    expect(Date.parse(after404.next_poll_at!)).toBeGreaterThan(w.now());
    expect(status.get('statuses').offline).toBe(false);

    await w.sim.advance(10);
    await p.runOnce();
    expect(recipientStatuses(w.db, sent.campaignId)[N('71')]!.status).toBe('delivered');
    expect(watched(w.db, sent.gatewayId)).toMatchObject({ polls: 2, done: 1 });
  });

  it('never lets a late transient report replace a final status', async () => {
    const p = poller();
    // ...95 reports DELIVERED at 2 s and then an older ENROUTE at 3 s; ...96 stays BUFFERED for a minute,
    // which keeps the message open so the late report is seen.
    const sent = await sendLegacy(w, [N('95'), N('96')]);
    await w.sim.advance(2.5);
    await p.runOnce({ campaignId: sent.campaignId, force: true });
    expect(recipientStatuses(w.db, sent.campaignId)[N('95')]!.status).toBe('delivered');
    expect(recipientStatuses(w.db, sent.campaignId)[N('96')]).toMatchObject({ status: 'sent', gateway_status: 'BUFFERED' });

    await w.sim.advance(10);
    const ledger = await w.control<{ messages: { recipient: number; status: string }[] }>('GET', '/_sim/ledger');
    expect(ledger.messages.find((m) => m.recipient === N('95'))).toBeDefined();
    await p.runOnce();
    expect(recipientStatuses(w.db, sent.campaignId)[N('95')]).toMatchObject({ status: 'delivered', gateway_status: 'DELIVERED' });

    await w.sim.advance(60);
    await p.runOnce();
    expect(recipientStatuses(w.db, sent.campaignId)[N('96')]!.status).toBe('delivered');
    expect(watched(w.db, sent.gatewayId).done).toBe(1);
    const events = w.db
      .prepare('SELECT r.msisdn, e.status FROM status_events e JOIN campaign_recipients r ON r.id = e.recipient_id ORDER BY e.id')
      .all() as { msisdn: number; status: string }[];
    expect(events.filter((e) => e.msisdn === N('95')).map((e) => e.status)).toEqual(['delivered']);
    expect(events.filter((e) => e.msisdn === N('96')).map((e) => e.status)).toEqual(['sent', 'delivered']);
  });

  it('stops at expiry plus margin: expired ones are final, the rest become unknown', async () => {
    const p = poller();
    const sent = await sendLegacy(w, [N('91'), N('93'), N('94')], { validityS: 60 });
    await w.sim.advance(10);
    await p.runOnce();
    let st = recipientStatuses(w.db, sent.campaignId);
    expect(st[N('91')]!.status).toBe('expired');
    expect(st[N('93')]!.status).toBe('sent');
    expect(st[N('94')]!.status).toBe('unknown');
    expect(watched(w.db, sent.gatewayId).done).toBe(0);

    // Due looks in between find nothing new; the one after the deadline ends the watch.
    for (let i = 0; i < 6; i++) {
      await w.sim.advance(200);
      await p.runOnce();
    }
    st = recipientStatuses(w.db, sent.campaignId);
    expect(st[N('93')]).toMatchObject({ status: 'expired', gateway_status: 'EXPIRED' });
    expect(st[N('94')]).toMatchObject({ status: 'unknown' });
    const g = watched(w.db, sent.gatewayId);
    expect(g.done).toBe(1);
    expect(g.polls).toBeLessThanOrEqual(5);
  });

  it('marks recipients without any final report unknown, with the reason', async () => {
    const p = poller();
    // An accepted message the gateway has never heard of: every look is a 404 until the deadline.
    const campaignId = insertCampaign(w.db, { at: w.now() });
    recordAccepted(w.db, { campaignId, gatewayId: '999999', msisdns: [N('71')], sendAt: w.now(), validityS: 60 });
    for (let i = 0; i < 8; i++) {
      await w.sim.advance(200);
      await p.runOnce();
    }
    expect(recipientStatuses(w.db, campaignId)[N('71')]).toMatchObject({ status: 'unknown', status_error: GAVE_UP_ERROR });
    expect(watched(w.db, '999999').done).toBe(1);
  });

  it('a restart in the middle of a request loses nothing and writes nothing twice', async () => {
    const sent = await sendLegacy(w, [N('71'), N('70')]);
    await w.sim.advance(10);
    await w.control('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms/*', method: 'GET', latency_ms: 3000, count: 1 }] });
    const first = poller();
    first.start();
    await new Promise((r) => setTimeout(r, 300));
    await first.stop();
    expect(watched(w.db, sent.gatewayId)).toMatchObject({ polls: 0, done: 0 });
    expect(recipientStatuses(w.db, sent.campaignId)[N('71')]!.status).toBe('pending');

    const second = poller();
    await second.runOnce();
    await second.runOnce();
    expect(recipientStatuses(w.db, sent.campaignId)[N('71')]!.status).toBe('delivered');
    expect(recipientStatuses(w.db, sent.campaignId)[N('70')]!.status).toBe('failed');
    expect(watched(w.db, sent.gatewayId)).toMatchObject({ polls: 1, done: 1 });
    const n = (w.db.prepare('SELECT COUNT(*) AS n FROM status_events WHERE campaign_id = ?').get(sent.campaignId) as { n: number }).n;
    expect(n).toBe(2);
  });

  it('backs off while the gateway is unreachable and catches up afterwards', async () => {
    const p = poller();
    const a = await sendLegacy(w, [N('71')]);
    const b = await sendLegacy(w, [N('81')]);
    await w.sim.advance(10);
    await w.control('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms/*', status: 503 }] });
    const down = await p.runOnce();
    expect(down.offline).toBe(true);
    // It stops at the first sign of trouble instead of trying every message.
    expect(down.requests).toBeLessThanOrEqual(3);
    expect(status.get('statuses')).toMatchObject({ offline: true });
    expect(status.get('statuses').error).toBeTruthy();
    expect(watched(w.db, a.gatewayId).polls).toBe(0);

    await w.control('PUT', '/_sim/faults', { rules: [] });
    const up = await p.runOnce();
    expect(up).toMatchObject({ offline: false, requests: 2 });
    expect(recipientStatuses(w.db, a.campaignId)[N('71')]!.status).toBe('delivered');
    expect(recipientStatuses(w.db, b.campaignId)[N('81')]!.status).toBe('delivered');
    expect(status.get('statuses')).toMatchObject({ offline: false, error: null });
  });

  it('keeps at most three requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const counting: Pick<GatewayClient, 'getMtsms'> = {
      getMtsms: async (id, o) => {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          await new Promise((r) => setTimeout(r, 50));
          return await w.gateway.getMtsms(id, o);
        } finally {
          inFlight--;
        }
      },
    };
    const p = poller({ gateway: counting });
    for (let i = 0; i < 8; i++) await sendLegacy(w, [N(`7${i}`.slice(0, 2)) + i * 100]);
    await w.sim.advance(10);
    const r = await p.runOnce();
    expect(r.requests).toBe(8);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
  });

  it('does not ask about messaging-interface sends or the other mode, and closes them at their deadline', async () => {
    const p = poller({ mode: 'sandbox' });
    const mc = insertCampaign(w.db, { channel: 'messaging', at: w.now() });
    recordAccepted(w.db, { campaignId: mc, gatewayId: '01JMSGID', msisdns: [N('71')], sendAt: w.now(), validityS: 60, iface: 'messaging' });
    const live = insertCampaign(w.db, { mode: 'live', at: w.now() });
    recordAccepted(w.db, { campaignId: live, gatewayId: '424242', msisdns: [N('81')], sendAt: w.now(), validityS: 60 });
    await w.sim.advance(10);
    expect((await p.runOnce()).requests).toBe(0);
    expect(watched(w.db, '01JMSGID').done).toBe(0);
    expect(watched(w.db, '424242').done).toBe(0);
    await w.sim.advance(2000);
    expect((await p.runOnce()).requests).toBe(0);
    expect(recipientStatuses(w.db, mc)[N('71')]!.status).toBe('unknown');
    expect(recipientStatuses(w.db, live)[N('81')]!.status).toBe('unknown');
    expect(watched(w.db, '01JMSGID').done).toBe(1);
  });

  it('writes with the write gate claimed when its mode came on a later turn (a keychain read), after a save that began meanwhile', async () => {
    const gate = createWriteGate();
    let modeNow: () => void = () => undefined;
    const mode = new Promise<void>((resolve) => (modeNow = resolve));
    const p = poller({ writes: gate, currentMode: async () => (await mode, 'sandbox') });
    const mc = insertCampaign(w.db, { channel: 'messaging', at: w.now() });
    recordAccepted(w.db, { campaignId: mc, gatewayId: '01JMSGID', msisdns: [N('71')], sendAt: w.now(), validityS: 60, iface: 'messaging' });
    await w.sim.advance(2000);
    // Every write on the connection notes whether a claim stood (a function the trigger calls per row).
    const claimedAtWrite: boolean[] = [];
    w.db.function('probe_claim', () => (claimedAtWrite.push(gate.claimed), 0));
    w.db.exec('CREATE TEMP TRIGGER probe_watch AFTER UPDATE ON main.gateway_messages BEGIN SELECT probe_claim(); END');
    const round = p.runOnce();
    // The round waits for its mode; an import's save begins meanwhile.
    await loopTurns(3, 20);
    const release = gate.hold();
    try {
      modeNow();
      await loopTurns(10, 100);
      // Past its deadline, the message would be closed now: it waits for the save instead.
      expect(watched(w.db, '01JMSGID').done).toBe(0);
    } finally {
      release();
    }
    await round;
    expect(watched(w.db, '01JMSGID').done).toBe(1);
    expect(claimedAtWrite.length).toBeGreaterThan(0);
    expect(claimedAtWrite.every(Boolean)).toBe(true);
  });
});
