// "A refused call changes nothing", made checkable: each table's rows as a digest, and a way to take them once the
// core's own start-up work (the first price list, balance and feature looks) has landed, which on a loaded machine is
// seconds late and lands in the middle of a sweep without being any call's doing.
import { createHash } from 'node:crypto';
import type { Db } from '../../src-main/core/db/database';

/** Each table's rows as a SHA-256 digest, by table name, but the tables named in `leaveOut`. */
export function tableDigests(db: Db, leaveOut: readonly string[]): Record<string, string> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[])
    .filter((t) => !leaveOut.includes(t));
  const rows = (t: string) => JSON.stringify(db.prepare(`SELECT * FROM "${t}"`).raw().all(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  return Object.fromEntries(tables.map((t) => [t, createHash('sha256').update(rows(t)).digest('hex')]));
}

/** The digests once they have held still for half a second (at most 15 s of waiting). */
export async function settledTableDigests(db: Db, leaveOut: readonly string[]): Promise<Record<string, string>> {
  let last = tableDigests(db, leaveOut);
  for (const until = Date.now() + 15_000; Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 500));
    const now = tableDigests(db, leaveOut);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}
