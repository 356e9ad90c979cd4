// The runs a recurring automation was due to send while it was paused: when it is switched on again they are listed
// in its history as skipped (cause: paused), so a pause's gap is seen rather than silent (issue 27.5). Nothing of
// them is sent: switching on plans from now.
import { occurrencesBetween, recurringOccurrenceKey } from '../../../src-shared/automations/recurrence';
import { coded } from '../../../src-shared/error-codes';
import type { AutomationRow } from './automation-store';
import { WHOLE_RUN, type OccurrenceLog } from './occurrence-log';

/** A rule paused for years lists its most recent gap only this far (a daily rule: almost three years). */
const MAX_LISTED = 1_000;

const SKIPPED_PAUSED = 'The automation was paused when this run was due, so it was not sent.';

/**
 * Records as skipped each run of a paused recurring rule due from where its runner had looked (or its pause, if
 * earlier) up to `nowMs`. A run withdrawn by the pause is taken over (withdrawn, then skipped); one recorded
 * otherwise is left as it is. Returns how many were listed.
 */
export function listSkippedWhilePaused(log: OccurrenceLog, paused: AutomationRow, nowMs: number): number {
  const spec = paused.draft.spec;
  if (paused.state !== 'paused' || spec.kind !== 'recurring') return 0;
  const fromMs = Math.min(Date.parse(paused.scannedTo ?? paused.updatedAt), Date.parse(paused.updatedAt));
  if (!Number.isFinite(fromMs)) return 0;
  let listed = 0;
  for (const t of occurrencesBetween(spec, paused.draft.timeZone, fromMs, nowMs, MAX_LISTED)) {
    const mine = log.claim({
      automationId: paused.id,
      occurrence: recurringOccurrenceKey(t),
      contactId: WHOLE_RUN,
      dueAt: new Date(t).toISOString(),
      state: 'skipped',
      campaignId: null,
      recipients: 0,
      revision: paused.revision,
      reason: SKIPPED_PAUSED,
      reasonCode: coded('automation.skippedPaused'),
      cause: 'paused',
    });
    if (mine) listed++;
  }
  return listed;
}
