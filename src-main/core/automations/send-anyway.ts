// A run recorded as missed, sent anyway because the user chose to (a restore lists the runs that fell due after its
// backup as not sent): the row taken over and its campaign written in one transaction, then sent as the runner sends
// any run, through the campaigns' outbox. Once: a row that is no longer missed is never taken again.
import type { SentAnyway } from '../../../src-shared/contract';
import type { ErrorCode } from '../../../src-shared/error-codes';
import { prepared } from '../db/prepared';
import type { AutomationRow } from './automation-store';
import { WHOLE_RUN, type OccurrenceRow } from './occurrence-log';
import { recordRun, sendRun, type RunDeps } from './run-campaign';

/** The missed row `rowId` if its reason is `reason` (a JSON Coded in reason_code). */
export function missedRow(d: Pick<RunDeps, 'db'>, rowId: number, reason: ErrorCode): OccurrenceRow | null {
  const row = prepared(d.db, "SELECT * FROM automation_occurrences WHERE id = ? AND state = 'missed'").get(rowId) as OccurrenceRow | undefined;
  if (!row?.reason_code) return null;
  try {
    return (JSON.parse(row.reason_code) as { code?: unknown }).code === reason ? row : null;
  } catch {
    return null;
  }
}

/**
 * Sends the missed run `rowId` (its reason `reason`) now, or returns null when it is not (or no longer) such a run or
 * its automation is gone. The caller runs it alone among the runner's work, so no tick sees the run half-way.
 */
export async function sendAnyway(d: RunDeps, automation: (id: number) => AutomationRow | undefined, rowId: number, reason: ErrorCode): Promise<SentAnyway | null> {
  const row = missedRow(d, rowId, reason);
  const a = row ? automation(row.automation_id) : undefined;
  if (!row || !a) return null;
  const campaignId = d.db.transaction(() => {
    // Taken over as a withdrawn row is (recordRun plans such a row again); in the same transaction, so nothing sees it between.
    if (prepared(d.db, "UPDATE automation_occurrences SET state = 'withdrawn' WHERE id = ? AND state = 'missed'").run(rowId).changes === 0) return null;
    return recordRun(d, {
      automation: a,
      dueMs: Date.parse(row.due_at),
      members: [{ occurrence: row.occurrence, contactId: row.contact_id }],
      recipients: row.contact_id === WHOLE_RUN && a.draft.spec.kind === 'recurring' ? a.draft.spec.recipients : null,
      ahead: false,
    });
  })();
  if (campaignId === null) return null;
  const outcome = await sendRun(d, a, campaignId);
  d.events.emit('automations.changed', { ids: [a.id] });
  return outcome === 'gone' ? null : { outcome, campaignId: outcome === 'skipped' ? null : campaignId };
}
