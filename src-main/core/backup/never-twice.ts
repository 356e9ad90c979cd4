// What a restored database must not do: send again what went out after the backup was taken. The backup cannot know
// what that was, so before it is swapped in: every campaign that was on its way waits paused, to be checked; what was
// in flight becomes uncertain; every automation run that fell due since the backup's time (or that the running Besked
// would have handed to the gateway ahead) is recorded as not sent; and the window is kept so auto-replies do not answer
// the texts of it again.
import Database from 'better-sqlite3';
import { occurrencesBetween, recurringOccurrenceKey } from '../../../src-shared/automations/recurrence';
import type { RecurringSpec } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { hasTable, readRestoredWindow, RESTORED_WINDOW_KEY, TAKEN_AT_KEY } from './restored-window';

export { readRestoredWindow };

export interface MadeSafe {
  pausedCampaigns: number;
  heldOccurrences: number;
}

const HOUR = 3600_000;
const code = (c: ReturnType<typeof coded>) => JSON.stringify({ code: c.code, params: c.params ?? {} });

/** When the backup was taken, as the backup itself recorded it (backup-file.ts writes it into every copy). */
export function readTakenAt(db: Database.Database): string | null {
  if (!hasTable(db, 'sync_state')) return null;
  return (db.prepare('SELECT value FROM sync_state WHERE key = ?').pluck().get(TAKEN_AT_KEY) as string | undefined) ?? null;
}


/** Applies the rules above to a restored database at the latest schema, before it is swapped in. */
export function makeSafeAfterRestore(file: string, takenAt: string, nowMs: number): MadeSafe {
  const db = new Database(file);
  try {
    return db.transaction(() => {
      const pausedCampaigns = pauseCampaigns(db, takenAt);
      const heldOccurrences = holdAutomationRuns(db, takenAt, nowMs);
      db.prepare('INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)').run(RESTORED_WINDOW_KEY, JSON.stringify({ from: windowStart(db, takenAt), to: new Date(nowMs).toISOString() }));
      return { pausedCampaigns, heldOccurrences };
    })();
  } finally {
    db.close();
  }
}

/**
 * Where the auto-replies' window starts: at the backup's time, or earlier at the first text the backup holds but had
 * not yet decided — the Besked that ran on may have answered it after the backup was taken, and the gateway has no
 * list of sent messages to look that answer up in (docs/backups.md). Decided texts keep their decision.
 */
function windowStart(db: Database.Database, takenAt: string): string {
  if (!hasTable(db, 'inbound_messages') || !hasTable(db, 'auto_replies')) return takenAt;
  const earliest = db
    .prepare('SELECT MIN(i.sent_at) FROM inbound_messages i WHERE i.sent_at < ? AND NOT EXISTS (SELECT 1 FROM auto_replies r WHERE r.inbound_id = i.id)')
    .pluck()
    .get(takenAt) as string | null;
  return earliest ?? takenAt;
}

function pauseCampaigns(db: Database.Database, takenAt: string): number {
  const why = `Restored from a backup of ${takenAt}: check before sending. What it sent after that time is not known here.`;
  const paused = db
    .prepare(
      `UPDATE campaigns SET state = 'paused', last_error = ?, last_error_code = ?, next_attempt_at = NULL
       WHERE state IN ('waiting', 'scheduled', 'sending')`,
    )
    .run(why, code(coded('backup.restoredCheck', { at: takenAt }))).changes;
  db.prepare(
    "UPDATE campaign_recipients SET reason = ? WHERE state = 'queued' AND campaign_id IN (SELECT id FROM campaigns WHERE last_error_code = ?)",
  ).run(`Restored from a backup of ${takenAt}: check before sending.`, code(coded('backup.restoredCheck', { at: takenAt })));
  // A request on its way when the backup was taken may have gone out: never sent again by itself.
  const uncertain = `In flight when the backup of ${takenAt} was taken: it may have been sent.`;
  db.prepare("UPDATE send_chunks SET state = 'uncertain', error = ?, finished_at = COALESCE(finished_at, ?) WHERE state = 'in_flight'").run(uncertain, takenAt);
  db.prepare("UPDATE campaign_recipients SET state = 'uncertain', reason = ? WHERE state = 'in_flight'").run(uncertain);
  return paused;
}

interface AutomationRow {
  id: number;
  kind: string;
  draft: string;
  revision: number;
  activated_at: string | null;
  scanned_to: string | null;
}

/**
 * Every run recorded but not sent, and every run due from where the backup's runner had looked to now plus the
 * look-ahead (what the running Besked may have handed to the gateway already), is recorded as not sent.
 */
function holdAutomationRuns(db: Database.Database, takenAt: string, nowMs: number): number {
  const why = `Not sent: restored from a backup of ${takenAt}. It may have gone out before the restore; send it again only if it did not.`;
  const reason = code(coded('backup.restoredNotSent', { at: takenAt }));
  const at = new Date(nowMs).toISOString();
  let held = db
    .prepare("UPDATE automation_occurrences SET state = 'missed', reason = ?, reason_code = ?, updated_at = ? WHERE state IN ('planned', 'held')")
    .run(why, reason, at).changes;
  // Their draft campaigns would otherwise wait to be sent.
  db.prepare("DELETE FROM campaigns WHERE state = 'draft' AND automation_id IS NOT NULL AND id IN (SELECT campaign_id FROM automation_occurrences WHERE reason_code = ?)").run(reason);
  const ahead = lookAheadMs(db);
  const claim = db.prepare(
    `INSERT OR IGNORE INTO automation_occurrences
       (automation_id, occurrence, contact_id, due_at, state, campaign_id, recipients, reason, reason_code, revision, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'missed', NULL, 0, ?, ?, ?, ?, ?)`,
  );
  const active = db.prepare("SELECT id, kind, draft, revision, activated_at, scanned_to FROM automations WHERE state = 'active'").all() as AutomationRow[];
  const toMs = nowMs + ahead;
  for (const a of active) {
    if (a.kind === 'recurring') {
      const draft = JSON.parse(a.draft) as { timeZone: string; spec: RecurringSpec };
      const fromMs = Date.parse(a.scanned_to ?? a.activated_at ?? takenAt);
      for (const t of occurrencesBetween(draft.spec, draft.timeZone, fromMs, toMs, 10_000)) {
        held += claim.run(a.id, recurringOccurrenceKey(t), 0, new Date(t).toISOString(), why, reason, a.revision, at, at).changes;
      }
    } else if (a.kind === 'date_field') {
      const due = db.prepare('SELECT contact_id, due_at, occurrence FROM automation_due WHERE automation_id = ? AND due_at <= ?').all(a.id, new Date(toMs).toISOString()) as {
        contact_id: number;
        due_at: string;
        occurrence: string;
      }[];
      for (const r of due) held += claim.run(a.id, r.occurrence, r.contact_id, r.due_at, why, reason, a.revision, at, at).changes;
    } else if (a.kind === 'welcome') {
      // Joins queued in the backup were welcomed after it, most likely: listed as not sent rather than welcomed twice.
      const queued = db.prepare('SELECT contact_id, joined_at FROM automation_welcome_queue WHERE automation_id = ?').all(a.id) as { contact_id: number; joined_at: string }[];
      for (const r of queued) held += claim.run(a.id, 'welcome', r.contact_id, r.joined_at, why, reason, a.revision, at, at).changes;
      db.prepare('DELETE FROM automation_welcome_queue WHERE automation_id = ?').run(a.id);
    }
  }
  return held;
}

/** The settings' look-ahead: legacy runs are handed to the gateway this far ahead of their time. */
function lookAheadMs(db: Database.Database): number {
  const raw = db.prepare("SELECT value FROM settings WHERE key = 'automations'").pluck().get() as string | undefined;
  try {
    const hours = raw ? (JSON.parse(raw) as { lookAheadHours?: unknown }).lookAheadHours : undefined;
    return (typeof hours === 'number' ? hours : 24) * HOUR;
  } catch {
    return 24 * HOUR;
  }
}

