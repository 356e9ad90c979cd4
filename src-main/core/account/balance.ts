// The account balance: fetched from GET /rest/me, cached per mode in SQLite so it shows offline, refreshed
// every few minutes and after sends, and flagged low below the user's threshold.
import type { Balance } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { SettingsStore } from '../settings';
import type { Logger } from '../log';

export interface AccountFetch {
  mode: 'sandbox' | 'live';
  credit: number;
  currency: string;
  id: number;
}

export const BALANCE_REFRESH_MS = 5 * 60_000;

export class BalanceService {
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<Balance> | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsStore,
    private readonly events: EventBus,
    private readonly fetchAccount: () => Promise<AccountFetch>,
    private readonly currentMode: () => Promise<'sandbox' | 'live'>,
    private readonly log: Logger,
  ) {}

  /** The cached balance for the current mode, or a fresh one when asked or when nothing is cached. */
  async get(refresh = false): Promise<Balance> {
    if (!refresh) {
      const cached = this.cached(await this.currentMode());
      if (cached) return cached;
    }
    return this.refresh();
  }

  refresh(): Promise<Balance> {
    // Concurrent asks (header, account view, after a send) share one request.
    this.inflight ??= this.fetchAndStore().finally(() => (this.inflight = null));
    return this.inflight;
  }

  start(): void {
    this.timer ??= setInterval(() => {
      this.refresh().catch((err: unknown) => this.log.warn('balance refresh failed', { err }));
    }, BALANCE_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async fetchAndStore(): Promise<Balance> {
    const a = await this.fetchAccount();
    const fetchedAt = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO balance_cache (mode, credit, currency, account_id, fetched_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(mode) DO UPDATE SET credit = excluded.credit, currency = excluded.currency,
           account_id = excluded.account_id, fetched_at = excluded.fetched_at`,
      )
      .run(a.mode, a.credit, a.currency, a.id, fetchedAt);
    const balance = this.toBalance(a.mode, a.credit, a.currency, a.id, fetchedAt);
    this.events.emit('balance.changed', balance);
    return balance;
  }

  private cached(mode: 'sandbox' | 'live'): Balance | null {
    const row = this.db.prepare('SELECT credit, currency, account_id, fetched_at FROM balance_cache WHERE mode = ?').get(mode) as
      | { credit: number; currency: string; account_id: number; fetched_at: string }
      | undefined;
    return row ? this.toBalance(mode, row.credit, row.currency, row.account_id, row.fetched_at) : null;
  }

  private toBalance(mode: 'sandbox' | 'live', credit: number, currency: string, accountId: number, fetchedAt: string): Balance {
    return { credit, currency, accountId, mode, fetchedAt, low: credit < this.settings.get().lowBalanceThreshold };
  }
}
