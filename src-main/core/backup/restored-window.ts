// The span between a restored backup's time and the restore, kept in sync_state: texts received in it may have been
// answered by the Besked that ran then, so auto-replies leave them alone (core/automations/auto-reply.ts asks here).
import type { Db } from '../db/database';

export const TAKEN_AT_KEY = 'backup.takenAt';
export const RESTORED_WINDOW_KEY = 'backup.restoredWindow';

export interface RestoredWindow {
  from: string;
  to: string;
}

export function readRestoredWindow(db: Db): RestoredWindow | null {
  const raw = db.prepare('SELECT value FROM sync_state WHERE key = ?').pluck().get(RESTORED_WINDOW_KEY) as string | undefined;
  if (!raw) return null;
  try {
    const w = JSON.parse(raw) as Partial<RestoredWindow>;
    return typeof w.from === 'string' && typeof w.to === 'string' ? { from: w.from, to: w.to } : null;
  } catch {
    return null;
  }
}

/** Notes in a backup's copy when it was taken, so a restore from a bare file knows what it cannot know about. */
export function writeTakenAt(db: Db, at: string): void {
  if (hasTable(db, 'sync_state')) db.prepare('INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)').run(TAKEN_AT_KEY, at);
}

export const hasTable = (db: Db, name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** Whether a text sent at this time fell in the window (ISO times compare as text). */
export function inRestoredWindow(w: RestoredWindow | null, sentAt: string): boolean {
  return w !== null && sentAt >= w.from && sentAt <= w.to;
}
