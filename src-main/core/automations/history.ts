// An automation's history as the user reads it: the entries its runs appended (automation_history, schema 19: each
// hand-over, withdrawal, re-hand-over, skip, miss and outcome with its time and cause) or its auto-reply decisions,
// newest first, a page at a time. Entries are read as written; only an answer lost mid hand-over shows as uncertain.
import type { AutomationKind, HistoryCause, HistoryItem, HistoryState } from '../../../src-shared/contract/automations';
import type { CampaignState } from '../../../src-shared/contract/campaigns';
import type { Db } from '../db/database';
import { answersFrom } from '../../../src-shared/automations/reply-guards';

export const HISTORY_PAGE = 100;

interface RunRow {
  id: number;
  due_at: string;
  state: string;
  recipients: number;
  contact_id: number;
  campaign_id: number | null;
  reason: string | null;
  reason_code: string | null;
  campaign_state: CampaignState | null;
  recipient_state: string | null;
}

interface EntryRow {
  id: number;
  recorded_at: string;
  state: string;
  due_at: string;
  campaign_id: number | null;
  recipients: number;
  cause: HistoryCause | null;
  reason: string | null;
  reason_code: string | null;
  again: number;
  contact_id: number;
  /** One contact's run: its recipient's state in the entry's campaign ('uncertain' when the hand-over's answer was lost). */
  recipient_state: string | null;
  first_name: string | null;
  last_name: string | null;
  msisdn: number | null;
}

interface ReplyRow {
  inbound_id: number;
  outcome: string;
  msisdn: number;
  campaign_id: number | null;
  reason: string | null;
  sent_at: string | null;
  at: string;
  text: string | null;
  contact_id: number | null;
  first_name: string | null;
  last_name: string | null;
}

/** What the campaign of a run still in the works has become; a run's own final state is never overridden. */
const FROM_CAMPAIGN: Partial<Record<CampaignState, HistoryState>> = {
  waiting: 'sending',
  sending: 'sending',
  paused: 'sending',
  scheduled: 'handed_over',
  sent: 'sent',
  partly_failed: 'sent',
  failed: 'failed',
  cancelled: 'withdrawn',
};
const IN_THE_WORKS = new Set(['planned', 'handed_over', 'sending']);

/**
 * An entry's state as the user sees it: as written, except that a hand-over whose answer was lost (Besked stopped
 * mid hand-over) is shown as what it is, uncertain, never as handed over, sent or failed on a guess.
 */
export function entryState(e: Pick<EntryRow, 'state' | 'reason_code' | 'recipient_state'>): HistoryState {
  if (e.state === 'failed' && e.reason_code?.includes('"automation.uncertain"')) return 'uncertain';
  // The hand-over's answer never came, whatever the run did next (its withdrawal then failed for want of the id).
  if ((e.state === 'handed_over' || e.state === 'sending') && e.recipient_state === 'uncertain') return 'uncertain';
  return e.state as HistoryState;
}

/**
 * A run's state as the user sees it: its own, or for a run still in the works what its campaign has become.
 * 'withdrawing' waits for the gateway's answer: until then the send is still handed over.
 */
export function runState(r: Pick<RunRow, 'state' | 'campaign_state'> & { reason_code?: string | null; recipient_state?: string | null }): HistoryState {
  // Never "sent" or "failed" on a guess: a hand-over whose answer was lost is shown as what it is.
  if (r.recipient_state === 'uncertain' && (IN_THE_WORKS.has(r.state) || r.state === 'withdrawing')) return 'uncertain';
  if (r.state === 'failed' && r.reason_code?.includes('"automation.uncertain"')) return 'uncertain';
  if (r.state === 'withdrawing') return 'handed_over';
  if (IN_THE_WORKS.has(r.state) && r.campaign_state) return FROM_CAMPAIGN[r.campaign_state] ?? (r.state as HistoryState);
  return r.state as HistoryState;
}

/** The reply decisions other than a reply, as codes the view translates (the English words stay in `reason`). */
const OUTCOME_CODES = {
  no_rule: 'automation.reply.noRule',
  limited: 'automation.reply.limited',
  opted_out: 'automation.reply.optedOut',
  not_a_phone: 'automation.reply.notAPhone',
  loop: 'automation.reply.loop',
  opt_out_word: 'automation.reply.optOutWord',
  too_old: 'automation.reply.tooOld',
  assigned: 'automation.reply.assigned',
  failed: 'automation.reply.failed',
} as const;

const nameOf = (first: string | null, last: string | null): string | null => {
  const n = `${first ?? ''} ${last ?? ''}`.trim();
  return n === '' ? null : n;
};

function parseCoded(json: string | null): HistoryItem['reasonCode'] {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as { code?: unknown; params?: unknown };
    if (typeof v.code !== 'string') return null;
    return v.params && typeof v.params === 'object' ? { code: v.code, params: v.params as Record<string, string | number> } : { code: v.code };
  } catch {
    return null;
  }
}

export class AutomationHistory {
  constructor(private readonly db: Db) {}

  /**
   * Keyword rules have reply decisions, every other kind has runs: one automation never has both, so each reads one
   * table, newest first, with `beforeId` (the last item of the previous page) as the cursor.
   */
  page(id: number, kind: AutomationKind, beforeId: number | undefined, limit = HISTORY_PAGE): { items: HistoryItem[]; more: boolean } {
    const rows = kind === 'keyword' ? this.replies(id, beforeId, limit + 1) : this.runs(id, beforeId, limit + 1);
    return { items: rows.slice(0, limit), more: rows.length > limit };
  }

  private runs(id: number, beforeId: number | undefined, n: number): HistoryItem[] {
    // Newest entry first: entries are appended in the order things happened, so the id is the order (and the cursor).
    const rows = this.db
      .prepare(
        `SELECT h.id, h.at AS recorded_at, h.state, h.due_at, h.campaign_id, h.recipients, h.cause, h.reason, h.reason_code, h.again,
                COALESCE(h.contact_id, o.contact_id) AS contact_id,
                c.first_name, c.last_name, c.msisdn,
                (SELECT r.state FROM campaign_recipients r WHERE o.contact_id <> 0 AND r.campaign_id = h.campaign_id AND r.contact_id = o.contact_id
                 AND r.state <> 'excluded' LIMIT 1) AS recipient_state
         FROM automation_history h
         JOIN automation_occurrences o ON o.id = h.occurrence_id
         LEFT JOIN contacts c ON c.id = COALESCE(h.contact_id, o.contact_id)
         WHERE h.automation_id = ? AND h.id < ?
         ORDER BY h.id DESC LIMIT ?`,
      )
      .all(id, beforeId ?? Number.MAX_SAFE_INTEGER, n) as EntryRow[];
    return rows.map((r) => ({
      id: r.id,
      kind: 'run',
      at: r.due_at,
      recordedAt: r.recorded_at,
      state: entryState(r),
      recipients: r.recipients,
      contactId: r.contact_id === 0 ? null : r.contact_id,
      name: nameOf(r.first_name, r.last_name),
      msisdn: r.msisdn,
      campaignId: r.campaign_id,
      reason: r.reason,
      reasonCode: parseCoded(r.reason_code),
      cause: r.cause,
      again: r.again === 1,
    }));
  }

  private replies(id: number, beforeId: number | undefined, n: number): HistoryItem[] {
    const activatedAt = this.db.prepare('SELECT activated_at FROM automations WHERE id = ?').pluck().get(id) as string | null | undefined;
    const rows = this.db
      .prepare(
        `SELECT a.inbound_id, a.outcome, a.msisdn, a.campaign_id, a.reason, a.at, i.sent_at, i.text,
                c.id AS contact_id, c.first_name, c.last_name
         FROM auto_replies a
         LEFT JOIN inbound_messages i ON i.id = a.inbound_id
         LEFT JOIN contacts c ON c.msisdn = a.msisdn
         WHERE (a.automation_id = @id
             -- A text no keyword matched (and no "anything else" rule took) is listed in every keyword rule's history
             -- from its switch-on, so "Aaben" to the ÅBEN rule is seen, not silently dropped (issue 27.8). From the
             -- second it was switched on, as the decisions count it (answersFrom).
             OR (a.automation_id IS NULL AND a.outcome = 'no_rule' AND a.at >= @from))
           AND a.inbound_id < @before
         ORDER BY a.inbound_id DESC LIMIT @n`,
      )
      // A rule never switched on lists no unmatched texts: '~' sorts after every ISO time.
      .all({ id, from: activatedAt ? answersFrom(activatedAt) : '~', before: beforeId ?? Number.MAX_SAFE_INTEGER, n }) as ReplyRow[];
    return rows.map((r) => {
      const code = r.outcome === 'replied' ? null : OUTCOME_CODES[r.outcome as keyof typeof OUTCOME_CODES];
      return {
        id: r.inbound_id,
        kind: 'reply',
        at: r.sent_at ?? r.at,
        recordedAt: r.at,
        state: r.outcome === 'replied' ? 'replied' : r.outcome === 'failed' ? 'failed' : 'skipped',
        recipients: r.outcome === 'replied' ? 1 : 0,
        contactId: r.contact_id,
        name: nameOf(r.first_name, r.last_name),
        msisdn: r.msisdn,
        campaignId: r.campaign_id,
        // The inbound text, so the user sees what was answered (or not); why not is the code.
        reason: r.text ?? r.reason,
        reasonCode: code ? { code } : null,
        cause: null,
        again: false,
      } satisfies HistoryItem;
    });
  }
}
