// The spend ledger: what was spent per local day and mode (daily_spend, which the daily cap is checked against).
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Mode } from '../pricing/price-book';

export class SpendLedger {
  constructor(private readonly db: Db) {}

  /** What accepted sends cost on this local day (YYYY-MM-DD) in this mode. */
  spentOn(day: string, mode: Mode): number {
    return (prepared(this.db, 'SELECT cost FROM daily_spend WHERE day = ? AND mode = ?', 'pluck').get(day, mode) as number | undefined) ?? 0;
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
}
