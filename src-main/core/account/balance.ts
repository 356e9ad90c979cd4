// The account balance: fetched from GET /rest/me, cached per mode in SQLite so it shows offline, refreshed
// every few minutes and after sends, and flagged low below the user's threshold.
import type { Balance } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { writeGate } from '../db/write-gate';
import type { EventBus } from '../events';
import type { SettingsStore } from '../settings';
import type { Logger } from '../log';
import { SpendLedger } from '../campaigns/checks/spend-ledger';
import { computerClock, isoNow } from '../clock';

export interface AccountFetch {
  mode: 'sandbox' | 'live';
  credit: number;
  currency: string;
  id: number;
}

export const BALANCE_REFRESH_MS = 5 * 60_000;
/** After a send, wait this long for more sends (a campaign's next chunk) before asking the gateway once. */
export const AFTER_SEND_DELAY_MS = 1_500;

export class BalanceService {
  private timer: NodeJS.Timeout | null = null;
  private afterSendTimer: NodeJS.Timeout | null = null;
  private inflight: Promise<Balance> | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsStore,
    private readonly events: EventBus,
    private readonly fetchAccount: () => Promise<AccountFetch>,
    private readonly currentMode: () => Promise<'sandbox' | 'live'>,
    private readonly log: Logger,
    private readonly now: () => number = computerClock.now,
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

  /**
   * Call after anything that costs money (an SMS chunk, a lookup, an email, a keyword): the balance is
   * fetched shortly after, once for a burst of sends, and the header follows through 'balance.changed'.
   */
  afterSend(delayMs = AFTER_SEND_DELAY_MS): void {
    if (this.afterSendTimer) clearTimeout(this.afterSendTimer);
    this.afterSendTimer = setTimeout(() => {
      this.afterSendTimer = null;
      this.refresh().catch((err: unknown) => this.log.warn('balance refresh after a send failed', { err }));
    }, delayMs);
    this.afterSendTimer.unref();
  }

  start(): void {
    this.timer ??= setInterval(() => {
      this.refresh().catch((err: unknown) => this.log.warn('balance refresh failed', { err }));
    }, BALANCE_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.afterSendTimer) clearTimeout(this.afterSendTimer);
    this.timer = null;
    this.afterSendTimer = null;
  }

  private async fetchAndStore(): Promise<Balance> {
    const a = await this.fetchAccount();
    // Written once an import's save has committed, the core free meanwhile (db/write-gate.ts).
    const fetchedAt = await writeGate(this.db).run(() => {
      const at = isoNow(this.now);
      new SpendLedger(this.db).storeBalance(a.mode, { credit: a.credit, currency: a.currency, accountId: a.id, fetchedAt: at });
      return at;
    });
    const balance = this.toBalance(a.mode, a.credit, a.currency, a.id, fetchedAt);
    this.events.emit('balance.changed', balance);
    return balance;
  }

  private cached(mode: 'sandbox' | 'live'): Balance | null {
    const b = new SpendLedger(this.db).balance(mode);
    return b ? this.toBalance(mode, b.credit, b.currency, b.accountId, b.fetchedAt) : null;
  }

  private toBalance(mode: 'sandbox' | 'live', credit: number, currency: string, accountId: number, fetchedAt: string): Balance {
    return { credit, currency, accountId, mode, fetchedAt, low: credit < this.settings.get().lowBalanceThreshold };
  }
}
