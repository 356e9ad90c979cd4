// Checks a backup file opened read-only: SQLite's integrity check, its schema version, and what it holds. The running
// core checks table by table and lets other work run in between (a 100,000-contact database takes about a second to
// check); before a migration, with nothing else running, it is checked in one go.
import Database from 'better-sqlite3';
import { setImmediate as turn } from 'node:timers/promises';
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
  const steps = checkSteps(file);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The same check, giving the event loop a turn after each table, so a campaign's requests are answered meanwhile. */
export async function verifyBackupInSlices(file: string): Promise<BackupCheck> {
  const steps = checkSteps(file);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await turn();
  }
}

function* checkSteps(file: string): Generator<void, BackupCheck> {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    return { ok: false, problem: `It cannot be opened: ${(err as Error).message}`, schemaVersion: 0, counts: null };
  }
  try {
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const findings: string[] = [];
    // Table by table (with its indexes); a database without tables gets the whole check.
    for (const t of names.length ? names : [null]) {
      const rows = (t === null ? db.pragma('integrity_check') : db.prepare('SELECT * FROM pragma_integrity_check(?)').all(t)) as { integrity_check: string }[];
      findings.push(...rows.map((r) => r.integrity_check).filter((x) => x !== 'ok'));
      yield;
    }
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
