// Leased keywords (/api/vas): list, availability, lease and cancel, with the cancellations Besked remembers.
import type { KeywordRow } from '../../../src-shared/contract';
import type { AccountDeps, Mode } from './deps';
import { keywordKey, leaseEndAfterCancel, stillActive } from './keyword-lease';

interface Cancellation {
  shortcode: number;
  keyword: string;
  cancelled_at: string;
  active_until: string;
}

export class KeywordService {
  constructor(private readonly deps: AccountDeps) {}

  private cancellations(mode: Mode): Cancellation[] {
    return this.deps.db
      .prepare('SELECT shortcode, keyword, cancelled_at, active_until FROM account_keyword_cancellations WHERE mode = ?')
      .all(mode) as Cancellation[];
  }

  /** The gateway's list plus leases cancelled from Besked that still run, marked with when they end. */
  async list(): Promise<KeywordRow[]> {
    const mode = await this.deps.mode();
    const live = await this.deps.features.guard(mode, 'keywords', () => this.deps.gateway.listKeywords());
    const today = this.deps.now();
    const cancelled = new Map(this.cancellations(mode).map((c) => [keywordKey(c.shortcode, c.keyword), c]));
    const rows: KeywordRow[] = live.map((k) => {
      const c = cancelled.get(keywordKey(k.shortcode, k.keyword));
      cancelled.delete(keywordKey(k.shortcode, k.keyword));
      return {
        shortcode: k.shortcode,
        keyword: k.keyword,
        webhook: k.pushsetting_reference,
        cancelledAt: c?.cancelled_at ?? null,
        activeUntil: c?.active_until ?? null,
      };
    });
    // The gateway may drop a cancelled keyword from its list at once although it still answers until the period ends.
    for (const c of cancelled.values()) {
      if (!stillActive(c.active_until, today)) continue;
      rows.push({ shortcode: c.shortcode, keyword: c.keyword, webhook: null, cancelledAt: c.cancelled_at, activeUntil: c.active_until });
    }
    return rows.sort((a, b) => a.shortcode - b.shortcode || a.keyword.localeCompare(b.keyword, 'da'));
  }

  async check(keyword: string, shortcode: number): Promise<{ available: boolean; system: string }> {
    const mode = await this.deps.mode();
    const r = await this.deps.features.guard(mode, 'keywords', () => this.deps.gateway.checkKeyword({ keyword, shortcode }));
    return { available: r.available, system: r.system };
  }

  async create(keyword: string, shortcode: number, webhook: string | undefined): Promise<KeywordRow> {
    const mode = await this.deps.mode();
    const k = await this.deps.features.guard(mode, 'keywords', () =>
      this.deps.gateway.createKeyword({ keyword, shortcode, ...(webhook ? { pushsetting_reference: webhook } : {}) }),
    );
    this.deps.spent();
    this.deps.db
      .prepare('DELETE FROM account_keyword_cancellations WHERE mode = ? AND shortcode = ? AND keyword = ?')
      .run(mode, k.shortcode, k.keyword);
    return { shortcode: k.shortcode, keyword: k.keyword, webhook: k.pushsetting_reference, cancelledAt: null, activeUntil: null };
  }

  async cancel(keyword: string, shortcode: number): Promise<KeywordRow> {
    const mode = await this.deps.mode();
    await this.deps.features.guard(mode, 'keywords', () => this.deps.gateway.deleteKeyword(shortcode, keyword));
    const now = this.deps.now();
    const activeUntil = leaseEndAfterCancel(now);
    this.deps.db
      .prepare(
        `INSERT INTO account_keyword_cancellations (mode, shortcode, keyword, cancelled_at, active_until) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (mode, shortcode, keyword) DO NOTHING`,
      )
      .run(mode, shortcode, keyword, now.toISOString(), activeUntil);
    const row = this.deps.db
      .prepare('SELECT cancelled_at, active_until FROM account_keyword_cancellations WHERE mode = ? AND shortcode = ? AND keyword = ?')
      .get(mode, shortcode, keyword) as { cancelled_at: string; active_until: string };
    return { shortcode, keyword, webhook: null, cancelledAt: row.cancelled_at, activeUntil: row.active_until };
  }
}
