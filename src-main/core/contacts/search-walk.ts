// How a search's windows are found in name order at any directory size: the capped total, and the walk along
// the search index in rowid order, which is name order up to the buckets of name-rank.ts, stopping after the window.
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { bucketEnd, bucketOfRank, RANK_ID_BITS } from './name-rank';

/** Totals above this are reported as "more than" it: counting a million matches to show 100 is waste. */
export const TOTAL_CAP = 10_000;

export interface RankWindow {
  /** The window's contact ids in (sort_key, id) order. */
  ids: number[];
  /** Matches counted, up to cap + 1. */
  matches: number;
}

/**
 * The ids of matches offset … offset+limit-1 in (sort_key, id) order, and the matches counted up to cap + 1.
 * `from` is an FTS5 query aliased f (or a join on it) whose first parameter is the MATCH; `params` follow it.
 *
 * One pass over the index (a long prefix makes FTS5 merge every term it starts, so it is read once) takes the
 * first cap + 1 ranks, counts them and returns those up to the end of the bucket of the window's last rank: each
 * bucket before it is complete, and so is that one. Buckets wholly before the window's first row are only counted;
 * the rest are sorted by (sort_key, id), which within a bucket differs from rank (id) order, and the window cut.
 * Ranks pass 2^53, so they stay BigInt.
 */
export function rankWindow(db: Db, from: string, params: readonly unknown[], offset: number, limit: number, cap: number): RankWindow {
  const want = offset + limit;
  const rows = prepared(
    db,
    `WITH m AS MATERIALIZED (SELECT f.rowid AS r FROM ${from} ORDER BY f.rowid LIMIT ?),
       e AS (SELECT ((max(r) >> ${RANK_ID_BITS}) + 1) << ${RANK_ID_BITS} AS e FROM (SELECT r FROM m ORDER BY r LIMIT ?))
     SELECT r, (SELECT count(*) FROM m) FROM m WHERE r < (SELECT e FROM e) ORDER BY r`,
    'rawBigInt',
  ).all(...params, cap + 1, want) as [bigint, bigint][];
  if (rows.length === 0) return { ids: [], matches: 0 };
  const matches = Number(rows[0]![1]);
  const ranks = rows.map((r) => r[0]);
  if (matches > cap && ranks.length === matches) {
    // The window, or its last bucket, runs past the ranks counted: read on from there.
    const on = `SELECT f.rowid FROM ${from} AND f.rowid > ?`;
    const more = prepared(db, `${on} ORDER BY f.rowid LIMIT ?`, 'pluckBigInt').all(...params, ranks.at(-1)!, Math.max(0, want - ranks.length)) as bigint[];
    ranks.push(...more);
    const last = ranks.at(-1)!;
    ranks.push(...(prepared(db, `${on} AND f.rowid < ? ORDER BY f.rowid`, 'pluckBigInt').all(...params, last, bucketEnd(bucketOfRank(last))) as bigint[]));
  }
  if (ranks.length <= offset) return { ids: [], matches };
  // Matches in buckets before the window's first row's bucket all sort before it, in rank order already.
  const firstBucket = bucketOfRank(ranks[offset]!);
  let skipped = offset;
  while (skipped > 0 && bucketOfRank(ranks[skipped - 1]!) === firstBucket) skipped--;
  const ids = prepared(
    db,
    `SELECT c.id FROM contacts c INDEXED BY contacts_by_name_rank WHERE c.name_rank IN (SELECT value FROM json_each(?))
     ORDER BY c.sort_key, c.id LIMIT ? OFFSET ?`,
    'pluck',
  ).all(`[${ranks.slice(skipped).join(',')}]`, limit, offset - skipped) as number[];
  return { ids, matches };
}
