// The at-most-once record of automation runs (automation_occurrences): one row per (automation, occurrence,
// contact), written in the same transaction as the run's campaign and before anything is sent, and its states as
// the run goes on (planned → handed_over / sending → sent | failed; held, missed, withdrawing → withdrawn |
// not_withdrawn, skipped). The UNIQUE key is what makes a second scan, a restart or a race a no-op. Each state a
// row reaches is appended to automation_history by schema 19's triggers, with the cause its move names.
import type { HistoryCause } from '../../../src-shared/contract/automations';
import type { Coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

export type OccurrenceState =
  | 'planned'
  | 'handed_over'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'held'
  | 'missed'
  | 'withdrawing'
  | 'withdrawn'
  | 'not_withdrawn'
  | 'skipped';

/** Contact id of a row that stands for a whole run (a recurring campaign's occurrence). */
export const WHOLE_RUN = 0;

export interface OccurrenceRow {
  id: number;
  automation_id: number;
  occurrence: string;
  contact_id: number;
  due_at: string;
  state: OccurrenceState;
  campaign_id: number | null;
  recipients: number;
  reason: string | null;
  reason_code: string | null;
  revision: number;
  /** Why its latest move happened (the history entry that move appended says so). */
  cause: HistoryCause | null;
}

export interface Claim {
  automationId: number;
  occurrence: string;
  contactId: number;
  dueAt: string;
  state: OccurrenceState;
  campaignId: number | null;
  recipients: number;
  revision: number;
  reason?: string | null;
  reasonCode?: Coded | null;
  cause?: HistoryCause | null;
}

/** States in which something may still wait at the gateway or in the outbox for the run. */
export const OPEN_STATES: readonly OccurrenceState[] = ['planned', 'handed_over', 'sending', 'withdrawing'];

export class OccurrenceLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  /**
   * Records an occurrence unless it is recorded already; true when this call owns it. A withdrawn row (the gateway
   * confirmed nothing went out) is taken over: planned again under the current revision, the key unchanged.
   * Call inside the transaction that writes the run's campaign.
   */
  claim(c: Claim): boolean {
    const at = this.iso();
    const info = prepared(
      this.db,
      `INSERT INTO automation_occurrences
         (automation_id, occurrence, contact_id, due_at, state, campaign_id, recipients, reason, reason_code, revision, cause, created_at, updated_at)
       VALUES (@automationId, @occurrence, @contactId, @dueAt, @state, @campaignId, @recipients, @reason, @reasonCode, @revision, @cause, @at, @at)
       ON CONFLICT (automation_id, occurrence, contact_id) DO UPDATE SET
         state = excluded.state, campaign_id = excluded.campaign_id, recipients = excluded.recipients, due_at = excluded.due_at,
         reason = excluded.reason, reason_code = excluded.reason_code, revision = excluded.revision, cause = excluded.cause,
         updated_at = excluded.updated_at
       WHERE automation_occurrences.state = 'withdrawn'`,
    ).run({
      automationId: c.automationId,
      occurrence: c.occurrence,
      contactId: c.contactId,
      dueAt: c.dueAt,
      state: c.state,
      campaignId: c.campaignId,
      recipients: c.recipients,
      reason: c.reason ?? null,
      reasonCode: c.reasonCode ? JSON.stringify({ code: c.reasonCode.code, params: c.reasonCode.params ?? {} }) : null,
      revision: c.revision,
      cause: c.cause ?? null,
      at,
    });
    return info.changes > 0;
  }

  /** Whether the occurrence is recorded in a state that owns it (anything but withdrawn). */
  owned(automationId: number, occurrence: string, contactId: number): boolean {
    const state = prepared(
      this.db,
      'SELECT state FROM automation_occurrences WHERE automation_id = ? AND occurrence = ? AND contact_id = ?',
      'pluck',
    ).get(automationId, occurrence, contactId) as OccurrenceState | undefined;
    return state !== undefined && state !== 'withdrawn';
  }

  /** The ids of a run's rows alone: a welcome run has 10,000, and whole rows of them took tens of milliseconds to read. */
  idsOfCampaign(campaignId: number): number[] {
    return prepared(this.db, 'SELECT id FROM automation_occurrences WHERE campaign_id = ?', 'pluck').all(campaignId) as number[];
  }

  /**
   * The run's rows still on their way ('sending', 'handed_over'), only what following them needs, by id after
   * `afterId`, at most `limit`: a welcome run has 10,000, which in one read held the core 9 ms and more (issue 30.3),
   * so the runner reads them a page at a time.
   */
  onTheirWay(campaignId: number, afterId = 0, limit = -1): Pick<OccurrenceRow, 'id' | 'automation_id' | 'contact_id' | 'state'>[] {
    return prepared(
      this.db,
      `SELECT id, automation_id, contact_id, state FROM automation_occurrences INDEXED BY automation_occurrences_by_campaign
       WHERE campaign_id = ? AND id > ? AND state IN ('sending', 'handed_over') ORDER BY id LIMIT ?`,
    ).all(campaignId, afterId, limit) as Pick<OccurrenceRow, 'id' | 'automation_id' | 'contact_id' | 'state'>[];
  }

  /** Rows in the given states, oldest due first (optionally of one automation). */
  inStates(states: readonly OccurrenceState[], automationId?: number): OccurrenceRow[] {
    const list = states.map((s) => `'${s}'`).join(', ');
    const sql = `SELECT * FROM automation_occurrences WHERE state IN (${list})${automationId === undefined ? '' : ' AND automation_id = ?'} ORDER BY due_at, id`;
    return (automationId === undefined ? this.db.prepare(sql).all() : this.db.prepare(sql).all(automationId)) as OccurrenceRow[];
  }

  /**
   * One row per run (campaign) among the rows in the given states, its oldest due; rows with no campaign left out.
   * Picked in SQL: the runner asks on every tick, and reading every row of a welcome run's 10,000 to keep one per run
   * held the core for tens of milliseconds (issue 30.3).
   */
  runsInStates(states: readonly OccurrenceState[]): (OccurrenceRow & { campaign_id: number })[] {
    const list = states.map((s) => `'${s}'`).join(', ');
    return prepared(
      this.db,
      `SELECT * FROM automation_occurrences WHERE id IN (
         SELECT (SELECT x.id FROM automation_occurrences x INDEXED BY automation_occurrences_by_campaign
                 WHERE x.campaign_id = r.campaign_id AND x.state IN (${list}) ORDER BY x.due_at, x.id LIMIT 1)
         FROM (SELECT DISTINCT campaign_id FROM automation_occurrences WHERE state IN (${list}) AND campaign_id IS NOT NULL) r)
       ORDER BY due_at, id`,
    ).all() as (OccurrenceRow & { campaign_id: number })[];
  }

  /**
   * Moves rows from one of `from` to `to`; a row that moved on meanwhile is left alone. `cause` says why (paused,
   * edited, opted out …) in the history entry the move appends; null for the run's own course.
   */
  move(
    ids: readonly number[],
    from: readonly OccurrenceState[],
    to: OccurrenceState,
    reason: string | null = null,
    reasonCode: Claim['reasonCode'] = null,
    cause: HistoryCause | null = null,
  ): number {
    if (ids.length === 0) return 0;
    const list = from.map((s) => `'${s}'`).join(', ');
    const stmt = prepared(
      this.db,
      `UPDATE automation_occurrences SET state = ?, reason = COALESCE(?, reason), reason_code = COALESCE(?, reason_code), cause = ?, updated_at = ?
       WHERE id = ? AND state IN (${list})`,
    );
    const at = this.iso();
    const code = reasonCode ? JSON.stringify({ code: reasonCode.code, params: reasonCode.params ?? {} }) : null;
    let n = 0;
    this.db.transaction(() => {
      for (const id of ids) n += stmt.run(to, reason, code, cause, at, id).changes;
    })();
    return n;
  }

  /**
   * One recipient of a whole run withdrawn on their own (they opted out or were deleted): an entry of its own under
   * the run, which itself stays handed over for the others.
   */
  noteRecipient(run: OccurrenceRow, contactId: number | null, state: 'withdrawn', cause: HistoryCause): void {
    prepared(
      this.db,
      `INSERT INTO automation_history (occurrence_id, automation_id, at, state, due_at, campaign_id, recipients, cause, contact_id)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    ).run(run.id, run.automation_id, this.iso(), state, run.due_at, run.campaign_id, cause, contactId);
  }
}
