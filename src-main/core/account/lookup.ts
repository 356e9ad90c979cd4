// Number lookup (POST /rest/hlr): quotes first, then looks up confirmed Danish numbers and keeps the results.
import type { LookupQuote, LookupRun } from '../../../src-shared/contract';
import type { AccountDeps, Mode } from './deps';
import { lookupRows, quoteLookup, type QuoteEntry } from './lookup-numbers';
import { writeGate } from '../db/write-gate';

interface RunRow {
  id: number;
  looked_up_at: string;
  lookups: number;
  total_cost: number;
  currency: string;
  results: string;
}

const toRun = (r: RunRow): LookupRun => ({
  id: r.id,
  lookedUpAt: r.looked_up_at,
  lookups: r.lookups,
  totalCost: r.total_cost,
  currency: r.currency,
  results: JSON.parse(r.results) as LookupRun['results'],
});

export class LookupService {
  constructor(private readonly deps: AccountDeps) {}

  /** The price of one lookup as the gateway last charged it in this mode (it publishes no HLR price list). */
  lastPrice(mode: Mode): { unitPrice: number; currency: string } | null {
    const r = this.deps.db
      .prepare('SELECT lookups, total_cost, currency FROM account_lookups WHERE mode = ? AND lookups > 0 ORDER BY id DESC LIMIT 1')
      .get(mode) as { lookups: number; total_cost: number; currency: string } | undefined;
    return r ? { unitPrice: r.total_cost / r.lookups, currency: r.currency } : null;
  }

  async quote(entries: readonly QuoteEntry[]): Promise<LookupQuote> {
    return quoteLookup(entries, this.lastPrice(await this.deps.mode()));
  }

  async lookup(numbers: readonly { msisdn: string; name?: string | undefined }[]): Promise<LookupRun> {
    const mode = await this.deps.mode();
    const unique = [...new Map(numbers.map((n) => [n.msisdn, n])).values()];
    // Each number costs the unit price the gateway last charged (it publishes no lookup price list).
    const unit = this.lastPrice(mode)?.unitPrice ?? null;
    const response = await this.deps.caps.spend(
      'lookup',
      mode,
      unit === null ? null : unit * unique.length,
      () => this.deps.features.guard(mode, 'lookup', () => this.deps.gateway.lookupNumbers(unique.map((n) => n.msisdn))),
      (r) => r.total_cost,
    );
    this.deps.spent();
    const results = lookupRows(unique, response);
    const at = this.deps.now().toISOString();
    // After the gateway's answer: through the write gate, as every write after an await (db/write-gate.ts).
    const info = await writeGate(this.deps.db).run(() =>
      this.deps.db
        .prepare('INSERT INTO account_lookups (mode, looked_up_at, lookups, total_cost, currency, results) VALUES (?, ?, ?, ?, ?, ?)')
        .run(mode, at, response.lookups, response.total_cost, response.currency, JSON.stringify(results)),
    );
    return { id: Number(info.lastInsertRowid), lookedUpAt: at, lookups: response.lookups, totalCost: response.total_cost, currency: response.currency, results };
  }

  async recent(limit = 20): Promise<LookupRun[]> {
    const mode = await this.deps.mode();
    const rows = this.deps.db
      .prepare('SELECT id, looked_up_at, lookups, total_cost, currency, results FROM account_lookups WHERE mode = ? ORDER BY id DESC LIMIT ?')
      .all(mode, limit) as RunRow[];
    return rows.map(toRun);
  }
}
