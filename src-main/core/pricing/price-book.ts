// The price book: the gateway's JSON price list cached per mode in price_lists with its date, so costs are
// estimated offline; it says how old it is and refreshes itself when a day old and the gateway answers.
import type { PriceBookState, Mode } from '../../../src-shared/contract';
import { PriceIndex, type PriceTable } from '../../../src-shared/pricing';
import type { Db } from '../db/database';
import { writeGate } from '../db/write-gate';
import { BeskedError, toAppError } from '../errors';
import type { PriceList } from '../gateway';
import type { Logger } from '../log';
import { coded } from '../../../src-shared/error-codes';
import { computerClock } from '../clock';

/** Re-exported for this module's users; the one definition is the contract's. */
export type { Mode };

/** A price list older than this is refreshed when possible and shown as possibly out of date. */
export const PRICE_LIST_MAX_AGE_MS = 24 * 3600_000;

export interface PriceBookDeps {
  db: Db;
  /** GET /api/prices/list/sms/json of the current target. */
  fetchList: () => Promise<PriceList>;
  mode: () => Promise<Mode>;
  log: Logger;
  now?: () => number;
}

export interface CachedList {
  mode: Mode;
  fetchedAt: string;
  list: PriceList;
}

export class PriceBook {
  private readonly now: () => number;
  private readonly indexes = new Map<Mode, { fetchedAt: string; index: PriceIndex }>();
  private readonly errors = new Map<Mode, string>();
  private inflight: Promise<CachedList> | null = null;
  /** A fetch a preview already waited for in vain: the next previews answer at once instead of each waiting again. */
  private waitedInVain: Promise<CachedList> | null = null;

  constructor(private readonly deps: PriceBookDeps) {
    this.now = deps.now ?? computerClock.now;
  }

  /** The cached list of a mode, without asking the gateway. */
  cached(mode: Mode): CachedList | null {
    const row = this.deps.db.prepare('SELECT fetched_at, body FROM price_lists WHERE mode = ?').get(mode) as
      | { fetched_at: string; body: string }
      | undefined;
    if (!row) return null;
    try {
      return { mode, fetchedAt: row.fetched_at, list: JSON.parse(row.body) as PriceList };
    } catch {
      return null;
    }
  }

  /**
   * The list of the current mode: the cache, or a fresh copy when asked, when there is none, or when it is stale.
   * Offline, a cached list is returned however old (its date says so); only with no cache at all is it an error.
   */
  async list(refresh = false): Promise<CachedList> {
    const mode = await this.deps.mode();
    const cached = this.cached(mode);
    if (cached && !refresh && !this.isStale(cached.fetchedAt)) return cached;
    try {
      return await this.refresh();
    } catch (err) {
      if (cached && !refresh) return cached;
      throw err;
    }
  }

  /** Fetches the list now and caches it; concurrent callers share one request. */
  refresh(): Promise<CachedList> {
    this.inflight ??= this.fetchAndStore().finally(() => (this.inflight = null));
    return this.inflight;
  }

  /**
   * Fetches again once the fetch on its way (if any) is done: after the gateway changed, a request that went out
   * before the change must not count as the new gateway's list.
   */
  async refreshAnew(): Promise<CachedList> {
    await this.settled();
    return this.refresh();
  }

  /** Resolves when no fetch is on its way (whatever its outcome). */
  async settled(): Promise<void> {
    while (this.inflight) await this.inflight.catch(() => undefined);
  }

  /**
   * While a mode has no list yet and its first fetch is on its way (not known to fail), waits for that fetch up
   * to `maxWaitMs`: the composer's first preview right after start then shows the cost instead of "no price list".
   */
  async firstList(mode: Mode, maxWaitMs: number): Promise<void> {
    const fetching = this.inflight;
    if (!fetching || fetching === this.waitedInVain || this.errors.has(mode) || this.cached(mode)) return;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'gave up'>((resolve) => {
      timer = setTimeout(() => resolve('gave up'), maxWaitMs);
      timer.unref();
    });
    if ((await Promise.race([fetching.then(() => 'came', () => 'came'), gaveUp])) === 'gave up') this.waitedInVain = fetching;
    clearTimeout(timer);
  }

  /** Starts a refresh when the cache is missing or stale, without waiting; failures are kept for state(). */
  refreshIfStale(mode: Mode): void {
    const cached = this.cached(mode);
    if (cached && !this.isStale(cached.fetchedAt)) return;
    this.refresh().catch((err: unknown) => this.deps.log.info('price list refresh failed', { message: toAppError(err).message }));
  }

  /** A longest-prefix index over the cached list of a mode, rebuilt only when the list changed. */
  index(mode: Mode): PriceIndex | null {
    const cached = this.cached(mode);
    if (!cached) return null;
    const known = this.indexes.get(mode);
    if (known && known.fetchedAt === cached.fetchedAt) return known.index;
    const index = new PriceIndex(cached.list as PriceTable);
    this.indexes.set(mode, { fetchedAt: cached.fetchedAt, index });
    return index;
  }

  state(mode: Mode): PriceBookState {
    const cached = this.cached(mode);
    const ageMs = cached ? Math.max(0, this.now() - Date.parse(cached.fetchedAt)) : null;
    const countries = cached ? new Set([...cached.list.standard, ...cached.list.premium].map((r) => r.country)).size : 0;
    return {
      mode,
      fetchedAt: cached?.fetchedAt ?? null,
      ageSeconds: ageMs === null ? null : Math.floor(ageMs / 1000),
      stale: ageMs === null || ageMs > PRICE_LIST_MAX_AGE_MS,
      error: this.errors.get(mode) ?? null,
      countries,
    };
  }

  private isStale(fetchedAt: string): boolean {
    return this.now() - Date.parse(fetchedAt) > PRICE_LIST_MAX_AGE_MS;
  }

  private async fetchAndStore(): Promise<CachedList> {
    const mode = await this.deps.mode();
    let list: PriceList;
    try {
      list = await this.deps.fetchList();
    } catch (err) {
      const message = toAppError(err).message;
      this.errors.set(mode, message);
      throw err instanceof BeskedError ? err : new BeskedError('network', `The price list could not be fetched: ${message}`, { cause: err, ...coded('pricing.fetchFailed') });
    }
    // Written once an import's save has committed, the core free meanwhile (db/write-gate.ts).
    const fetchedAt = await writeGate(this.deps.db).run(() => {
      const at = new Date(this.now()).toISOString();
      this.deps.db
        .prepare(
          `INSERT INTO price_lists (mode, fetched_at, body) VALUES (?, ?, ?)
           ON CONFLICT(mode) DO UPDATE SET fetched_at = excluded.fetched_at, body = excluded.body`,
        )
        .run(mode, at, JSON.stringify({ standard: list.standard, premium: list.premium }));
      return at;
    });
    this.errors.delete(mode);
    return { mode, fetchedAt, list };
  }
}
