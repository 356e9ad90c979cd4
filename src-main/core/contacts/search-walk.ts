// How a search's windows are found in name order at any directory size: the capped total, and the walk along
// the search index in rowid order, which is name order up to the buckets of name-rank.ts, stopping after the window.
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { bucketEnd, bucketOfRank } from './name-rank';

/** Totals above this are reported as "more than" it: counting a million matches to show 100 is waste. */
export const TOTAL_CAP = 10_000;

const bigints = (db: Db, sql: string) => prepared(db, sql, 'pluckBigInt');

/**
 * The ids of matches offset … offset+limit-1 in (sort_key, id) order. `from` is an FTS5 query (or a join on it)
 * whose first column is the index's rowid and whose first parameter is the MATCH; `params` follow it.
 *
 * The ranks of the first offset+limit matches are read in rank order (FTS5 stops there). Each bucket before the
 * last one read is complete; the last is read to its end. Buckets wholly before the window's first row are only
 * counted; the rest are sorted by (sort_key, id) — which within a bucket is a different order than by rank — and
 * the window cut. Ranks pass 2^53, so they stay BigInt.
 */
export function rankWindow(db: Db, from: string, params: readonly unknown[], offset: number, limit: number): number[] {
  const head = bigints(db, `SELECT f.rowid FROM ${from} ORDER BY f.rowid LIMIT ?`).all(...params, offset + limit) as bigint[];
  if (head.length <= offset) return [];
  const last = head[head.length - 1]!;
  const tail = bigints(db, `SELECT f.rowid FROM ${from} AND f.rowid > ? AND f.rowid < ? ORDER BY f.rowid`).all(
    ...params,
    last,
    bucketEnd(bucketOfRank(last)),
  ) as bigint[];
  // Matches in buckets before the window's first row's bucket all sort before it, in rank order already.
  const firstBucket = bucketOfRank(head[offset]!);
  let skipped = offset;
  while (skipped > 0 && bucketOfRank(head[skipped - 1]!) === firstBucket) skipped--;
  const candidates = head.slice(skipped).concat(tail);
  return prepared(
    db,
    `SELECT c.id FROM contacts c INDEXED BY contacts_by_name_rank WHERE c.name_rank IN (SELECT value FROM json_each(?))
     ORDER BY c.sort_key, c.id LIMIT ? OFFSET ?`,
    'pluck',
  ).all(`[${candidates.join(',')}]`, limit, offset - skipped) as number[];
}
