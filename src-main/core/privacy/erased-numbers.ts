// The erased numbers, kept only as keyed hashes (schema 16): whether an erased number had opted out, so it stays refused
// when it comes back (typed in the composer, texting in, imported again). Consulted by contacts/consent.ts, which every
// send asks.
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { numberHash } from './number-hash';

/** How many erased numbers had opted out: zero on most databases, and then no number needs hashing. */
function optedOutCount(db: Db): number {
  return prepared(db, 'SELECT COUNT(*) FROM erased_numbers WHERE opted_out = 1', 'pluck').get() as number;
}

/** Whether this number was erased while opted out. */
export function isErasedOptOut(db: Db, msisdn: number): boolean {
  if (optedOutCount(db) === 0) return false;
  return prepared(db, 'SELECT 1 FROM erased_numbers WHERE hash = ? AND opted_out = 1', 'pluck').get(numberHash(db, msisdn)) !== undefined;
}

/**
 * The numbers among many that were erased while opted out (a campaign's recipient list). Hashing is the cost (a few
 * microseconds a number), so only numbers that could be erased ones are hashed: a contact unchanged since before the
 * first such erasure cannot hold an erased number (the erasure deleted every contact with it), which leaves typed
 * numbers and contacts added or changed since.
 */
export function erasedOptOutsAmong(db: Db, msisdns: readonly number[]): Set<number> {
  const found = new Set<number>();
  if (msisdns.length === 0 || optedOutCount(db) === 0) return found;
  const since = prepared(db, 'SELECT MIN(erased_at) FROM erased_numbers WHERE opted_out = 1', 'pluck').get() as string;
  const candidates = prepared(
    db,
    'SELECT j.value FROM json_each(?) j WHERE NOT EXISTS (SELECT 1 FROM contacts c WHERE c.msisdn = j.value AND c.updated_at < ?)',
    'pluck',
  ).all(JSON.stringify(msisdns), since) as number[];
  if (candidates.length === 0) return found;
  const hashes = new Set(prepared(db, 'SELECT hash FROM erased_numbers WHERE opted_out = 1', 'pluck').all() as string[]);
  for (const m of candidates) if (hashes.has(numberHash(db, m))) found.add(m);
  return found;
}

/** Records an erased number by its hash; an opt-out once recorded stays (a later erasure of the same number keeps it). */
export function recordErased(db: Db, msisdn: number, optedOut: boolean, at: string): void {
  prepared(db, `INSERT INTO erased_numbers (hash, opted_out, erased_at) VALUES (?, ?, ?)
    ON CONFLICT (hash) DO UPDATE SET opted_out = MAX(opted_out, excluded.opted_out), erased_at = excluded.erased_at`).run(numberHash(db, msisdn), optedOut ? 1 : 0, at);
}
