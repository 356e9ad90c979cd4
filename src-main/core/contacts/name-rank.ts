// A contact's place in name order as one integer, the search index's rowid (issue 30.1): FTS5 walks a term's
// matches in rowid order and can stop after a page, so a search's first page in name order costs a page's reads.
//
// name_rank = name_bucket * 2^26 + (id mod 2^26), a generated column of contacts (schema 20). name_bucket is a
// number that never decreases as the sort key (sort-key.ts, compared byte by byte) grows: its first 7 characters
// in a 37-letter alphabet. Contacts that share a bucket ("maria h…") are in id order, not name order, among
// themselves, so a reader completes the last bucket it touches and sorts by (sort_key, id) (contact-store.ts).
// Ids must stay below 2^26 (67 million contacts ever created: ids are never reused); beyond that two contacts
// could share a rank and the UNIQUE index would refuse the second.
import type { Db } from '../db/database';

/** Characters of the sort key a bucket tells apart. */
const BUCKET_CHARS = 7;
/** Letters of the bucket alphabet: 37^7 < 2^37, so a rank stays below 2^63. */
const RADIX = 37;
/** Low bits of the rank that hold the id. */
export const RANK_ID_BITS = 26n;
/** The SQL function the writers call with a sort key: besked_name_bucket(sort_key). */
export const NAME_BUCKET_SQL = 'besked_name_bucket';

/** Letters that stand for several characters: after one, the rest of the key is not told apart. */
const LOSSY = new Set([1, 3, 5, 36]);

/**
 * A character's letter in the bucket alphabet, in code point order (which is UTF-8 byte order): 0 the end, then
 * control characters, space, !"#$%&'()*+, , '-', ./0-9:…@A–Z[…`, a–z one each, {|}~ one each (æ, ø, å), then
 * everything from 0x7F on. Names are mostly letters, spaces and hyphens, which all keep their own letter.
 */
export function bucketLetter(codePoint: number | undefined): number {
  if (codePoint === undefined) return 0;
  if (codePoint < 0x20) return 1;
  if (codePoint === 0x20) return 2;
  if (codePoint < 0x2d) return 3;
  if (codePoint === 0x2d) return 4;
  if (codePoint < 0x61) return 5;
  if (codePoint < 0x7f) return codePoint - 0x5b; // a → 6 … ~ → 35
  return 36;
}

/** The bucket of a sort key: never smaller for a key that sorts later. */
export function nameBucket(sortKey: string): number {
  let bucket = 0;
  let truncated = false;
  const chars = [...sortKey.slice(0, BUCKET_CHARS * 2)];
  for (let i = 0; i < BUCKET_CHARS; i++) {
    const letter = truncated ? 0 : bucketLetter(chars[i]?.codePointAt(0));
    // After a letter that stands for several characters, the ones after it would break the order.
    if (LOSSY.has(letter)) truncated = true;
    bucket = bucket * RADIX + letter;
  }
  return bucket;
}

/** The bucket a rank belongs to (ranks come from SQLite as BigInt: they pass 2^53). */
export function bucketOfRank(rank: bigint): bigint {
  return rank >> RANK_ID_BITS;
}

/** The first rank past a bucket. */
export function bucketEnd(bucket: bigint): bigint {
  return (bucket + 1n) << RANK_ID_BITS;
}

/** Registers besked_name_bucket(sort_key) on a connection that writes contacts with SQL alone (import, undo). */
export function registerNameBucket(db: Db): void {
  db.function(NAME_BUCKET_SQL, { deterministic: true }, (key: unknown) => nameBucket(String(key ?? '')));
}
