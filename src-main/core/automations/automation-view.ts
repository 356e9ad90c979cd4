// An automation as the contract shows it: the stored rule with what its record says (counts, last run, anything
// held that waits for the user). The next run comes from the caller, which knows the rules' dates.
import type { Automation, HistoryState } from '../../../src-shared/contract/automations';
import type { CampaignState } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { AutomationRow } from './automation-store';
import { runState } from './history';

interface Tally {
  sent: number;
  held: number;
  missed: number;
  notWithdrawn: number;
  replies: number;
  /** Held runs whose campaign is still a draft: the user has not sent or deleted it yet. */
  heldDrafts: number;
  lastRunAt: string | null;
}

const empty = (): Tally => ({ sent: 0, held: 0, missed: 0, notWithdrawn: 0, replies: 0, heldDrafts: 0, lastRunAt: null });

/** States of a run that took place (a handed-over run may still lie ahead). */
const RAN = new Set<HistoryState>(['sent', 'sending', 'failed']);

export class AutomationViews {
  constructor(
    private readonly db: Db,
    private readonly nextRunAt: (row: AutomationRow) => string | null,
  ) {}

  one(row: AutomationRow): Automation {
    return this.toView(row, this.tallies([row.id]).get(row.id) ?? empty());
  }

  many(rows: readonly AutomationRow[]): Automation[] {
    const t = this.tallies(rows.map((r) => r.id));
    return rows.map((r) => this.toView(r, t.get(r.id) ?? empty()));
  }

  private toView(row: AutomationRow, t: Tally): Automation {
    const attention =
      t.heldDrafts > 0
        ? {
            text: `${t.heldDrafts === 1 ? 'A run was' : `${t.heldDrafts} runs were`} held and not sent. Send or delete ${t.heldDrafts === 1 ? 'its draft' : 'their drafts'} in Campaigns.`,
            code: { code: 'automation.attention.held', params: { count: t.heldDrafts } },
          }
        : null;
    return {
      id: row.id,
      state: row.state,
      draft: row.draft,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      activatedAt: row.activatedAt,
      lastRunAt: t.lastRunAt,
      nextRunAt: row.state === 'active' ? this.nextRunAt(row) : null,
      counts: { sent: t.sent, held: t.held, missed: t.missed, notWithdrawn: t.notWithdrawn, replies: t.replies },
      attention: attention?.text ?? null,
      attentionCode: attention?.code ?? null,
    };
  }

  /** One pass over the record per table for all the automations asked about (the list reads them all at once). */
  private tallies(ids: readonly number[]): Map<number, Tally> {
    const out = new Map<number, Tally>();
    if (ids.length === 0) return out;
    const of = (id: number): Tally => {
      let t = out.get(id);
      if (!t) out.set(id, (t = empty()));
      return t;
    };
    const list = JSON.stringify(ids);
    // Counted as the history shows them: a run's own state, or what its campaign became (history.ts).
    const runs = this.db
      .prepare(
        `SELECT o.automation_id AS id, o.state, k.state AS campaign_state, COUNT(*) AS n, MAX(o.due_at) AS last
         FROM automation_occurrences o LEFT JOIN campaigns k ON k.id = o.campaign_id
         WHERE o.automation_id IN (SELECT value FROM json_each(?))
         GROUP BY o.automation_id, o.state, k.state`,
      )
      .all(list) as { id: number; state: string; campaign_state: CampaignState | null; n: number; last: string }[];
    for (const r of runs) {
      const t = of(r.id);
      const shown = runState(r);
      if (shown === 'sent') t.sent += r.n;
      else if (shown === 'held') t.held += r.n;
      else if (shown === 'missed') t.missed += r.n;
      else if (shown === 'not_withdrawn') t.notWithdrawn += r.n;
      if (shown === 'held' && r.campaign_state === 'draft') t.heldDrafts += r.n;
      if (RAN.has(shown) && (t.lastRunAt === null || r.last > t.lastRunAt)) t.lastRunAt = r.last;
    }
    const replies = this.db
      .prepare(
        `SELECT automation_id AS id, COUNT(*) AS n, MAX(at) AS last FROM auto_replies
         WHERE outcome = 'replied' AND automation_id IN (SELECT value FROM json_each(?)) GROUP BY automation_id`,
      )
      .all(list) as { id: number; n: number; last: string }[];
    for (const r of replies) {
      const t = of(r.id);
      t.replies = r.n;
      if (t.lastRunAt === null || r.last > t.lastRunAt) t.lastRunAt = r.last;
    }
    return out;
  }
}
