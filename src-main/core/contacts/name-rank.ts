// A contact's place in name order as one integer, the search index's rowid (issue 30.1): FTS5 walks a term's
// matches in rowid order and can stop after a page, so a search's first page in name order costs a page's reads.
//
// name_rank = name_bucket * 2^26 + (id mod 2^26), a generated column of contacts (schema 20). name_bucket is a
// number below 2^37 that never decreases as the sort key (sort-key.ts, compared byte by byte) grows (nameBucket).
// Contacts that share a bucket ("christian hans…") are in id order, not name order, among themselves, so a reader
// completes the last bucket it touches and sorts by (sort_key, id) (search-walk.ts).
// Ids must stay below 2^26 (67 million contacts ever created: ids are never reused); beyond that two contacts
// could share a rank and the UNIQUE index would refuse the second.
import type { Db } from '../db/database';
import { COMMON_FIRST_NAMES } from './common-first-names';
import { sortKey } from './sort-key';

/** Letters of the bucket alphabet (bucketLetter). */
const RADIX = 37;
/** Buckets per slot: five letters of the alphabet. */
const SLOT = RADIX ** 5;
/** Low bits of the rank that hold the id. */
export const RANK_ID_BITS = 26n;
/** The SQL function the writers call with a sort key: besked_name_bucket(sort_key). */
export const NAME_BUCKET_SQL = 'besked_name_bucket';

/** Letters that stand for several characters: after one, the rest of the key is not told apart. */
const LOSSY = new Set([1, 3, 5, 36]);

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The common first names as sort keys (ASCII, so JavaScript's order is SQLite's byte order), sorted, once each. */
const ANCHORS: readonly string[] = [...new Set(COMMON_FIRST_NAMES.map((n) => sortKey(n, '', '')))].sort(byCodePoint);
// Slots: a gap before each anchor, the anchor, the gap after the last, and the nameless ("~+…") split out of it.
if (ANCHORS.some((a) => !/^[a-z{|}][\x21-\x7e]*$/.test(a)) || (2 * ANCHORS.length + 3) * SLOT > 2 ** 37) {
  throw new Error('name-rank: the first-name anchors must be ASCII sort keys, at most 989 of them');
}

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

/** The first `count` characters of `text` as letters of an alphabet (mixed radix), nothing told apart after a lossy one. */
function letters(text: string, count: number, radix: number, letter: (cp: number | undefined) => number, lossy: (l: number) => boolean): number {
  let n = 0;
  let i = 0;
  let truncated = false;
  for (let k = 0; k < count; k++) {
    let l = 0;
    if (!truncated && i < text.length) {
      const cp = text.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
      l = letter(cp);
      truncated = lossy(l);
    }
    n = n * radix + l;
  }
  return n;
}

const nameLetters = (text: string, count: number) => letters(text, count, RADIX, bucketLetter, (l) => LOSSY.has(l));
/** Digits of a number: 0 the end, 1 below '0', the ten digits, 12 above '9'. */
const digitLetter = (cp: number | undefined) => (cp === undefined ? 0 : cp < 0x30 ? 1 : cp <= 0x39 ? cp - 0x2e : 12);
const digitLetters = (text: string) => letters(text, 7, 13, digitLetter, (l) => l === 1 || l === 12);

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The bucket of a sort key: never smaller for a key that sorts later. The key is its first word (up to the first
 * character at or below space) and the rest; keys sort by word, then rest. A word that is a common first name has a
 * slot of its own, told apart by the rest's first five characters (the space and four letters of the last name:
 * "christian hans"). Any other word falls in the slot between its neighbouring anchors, told apart by five characters
 * after the start all keys there share. Nameless contacts ("~+4520…") are told apart by seven digits of their number.
 */
export function nameBucket(key: string): number {
  let end = 0;
  while (end < key.length && key.charCodeAt(end) > 0x20) end++;
  const word = key.slice(0, end);
  let lo = 0;
  let hi = ANCHORS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ANCHORS[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  if (ANCHORS[lo] === word) {
    // The rest starts with a space, a character below it (lossy) or nothing.
    const first = end === key.length ? 0 : key.charCodeAt(end) < 0x20 ? 1 : 2;
    return (2 * lo + 1) * SLOT + first * RADIX ** 4 + (first === 2 ? nameLetters(key.slice(end + 1), 4) : 0);
  }
  if (lo === ANCHORS.length) {
    // Past the last anchor: keys below "~+", the nameless, keys above them.
    if (key.startsWith('~+')) return (2 * lo + 1) * SLOT + digitLetters(key.slice(2));
    return (key < '~+' ? 2 * lo : 2 * lo + 2) * SLOT + nameLetters(key, 5);
  }
  const shared = lo === 0 ? 0 : sharedStart(ANCHORS[lo - 1]!, ANCHORS[lo]!);
  return 2 * lo * SLOT + nameLetters(key.slice(shared), 5);
}

/** The bucket a rank belongs to (ranks come from SQLite as BigInt: they pass 2^53). */
export function bucketOfRank(rank: bigint): bigint {
  return rank >> RANK_ID_BITS;
}

/** The first rank past a bucket. */
export function bucketEnd(bucket: bigint): bigint {
  return (bucket + 1n) << RANK_ID_BITS;
}

/** Registers besked_name_bucket(sort_key) on a connection that writes contacts with SQL alone (an undo of a delete). */
export function registerNameBucket(db: Db): void {
  db.function(NAME_BUCKET_SQL, { deterministic: true }, (key: unknown) => nameBucket(String(key ?? '')));
}
