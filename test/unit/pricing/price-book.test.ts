// The price book: cached per mode with its date, used offline however old, refreshed when a day old, and an index
// that is rebuilt only when the list changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { PriceBook, PRICE_LIST_MAX_AGE_MS, type Mode } from '../../../src-main/core/pricing/price-book';
import { createLogger } from '../../../src-main/core/log';
import { NetworkError, type PriceList } from '../../../src-main/core/gateway';

const list = (dkk: number): PriceList => ({
  standard: [{ country: 'DK', country_name: 'Denmark', dkk, eur: dkk / 7.46, prefix: 45 }],
  premium: [{ country: 'DK', country_name: 'Denmark', dkk: dkk * 2, eur: (dkk * 2) / 7.46, prefix: 45 }],
});

let db: Db;
let now: number;
let online: boolean;
let fetches: number;
let price: number;
let mode: Mode;

function book(): PriceBook {
  return new PriceBook({
    db,
    mode: async () => mode,
    log: createLogger({ level: 'error' }),
    now: () => now,
    fetchList: async () => {
      fetches++;
      if (!online) throw new NetworkError('The gateway could not be reached.', { maybeAccepted: false });
      return list(price);
    },
  });
}

beforeEach(() => {
  db = openDatabase(':memory:');
  now = Date.UTC(2030, 0, 1, 12);
  online = true;
  fetches = 0;
  price = 0.13;
  mode = 'sandbox';
});
afterEach(() => db.close());

describe('PriceBook', () => {
  it('fetches once, then answers from the cache with its date', async () => {
    const b = book();
    const first = await b.list();
    expect(first.fetchedAt).toBe(new Date(now).toISOString());
    now += 3600_000;
    const again = await b.list();
    expect(again.fetchedAt).toBe(first.fetchedAt);
    expect(fetches).toBe(1);
    expect(b.state('sandbox')).toMatchObject({ ageSeconds: 3600, stale: false, error: null, countries: 1 });
  });

  it('works offline from a cache of any age, and says how old it is and why it could not refresh', async () => {
    const b = book();
    await b.list();
    online = false;
    now += PRICE_LIST_MAX_AGE_MS * 3;
    const cached = await b.list();
    expect(cached.list.standard[0]!.dkk).toBe(0.13);
    expect(b.state('sandbox')).toMatchObject({ stale: true, ageSeconds: (PRICE_LIST_MAX_AGE_MS * 3) / 1000 });
    expect(b.state('sandbox').error).toMatch(/could not be reached/);
    expect(b.index('sandbox')?.partPrice(4520000000, 'standard', 'DKK')).toBe(0.13);
  });

  it('is an error offline with no cache at all, and an explicit refresh offline fails', async () => {
    online = false;
    const b = book();
    await expect(b.list()).rejects.toThrow(/could not be reached/);
    expect(b.state('sandbox')).toMatchObject({ fetchedAt: null, ageSeconds: null, stale: true });
    online = true;
    await b.list();
    online = false;
    await expect(b.list(true)).rejects.toThrow();
  });

  it('refreshes a stale list and rebuilds the index from the new prices', async () => {
    const b = book();
    await b.list();
    expect(b.index('sandbox')?.partPrice(4520000000, 'premium', 'DKK')).toBe(0.26);
    price = 0.2;
    now += PRICE_LIST_MAX_AGE_MS + 1;
    b.refreshIfStale('sandbox');
    await new Promise((r) => setTimeout(r, 0));
    await b.list();
    expect(fetches).toBe(2);
    expect(b.index('sandbox')?.partPrice(4520000000, 'standard', 'DKK')).toBe(0.2);
  });

  it('lets the first preview wait for the first list on its way, but not for a list known to fail, nor for long', async () => {
    let answer!: () => void;
    const slow = new PriceBook({
      db,
      mode: async () => mode,
      log: createLogger({ level: 'error' }),
      now: () => now,
      fetchList: () => new Promise<PriceList>((resolve) => (answer = () => resolve(list(price)))),
    });
    slow.refreshIfStale('sandbox');
    await new Promise((r) => setTimeout(r, 0));
    const waiting = slow.firstList('sandbox', 5_000);
    answer();
    await waiting;
    expect(slow.index('sandbox')?.partPrice(4520000000, 'standard', 'DKK')).toBe(0.13);

    // A list on its way that never comes: the wait ends after maxWaitMs.
    mode = 'live';
    slow.refreshIfStale('live');
    const started = Date.now();
    await slow.firstList('live', 50);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(slow.cached('live')).toBeNull();
    // ...and only once: the next previews do not wait for that same fetch again.
    const next = Date.now();
    await slow.firstList('live', 5_000);
    expect(Date.now() - next).toBeLessThan(1_000);
    answer();
    await slow.settled();

    // Offline with no list: once a fetch failed, previews answer at once (the state says why).
    online = false;
    const offline = book();
    mode = 'sandbox';
    db.prepare('DELETE FROM price_lists').run();
    await expect(offline.refresh()).rejects.toThrow();
    let unanswered = true;
    offline.refreshIfStale('sandbox');
    void offline.firstList('sandbox', 60_000).then(() => (unanswered = false));
    await new Promise((r) => setTimeout(r, 0));
    expect(unanswered).toBe(false);
    await offline.settled();
  });

  it('fetches anew after the fetch on its way, so a switch of gateway is never answered by the old one', async () => {
    // Each request is answered by the test, with the price of the gateway at the time it was asked.
    const asked: ((l: PriceList) => void)[] = [];
    const b = new PriceBook({
      db,
      mode: async () => mode,
      log: createLogger({ level: 'error' }),
      now: () => now,
      fetchList: () => new Promise<PriceList>((resolve) => asked.push(resolve)),
    });
    const first = b.refresh();
    const anew = b.refreshAnew();
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toHaveLength(1);
    asked[0]!(list(0.13));
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toHaveLength(2);
    asked[1]!(list(0.2));
    await anew;
    expect(b.index('sandbox')?.partPrice(4520000000, 'standard', 'DKK')).toBe(0.2);
  });

  it('keeps one list per mode', async () => {
    const b = book();
    await b.list();
    mode = 'live';
    price = 0.5;
    expect(b.cached('live')).toBeNull();
    await b.list();
    expect(b.index('live')?.partPrice(4520000000, 'standard', 'DKK')).toBe(0.5);
    expect(b.index('sandbox')?.partPrice(4520000000, 'standard', 'DKK')).toBe(0.13);
  });
});
