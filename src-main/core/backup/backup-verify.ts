// Checks a backup file opened read-only: SQLite's integrity check, its schema version, and what it holds. A
// 100,000-contact database takes about a second to check, so the running core has it done on the backup's thread
// (backup-thread.ts); before a migration or a server's restore, with nothing else running, it is checked here.
import Database from 'better-sqlite3';
import type { BackupCounts } from '../../../src-shared/contract';

export interface BackupCheck {
  ok: boolean;
  problem: string | null;
  schemaVersion: number;
  counts: BackupCounts | null;
}

/** The tables counted for each figure; a table an older schema did not have counts as none. */
const COUNTED: Record<keyof BackupCounts, string[]> = {
  contacts: ['contacts'],
  campaigns: ['campaigns'],
  // Messages both ways: each recipient of a campaign or reply, and each text received.
  messages: ['campaign_recipients', 'inbound_messages'],
  consentEntries: ['consent_log'],
};

export function verifyBackup(file: string): BackupCheck {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    return { ok: false, problem: `It cannot be opened: ${(err as Error).message}`, schemaVersion: 0, counts: null };
  }
  try {
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    // The whole check in one go (tables, indexes, free pages): it runs on the backup's thread, nothing waits for it.
    const findings = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((x) => x !== 'ok');
    if (findings.length) return { ok: false, problem: `The integrity check failed: ${findings.slice(0, 3).join('; ')}`, schemaVersion, counts: null };
    if (schemaVersion < 1) return { ok: false, problem: 'It is not a Besked database.', schemaVersion, counts: null };
    const tables = new Set(names);
    const count = (list: string[]) => list.filter((t) => tables.has(t)).reduce((n, t) => n + (db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number), 0);
    const counts = Object.fromEntries(Object.entries(COUNTED).map(([k, list]) => [k, count(list)])) as BackupCounts;
    return { ok: true, problem: null, schemaVersion, counts };
  } catch (err) {
    return { ok: false, problem: `It cannot be read: ${(err as Error).message}`, schemaVersion: 0, counts: null };
  } finally {
    db.close();
  }
}
