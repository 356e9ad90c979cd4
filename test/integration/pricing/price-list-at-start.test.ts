// The price list is there before Compose asks: fetched when the core starts (the first preview waits for it rather
// than saying there is none), looked at every hour and fetched again once a day old, fetched again when the
// connection switches between Sandbox and live, and kept (with the reason) when the gateway cannot be reached.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { PRICE_CHECK_INTERVAL_MS, type Every } from '../../../src-main/core/pricing/price-schedule';
import { PRICE_LIST_MAX_AGE_MS } from '../../../src-main/core/pricing/price-book';
import { draft, perTest, simCall, startTestCore, type TestCore } from '../campaigns/helpers';

const LIVE_TOKEN = 'live-prices-token-0123456789';
const PRICE_ROUTE = 'GET /api/prices/list/sms/:format';
const t = perTest();
let live: Simulator | null = null;
afterEach(async () => {
  await t.after();
  await live?.close();
  live = null;
});

/** A clock the test moves and an hourly timer it fires, in place of waiting a day. */
function fakeTime() {
  const clock = { now: Date.UTC(2030, 0, 7, 9) };
  const ticks: { ms: number; fn: () => void }[] = [];
  const every: Every = (ms, fn) => {
    const tick = { ms, fn };
    ticks.push(tick);
    return () => ticks.splice(ticks.indexOf(tick), 1);
  };
  return { clock, ticks, pricing: { now: () => clock.now, every } };
}

async function priceRequests(base: string, token: string): Promise<number> {
  const s = (await simCall(base, token, 'GET', '/_sim/stats')) as { requests: Record<string, number> };
  return s.requests[PRICE_ROUTE] ?? 0;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

const oneDanishNumber = draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: ['+4520000001'] } });

async function goLive(c: TestCore, sim: Simulator): Promise<void> {
  await c.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
  await c.ok('settings.setToken', { platform: 'default', token: LIVE_TOKEN });
}

describe('the price list at start', () => {
  it('is fetched when a fresh core starts, so the very first preview shows the cost from it', async () => {
    const c = await t.core({ dataDir: t.dir('besked-prices-') });
    const preview = await c.ok('compose.preview', { draft: oneDanishNumber });
    expect(preview.cost).toMatchObject({ currency: 'DKK', total: 0.13, unpriced: 0 });
    expect(preview.priceBook).toMatchObject({ mode: 'sandbox', stale: false, error: null });
    expect(preview.priceBook.fetchedAt).not.toBeNull();
    expect(preview.problems.map((p) => p.code)).not.toContain('no_price');
  });

  it('is looked at every hour and fetched again once it is a day old', async () => {
    const time = fakeTime();
    const c = await t.core({ pricing: time.pricing });
    const first = await until('the list at start', () => c.ok('pricing.status', {}), (s) => s.fetchedAt !== null);
    expect(first.fetchedAt).toBe(new Date(time.clock.now).toISOString());
    expect(time.ticks.map((x) => x.ms)).toEqual([PRICE_CHECK_INTERVAL_MS]);
    const target = await c.core.connection.target();
    expect(await priceRequests(target.legacyUrl, target.token)).toBe(1);

    // An hour on: still fresh, nothing is asked.
    time.clock.now += PRICE_CHECK_INTERVAL_MS;
    time.ticks[0]!.fn();
    await new Promise((r) => setTimeout(r, 100));
    expect((await c.ok('pricing.status', {})).fetchedAt).toBe(first.fetchedAt);
    expect(await priceRequests(target.legacyUrl, target.token)).toBe(1);

    // A day old at the next look: fetched again.
    time.clock.now += PRICE_LIST_MAX_AGE_MS;
    time.ticks[0]!.fn();
    const again = await until('the daily refresh', () => c.ok('pricing.status', {}), (s) => s.fetchedAt === new Date(time.clock.now).toISOString());
    expect(again).toMatchObject({ stale: false, error: null });
    expect(await priceRequests(target.legacyUrl, target.token)).toBe(2);
  });

  it('is fetched again when the connection switches to live and back to Sandbox', async () => {
    const time = fakeTime();
    live = await startSimulator({ port: 0, token: LIVE_TOKEN, log: () => {} });
    const c = await t.core({ pricing: time.pricing });
    const sandbox = await until('the Sandbox list', () => c.ok('pricing.status', {}), (s) => s.fetchedAt !== null);
    expect(await priceRequests(live.url, LIVE_TOKEN)).toBe(0);

    time.clock.now += 60_000;
    await goLive(c, live);
    const liveList = await until('the live list', () => c.ok('pricing.status', {}), (s) => s.mode === 'live' && s.fetchedAt !== null);
    expect(liveList.fetchedAt).toBe(new Date(time.clock.now).toISOString());
    expect(await priceRequests(live.url, LIVE_TOKEN)).toBe(1);
    expect((await c.ok('compose.preview', { draft: oneDanishNumber })).cost?.total).toBe(0.13);

    // Back to Sandbox (the token removed): its list is a minute old, and fetched again all the same.
    time.clock.now += 60_000;
    await c.ok('settings.clearToken', { platform: 'default' });
    const back = await until('the Sandbox list again', () => c.ok('pricing.status', {}), (s) => s.mode === 'sandbox' && s.fetchedAt === new Date(time.clock.now).toISOString());
    expect(back.fetchedAt).not.toBe(sandbox.fetchedAt);
    // A change that leaves the gateway as it was asks nothing.
    await c.ok('settings.update', { lowBalanceThreshold: 12 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await priceRequests(live.url, LIVE_TOKEN)).toBe(1);
  });

  it('keeps the cached list when the gateway cannot be reached at start, and says why it is not fresh', async () => {
    const time = fakeTime();
    const vault = new MemoryVault();
    const dataDir = t.dir('besked-prices-offline-');
    live = await startSimulator({ port: 0, token: LIVE_TOKEN, log: () => {} });
    const first = await startTestCore({ dataDir, vault, pricing: time.pricing });
    await goLive(first, live);
    const cached = await until('the live list', () => first.ok('pricing.status', {}), (s) => s.mode === 'live' && s.fetchedAt !== null);
    await first.close({ keepData: true });
    await live.close();
    live = null;

    // Two days later the gateway is gone.
    time.clock.now += 2 * PRICE_LIST_MAX_AGE_MS;
    const again = await t.core({ dataDir, vault, pricing: time.pricing });
    const state = await until('the failed refresh', () => again.ok('pricing.status', {}), (s) => s.error !== null);
    expect(state).toMatchObject({ mode: 'live', fetchedAt: cached.fetchedAt, stale: true });
    expect(state.error).toMatch(/could not|reach|refused/i);
    const preview = await again.ok('compose.preview', { draft: oneDanishNumber });
    expect(preview.cost?.total).toBe(0.13);
    expect(preview.priceBook).toMatchObject({ fetchedAt: cached.fetchedAt, stale: true, error: state.error });
  });
});
