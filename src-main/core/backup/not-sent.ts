// The automation runs a restore recorded as not sent (never-twice.ts): listed with the backup's time, and sent anyway
// one by one when the owner chooses to, through the automations' runner and the campaigns' outbox, once each.
import type { NotSentRun, SentAnyway } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';

/** The automations' part: sends a run recorded as missed for this reason, or null when it is not (or no longer) one. */
export type SendMissedAnyway = (rowId: number, reason: 'backup.restoredNotSent') => Promise<SentAnyway | null>;

interface Raw {
  id: number;
  automation_id: number;
  name: string;
  due_at: string;
  contact_id: number;
  first_name: string | null;
  last_name: string | null;
  e164: string | null;
  reason_code: string;
}

/** Every run still not sent after a restore, oldest due first. */
export function notSentRuns(db: Db): NotSentRun[] {
  const rows = db
    .prepare(
      `SELECT o.id, o.automation_id, a.name, o.due_at, o.contact_id, c.first_name, c.last_name, c.e164, o.reason_code
       FROM automation_occurrences o JOIN automations a ON a.id = o.automation_id LEFT JOIN contacts c ON c.id = o.contact_id
       WHERE o.state = 'missed' AND o.reason_code LIKE '{"code":"backup.restoredNotSent"%'
       ORDER BY o.due_at, o.id`,
    )
    .all() as Raw[];
  return rows.map((r) => ({
    id: r.id,
    automationId: r.automation_id,
    automationName: r.name,
    dueAt: r.due_at,
    contactId: r.contact_id === 0 ? null : r.contact_id,
    contactName: r.contact_id === 0 ? null : [r.first_name, r.last_name].filter(Boolean).join(' ') || r.e164,
    backupAt: backupTimeOf(r.reason_code),
  }));
}

function backupTimeOf(reasonCode: string): string {
  try {
    return String((JSON.parse(reasonCode) as { params?: { at?: unknown } }).params?.at ?? '');
  } catch {
    return '';
  }
}

export async function sendNotSent(send: SendMissedAnyway, rowId: number): Promise<SentAnyway> {
  const r = await send(rowId, 'backup.restoredNotSent');
  if (!r) {
    throw new BeskedError(
      'conflict',
      'That run is no longer waiting to be sent: it was sent anyway already, or its automation was deleted. Nothing was sent.',
      coded('backup.notSentGone'),
    );
  }
  return r;
}
