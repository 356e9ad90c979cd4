// The spend ledger, the one owner of the account's money as Besked keeps it: what was spent per local day and mode
// (daily_spend, which the daily cap is checked against) and the balance as last fetched per mode (balance_cache,
// which shows offline and prices a send before the gateway is asked).
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { Mode } from '../../pricing/price-book';
import { writeGate } from '../../db/write-gate';

/** The balance as the gateway last told it. */
export interface StoredBalance {
  credit: number;
  currency: string;
  accountId: number;
  fetchedAt: string;
}

export class SpendLedger {
  constructor(private readonly db: Db) {}

  /** What accepted sends cost on this local day (YYYY-MM-DD) in this mode. */
  spentOn(day: string, mode: Mode): number {
    return (prepared(this.db, 'SELECT cost FROM daily_spend WHERE day = ? AND mode = ?', 'pluck').get(day, mode) as number | undefined) ?? 0;
  }

  /**
   * Adds a paid call's cost to its day once the write gate is free (db/write-gate.ts): the answer came after a request,
   * when an import's save may hold the write lock, and waiting in SQLite's busy handler would hold the core, and past
   * busy_timeout lose the charge the gateway already made.
   */
  addWhenFree(day: string, mode: Mode, cost: number): Promise<void> {
    return writeGate(this.db).run(() => this.add(day, mode, cost));
  }

  /** Adds an accepted request's cost to its day; run inside the transaction that records the answer. */
  add(day: string, mode: Mode, cost: number): void {
    if (!cost) return;
    prepared(this.db, 'INSERT INTO daily_spend (day, mode, cost) VALUES (?, ?, ?) ON CONFLICT(day, mode) DO UPDATE SET cost = cost + excluded.cost').run(
      day,
      mode,
      cost,
    );
  }

  /** The balance last fetched in this mode, or null before the first. */
  balance(mode: Mode): StoredBalance | null {
    const row = prepared(this.db, 'SELECT credit, currency, account_id, fetched_at FROM balance_cache WHERE mode = ?').get(mode) as
      | { credit: number; currency: string; account_id: number; fetched_at: string }
      | undefined;
    return row ? { credit: row.credit, currency: row.currency, accountId: row.account_id, fetchedAt: row.fetched_at } : null;
  }

  /** Keeps a freshly fetched balance as the mode's. */
  storeBalance(mode: Mode, b: StoredBalance): void {
    prepared(
      this.db,
      `INSERT INTO balance_cache (mode, credit, currency, account_id, fetched_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(mode) DO UPDATE SET credit = excluded.credit, currency = excluded.currency,
         account_id = excluded.account_id, fetched_at = excluded.fetched_at`,
    ).run(mode, b.credit, b.currency, b.accountId, b.fetchedAt);
  }
}
