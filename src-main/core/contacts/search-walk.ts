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
 * Where a search's matches come from, as ranks: the search index (`rank` f.rowid) and, while an import's contacts are
 * not in it yet, the fresh index (schema 23, `rank` x.rowid: its rowid is the name rank too). `from` is a FROM clause
 * ending in a WHERE condition (more conditions are added with AND); `params` are its parameters.
 */
export interface RankSource {
  from: string;
  rank: string;
  params: readonly unknown[];
}

/** One SELECT of `r` per source, each with `extra` added to its WHERE, joined with UNION ALL. */
function ranksSql(sources: readonly RankSource[], extra = ''): string {
  return sources.map((s) => `SELECT ${s.rank} AS r FROM ${s.from}${extra.replaceAll('$rank', s.rank)}`).join(' UNION ALL ');
}

/** What the sources' ranks are ordered by: a single source's own rank (FTS5 then reads in rowid order, no sort). */
function byRank(sources: readonly RankSource[]): string {
  return sources.length === 1 ? sources[0]!.rank : 'r';
}

/** The sources' parameters in order, each followed by `extra`'s. */
function ranksParams(sources: readonly RankSource[], extra: readonly unknown[] = []): unknown[] {
  return sources.flatMap((s) => [...s.params, ...extra]);
}

/**
 * The ids of matches offset … offset+limit-1 in (sort_key, id) order, and the matches counted up to cap + 1.
 *
 * One pass over the index (a long prefix makes FTS5 merge every term it starts, so it is read once) takes the
 * first cap + 1 ranks, counts them and returns those up to the end of the bucket of the window's last rank: each
 * bucket before it is complete, and so is that one. Buckets wholly before the window's first row are only counted;
 * the rest are sorted by (sort_key, id), which within a bucket differs from rank (id) order, and the window cut.
 * Ranks pass 2^53, so they stay BigInt. With two sources SQLite merges them in rank order, each side read in its
 * index's rowid order, and stops after cap + 1.
 */
export function rankWindow(db: Db, sources: readonly RankSource[], offset: number, limit: number, cap: number): RankWindow {
  const want = offset + limit;
  const rows = prepared(
    db,
    `WITH m AS MATERIALIZED (${ranksSql(sources)} ORDER BY ${byRank(sources)} LIMIT ?),
       e AS (SELECT ((max(r) >> ${RANK_ID_BITS}) + 1) << ${RANK_ID_BITS} AS e FROM (SELECT r FROM m ORDER BY r LIMIT ?))
     SELECT r, (SELECT count(*) FROM m) FROM m WHERE r < (SELECT e FROM e) ORDER BY r`,
    'rawBigInt',
  ).all(...ranksParams(sources), cap + 1, want) as [bigint, bigint][];
  if (rows.length === 0) return { ids: [], matches: 0 };
  const matches = Number(rows[0]![1]);
  const ranks = rows.map((r) => r[0]);
  if (matches > cap && ranks.length === matches) {
    // The window, or its last bucket, runs past the ranks counted: read on from there.
    const after = ranks.at(-1)!;
    const more = prepared(db, `${ranksSql(sources, ' AND $rank > ?')} ORDER BY ${byRank(sources)} LIMIT ?`, 'pluckBigInt').all(
      ...ranksParams(sources, [after]),
      Math.max(0, want - ranks.length),
    ) as bigint[];
    ranks.push(...more);
    const last = ranks.at(-1)!;
    ranks.push(
      ...(prepared(db, `${ranksSql(sources, ' AND $rank > ? AND $rank < ?')} ORDER BY ${byRank(sources)}`, 'pluckBigInt').all(
        ...ranksParams(sources, [last, bucketEnd(bucketOfRank(last))]),
      ) as bigint[]),
    );
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
