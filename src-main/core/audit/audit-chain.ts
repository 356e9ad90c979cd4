// The audit trail's hash chain: each entry's hash covers its canonical content and the hash of the entry before it,
// so an entry added, changed or removed at SQL level (past the triggers that refuse UPDATE and DELETE) breaks the
// chain from there on, and the newest entries removed leave the table's id sequence ahead of it. verifyChain finds
// the first break. One definition for the writer, the verifier and the migration that chained the older rows.
import { createHash } from 'node:crypto';
import type { AuditVerification } from '../../../src-shared/contract';
import type { Db } from '../db/database';

/** The columns an entry's hash covers, in this order; its id too, so an entry cannot move. */
export interface ChainedContent {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string;
  role: string | null;
  address: string;
  action: string;
  call: string;
  detail: string;
  outcome: string;
  error: string | null;
}

/** The first entry's predecessor. */
export const GENESIS = '0'.repeat(64);

/** SHA-256 over the previous hash and the entry as a JSON array (unambiguous: every field quoted or null). */
export function entryHash(prev: string, e: ChainedContent): string {
  const canonical = JSON.stringify([e.id, e.at, e.user_id, e.user_name, e.role, e.address, e.action, e.call, e.detail, e.outcome, e.error]);
  return createHash('sha256').update(prev).update('\n').update(canonical).digest('hex');
}

/** The hash the next entry chains to, and the id it gets (AUTOINCREMENT's next: ids are never reused). */
export function chainHead(db: Db): { prev: string; nextId: number } {
  const last = db.prepare('SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1').pluck().get() as string | null | undefined;
  const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'").pluck().get() as number | undefined;
  return { prev: last ?? GENESIS, nextId: (seq ?? 0) + 1 };
}

type Row = ChainedContent & { hash: string | null };

/**
 * Chains again the entries an erasure took a person's number and name out of (issue 28.10): from the first whose hash
 * no longer matches, up to (not including) `untilId` — where the chain was already broken before the erasure, so an
 * erasure never hides a break someone made outside Besked. Only inside an erasure, while privacy_erasing has its row
 * (the trigger refuses any other change). Returns how many entries were chained again.
 */
export function rechainAfterErasure(db: Db, untilId: number | null): number {
  let prev = GENESIS;
  let changed = 0;
  const set = db.prepare('UPDATE audit_log SET hash = ? WHERE id = ?');
  const rows = db
    .prepare(`SELECT id, at, user_id, user_name, role, address, action, call, detail, outcome, error, hash FROM audit_log ${untilId === null ? '' : 'WHERE id < ?'} ORDER BY id`)
    .all(...(untilId === null ? [] : [untilId])) as Row[];
  for (const r of rows) {
    const want = entryHash(prev, r);
    if (r.hash !== want) {
      set.run(want, r.id);
      changed++;
    }
    prev = want;
  }
  return changed;
}

/**
 * Walks the whole trail oldest first and says whether every entry's hash is what its content and its predecessor
 * give; the first that is not is where someone added, changed or removed an entry outside Besked.
 */
export function verifyChain(db: Db, checkedAt: string): AuditVerification {
  let prev = GENESIS;
  let entries = 0;
  let lastId = 0;
  const rows = db.prepare('SELECT id, at, user_id, user_name, role, address, action, call, detail, outcome, error, hash FROM audit_log ORDER BY id').iterate() as IterableIterator<Row>;
  for (const r of rows) {
    entries++;
    lastId = r.id;
    if (r.hash === null || r.hash !== entryHash(prev, r)) {
      // Ends the statement's iteration at once (return() finalises it), so the table is not held open.
      rows.return?.();
      return { ok: false, entries, checkedAt, broken: { id: r.id, at: r.at, reason: 'mismatch' } };
    }
    prev = r.hash;
  }
  const seq = (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'").pluck().get() as number | undefined) ?? 0;
  if (seq > lastId) return { ok: false, entries, checkedAt, broken: { id: lastId + 1, at: null, reason: 'newestMissing' } };
  return { ok: true, entries, checkedAt, broken: null };
}
