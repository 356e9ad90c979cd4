// The runs an automation was due to send while it was paused: when it is switched on again they are listed in its
// history as skipped (cause: paused), so a pause's gap is seen rather than silent (issue 27.5): a recurring rule's
// whole runs, a date-field rule's occurrence per contact. Nothing of them is sent: switching on plans from now.
import { occurrencesBetween, recurringOccurrenceKey } from '../../../src-shared/automations/recurrence';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { AutomationRow } from './automation-store';
import type { DueIndex } from './due-index';
import { WHOLE_RUN, type Claim, type OccurrenceLog } from './occurrence-log';

/** A rule paused for years lists its gap's first runs only this far (a daily rule: almost three years). */
const MAX_LISTED = 1_000;

const SKIPPED_PAUSED = 'The automation was paused when this run was due, so it was not sent.';
const SKIPPED_OPTED_OUT = 'The number has opted out, so nothing was sent.';

export interface PausedRunsDeps {
  db: Db;
  log: OccurrenceLog;
  due: DueIndex;
}

/**
 * Why a date-field occurrence that fell due during a pause was not sent: a contact who had opted out by then would
 * have been skipped for that with the rule on (the runner's reason, which the pause did not change); anyone else
 * was skipped because of the pause. An opt-out after the due time is not why.
 */
export function pausedSkipCause(dueMs: number, optedOutAtMs: number | null): 'paused' | 'opted_out' {
  return optedOutAtMs !== null && optedOutAtMs <= dueMs ? 'opted_out' : 'paused';
}

/**
 * Records as skipped each run of a paused rule due from where its runner had looked (or its pause, if earlier) up
 * to `nowMs`. A run withdrawn by the pause is taken over (withdrawn, then skipped); one recorded otherwise is left
 * as it is. Returns how many were listed as skipped because of the pause (the resume toast's count).
 */
export function listSkippedWhilePaused(d: PausedRunsDeps, paused: AutomationRow, nowMs: number): number {
  if (paused.state !== 'paused') return 0;
  const pausedMs = Date.parse(paused.updatedAt);
  const spec = paused.draft.spec;
  if (spec.kind === 'recurring') {
    const fromMs = Math.min(Date.parse(paused.scannedTo ?? paused.updatedAt), pausedMs);
    if (!Number.isFinite(fromMs)) return 0;
    let listed = 0;
    for (const t of occurrencesBetween(spec, paused.draft.timeZone, fromMs, nowMs, MAX_LISTED)) {
      if (d.log.claim(skip(paused, recurringOccurrenceKey(t), WHOLE_RUN, t, 'paused'))) listed++;
    }
    return listed;
  }
  if (spec.kind !== 'date_field' || !Number.isFinite(pausedMs)) return 0;
  // The runner keeps no scan mark for a date-field rule: what it had recorded up to the pause is owned (sent,
  // skipped) or withdrawn by the pause, and claim() leaves the first alone and takes the second over.
  const optedOutAt = prepared(d.db, 'SELECT o.at FROM contacts c JOIN opt_outs o ON o.msisdn = c.msisdn WHERE c.id = ?', 'pluck');
  let listed = 0;
  d.db.transaction(() => {
    for (const r of d.due.dueBetween(paused, pausedMs, nowMs, MAX_LISTED)) {
      const dueMs = Date.parse(r.dueAt);
      const at = optedOutAt.get(r.contactId) as string | undefined;
      const cause = pausedSkipCause(dueMs, at === undefined ? null : Date.parse(at));
      if (d.log.claim(skip(paused, r.occurrence, r.contactId, dueMs, cause)) && cause === 'paused') listed++;
    }
  })();
  return listed;
}

function skip(a: AutomationRow, occurrence: string, contactId: number, dueMs: number, why: 'paused' | 'opted_out'): Claim {
  return {
    automationId: a.id,
    occurrence,
    contactId,
    dueAt: new Date(dueMs).toISOString(),
    state: 'skipped',
    campaignId: null,
    recipients: 0,
    revision: a.revision,
    ...(why === 'paused'
      ? { reason: SKIPPED_PAUSED, reasonCode: coded('automation.skippedPaused'), cause: 'paused' as const }
      : { reason: SKIPPED_OPTED_OUT, reasonCode: coded('automation.skippedOptedOut'), cause: null }),
  };
}
