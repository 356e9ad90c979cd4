// How a search's first windows are found in name order at any directory size: the capped total, and the
// bounded walk down the name index that tests each row's own words instead of materialising every match.
import type { Db } from '../db/database';

/** Totals above this are reported as "more than" it: counting a million matches to show 100 is waste. */
export const TOTAL_CAP = 10_000;

/**
 * Rows the word-testing walk looks at (a few µs each) before it gives way to probing the match set. Name order
 * bunches by first name (the first 4,000 of a Danish million are all "Anders A…–C…"), so a walk that has not
 * filled the page in 1,000 rows rarely fills it in 4,000, and a failed walk of 4,000 cost 30–180 ms.
 */
export const WALK_ROWS = 1_000;

/** Up to this many matches are simply sorted: cheaper than any walk. */
export const WALK_ABOVE = 1_000;

/** Rows of the name index a probe of at most TOTAL_CAP matches walks (reading the index only) before sorting them. */
export const PROBE_ROWS = 40_000;

/**
 * Matches sorted by name through the id → sort_key index (about 1 µs each) when the walk finds too few. Above
 * it the match set is probed along the whole name index, which for matches bunched half-way down the alphabet
 * ("Maria": 41,000 at 1,000,000) reads half a million index rows: 167 ms against 49 ms for sorting them.
 */
export const SORT_AT_MOST = 60_000;

/** The SQL function that tests a row's words: besked_words_match(termsJson, col, col, …). */
export const WORDS_MATCH = 'besked_words_match';

/**
 * A word as the search index holds it (FTS5 unicode61 remove_diacritics 2): lower case, accents off
 * ("Åse" → "ase", "Zoë" → "zoe"; ø and æ are letters of their own and stay).
 */
export function indexWord(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** True when every term group has a word that starts one of the row's words (what the MATCH means). */
export function wordsMatch(terms: readonly (readonly string[])[], columns: readonly string[]): boolean {
  const words = ` ${indexWord(columns.join(' ')).replace(/[^\p{L}\p{N}]+/gu, ' ')}`;
  return terms.every((alts) => alts.some((t) => words.includes(` ${t}`)));
}

/** Registers the row test on a connection; terms come in as JSON, parsed once per query. */
export function registerWordsMatch(db: Db): void {
  let lastJson = '';
  let last: string[][] = [];
  db.function(WORDS_MATCH, { deterministic: true, varargs: true }, (json: unknown, ...columns: unknown[]) => {
    if (json !== lastJson) {
      last = (JSON.parse(String(json)) as string[][]).map((alts) => alts.map(indexWord));
      lastJson = String(json);
    }
    return wordsMatch(last, columns.map((c) => (typeof c === 'string' ? c : String(c ?? '')))) ? 1 : 0;
  });
}
