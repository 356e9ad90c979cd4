// The inbox poller against the simulator and against a gateway that repeats and reshuffles pages: every text stored
// exactly once, the cursor moved only by a complete walk, offline backoff.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerError, type GatewayClient, type MosmsPage } from '../../../src-main/core/gateway';
import { EventBus } from '../../../src-main/core/events';
import { Conversations } from '../../../src-main/core/inbox/conversations';
import { InboundStore } from '../../../src-main/core/inbox/inbound-store';
import { InboxIntake } from '../../../src-main/core/inbox/intake';
import { InboxPoller } from '../../../src-main/core/sync/inbox-poller';
import { SyncStatus } from '../../../src-main/core/sync/sync-status';
import { quietLog, startWorld, type World } from './fixtures';

let w: World;
let status: SyncStatus;
let requests: { from: string; to: string; page: number }[];

function poller(gateway?: Pick<GatewayClient, 'listIncoming'>) {
  const store = new InboundStore(w.db);
  const intake = new InboxIntake({
    db: w.db,
    store,
    conversations: new Conversations(w.db, () => false),
    events: new EventBus(),
    settings: () => ({ optOutKeywords: ['STOP'], autoConfirmOptOut: false, optOutConfirmText: '' }),
    confirmOptOut: async () => undefined,
    currentMode: async () => 'sandbox',
    log: quietLog,
    now: w.now,
  });
  status = new SyncStatus(w.db, w.now);
  const real = gateway ?? w.gateway;
  return new InboxPoller({
    db: w.db,
    gateway: {
      listIncoming: (q, o) => {
        requests.push({ from: q.from, to: q.to, page: q.page ?? 1 });
        return real.listIncoming(q, o);
      },
    },
    receive: (t, list) => intake.receive(t.gateway, t.mode, 'poll', list),
    status,
    target: async () => ({ mode: 'sandbox', gateway: 'sandbox' }),
    intervalMs: () => 30_000,
    gatewayNow: async () => w.now(),
    log: quietLog,
    now: w.now,
  });
}

const inbound = (msisdn: number, message: string) => w.control('POST', '/_sim/inbound', { msisdn, receiver: 1204, message });
const stored = () => w.db.prepare('SELECT mosms_id, text FROM inbound_messages ORDER BY mosms_id').all() as { mosms_id: number; text: string }[];

beforeEach(async () => {
  w = await startWorld();
  requests = [];
});
afterEach(async () => {
  await w.close();
});

describe('inbox poller', () => {
  it('asks for the dates since the last complete poll, with a day of overlap, and reads every page of 200', async () => {
    const p = poller();
    for (let i = 0; i < 450; i++) await inbound(4530000000 + i, `m${i}`);
    const r = await p.runOnce();
    expect(r).toMatchObject({ requests: 3, received: 450, offline: false });
    expect(requests.map((q) => q.page)).toEqual([1, 2, 3]);
    expect(stored()).toHaveLength(450);
    const first = requests[0]!;
    // First poll: a month back.
    expect(Date.parse(first.to) - Date.parse(first.from)).toBeGreaterThan(29 * 86_400_000);

    requests = [];
    await w.sim.advance(3 * 86_400);
    await inbound(4530000000, 'three days later');
    await p.runOnce();
    const q = requests[0]!;
    const lastPollDay = new Date(w.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(q.from <= lastPollDay).toBe(true);
    expect(Date.parse(lastPollDay) - Date.parse(q.from)).toBeLessThanOrEqual(2 * 86_400_000);
    expect(stored()).toHaveLength(451);
  });

  it('a walk cut short by a failure is redone from the same dates, and nothing is stored twice', async () => {
    for (let i = 0; i < 300; i++) await inbound(4530000000 + i, `m${i}`);
    // Page 1 answers, page 2 fails: what page 1 held is kept, the cursor stays.
    let calls = 0;
    const flaky: Pick<GatewayClient, 'listIncoming'> = {
      listIncoming: async (q, o) => {
        if (++calls === 2) throw new ServerError('The gateway had a problem (503).', { maybeAccepted: false, status: 503 });
        return w.gateway.listIncoming(q, o);
      },
    };
    const flakyPoller = poller(flaky);
    const r1 = await flakyPoller.runOnce();
    expect(r1.offline).toBe(true);
    expect(stored()).toHaveLength(200);
    expect(flakyPoller.cursor('sandbox')).toBeNull();
    expect(status.get('inbox').offline).toBe(true);

    const p = poller();
    const r2 = await p.runOnce();
    expect(r2.offline).toBe(false);
    expect(stored()).toHaveLength(300);
    expect(new Set(stored().map((s) => s.mosms_id)).size).toBe(300);
    expect(p.cursor('sandbox')).not.toBeNull();
    expect(status.get('inbox')).toMatchObject({ offline: false, error: null });
  });

  it('stores each text once when pages repeat or shift while being read', async () => {
    const msgs = Array.from({ length: 5 }, (_, i) => ({
      mosms_id: 100 + i,
      msisdn: 4530000000 + i,
      receiver: 1204,
      message: `m${i}`,
      senttime: Math.floor(w.now() / 1000) - 60 + i,
    }));
    // Newest first, two per page; a new text arrives after page 1 is read, so page 2 repeats its last item,
    // and page 3 is sent twice by a confused proxy.
    const pages: MosmsPage[] = [
      { results: 5, pages: 3, per_page: 2, page: 1, messages: [msgs[4]!, msgs[3]!] },
      { results: 6, pages: 3, per_page: 2, page: 2, messages: [msgs[3]!, msgs[2]!] },
      { results: 6, pages: 3, per_page: 2, page: 3, messages: [msgs[1]!, msgs[0]!] },
    ];
    const fake: Pick<GatewayClient, 'listIncoming'> = {
      listIncoming: async (q) => pages[Math.min((q.page ?? 1) - 1, 2)]!,
    };
    const p = poller(fake);
    await p.runOnce();
    await p.runOnce();
    expect(stored().map((s) => s.mosms_id)).toEqual([100, 101, 102, 103, 104]);
  });

  it('takes a text that came by webhook and by poll only once', async () => {
    const store = new InboundStore(w.db);
    const m = { mosmsId: 7, msisdn: 4530000000, receiver: 1204, text: 'hi', sender: null, sentAt: w.now() };
    expect(store.addNew('sandbox', 'sandbox', 'webhook', [m], w.now())).toHaveLength(1);
    expect(store.addNew('sandbox', 'sandbox', 'poll', [m], w.now())).toHaveLength(0);
    // Another gateway numbers its texts independently.
    expect(store.addNew('default', 'live', 'poll', [m], w.now())).toHaveLength(1);
  });
});
