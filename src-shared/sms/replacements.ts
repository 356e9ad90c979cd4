// Faithful substitutions that bring a text back to GSM-7 (curly quotes, dashes, odd spaces), and what cannot be.
import { GSM7_COST, GSM7_COST_TABLE_SIZE } from './gsm7';

export interface GsmReplacement {
  from: string;
  /** '' when the character is invisible and is simply dropped. */
  to: string;
  count: number;
}

export interface GsmSuggestion {
  /** The text with every replacement applied. */
  text: string;
  /** One entry per replaced character, in order of first appearance. */
  replacements: GsmReplacement[];
  /** Characters with no faithful GSM-7 stand-in (emoji, CJK, accented letters outside GSM-7), once each. */
  remaining: string[];
  /** True when the replaced text is all GSM-7. */
  fitsGsm7: boolean;
}

// Only substitutions a reader would not notice as a change of meaning. Letters are never transliterated
// (á is not a, ç is not Ç): that is the sender's call, so they stay in `remaining`.
const SUBSTITUTES: ReadonlyArray<readonly [from: string, to: string]> = [
  // Single quotes, apostrophes and primes
  ['\u2018', "'"], // ‘
  ['\u2019', "'"], // ’
  ['\u201A', "'"], // ‚
  ['\u201B', "'"], // ‛
  ['\u2039', "'"], // ‹
  ['\u203A', "'"], // ›
  ['\u2032', "'"], // ′
  ['\u02BC', "'"], // ʼ modifier letter apostrophe
  ['\u00B4', "'"], // ´
  ['`', "'"], // GSM-7 has no backtick (0x60 is ¿)
  // Double quotes
  ['\u201C', '"'], // “
  ['\u201D', '"'], // ”
  ['\u201E', '"'], // „
  ['\u201F', '"'], // ‟
  ['\u00AB', '"'], // «
  ['\u00BB', '"'], // »
  ['\u2033', '"'], // ″
  // Hyphens, dashes, minus, and list bullets
  ['\u2010', '-'],
  ['\u2011', '-'],
  ['\u2012', '-'],
  ['\u2013', '-'], // –
  ['\u2014', '-'], // —
  ['\u2015', '-'],
  ['\u2212', '-'], // − minus sign
  ['\u2022', '-'], // • bullet, as a list marker
  ['\u2043', '-'], // ⁃ hyphen bullet
  // Ellipsis
  ['\u2026', '...'],
  // Spaces that only differ in width or line-breaking
  ['\t', ' '],
  ['\u00A0', ' '],
  ['\u1680', ' '],
  ['\u2000', ' '],
  ['\u2001', ' '],
  ['\u2002', ' '],
  ['\u2003', ' '],
  ['\u2004', ' '],
  ['\u2005', ' '],
  ['\u2006', ' '],
  ['\u2007', ' '],
  ['\u2008', ' '],
  ['\u2009', ' '],
  ['\u200A', ' '],
  ['\u202F', ' '],
  ['\u205F', ' '],
  ['\u3000', ' '],
  // Line and paragraph separators
  ['\u2028', '\n'],
  ['\u2029', '\n'],
  // Invisible characters: zero-width space, word joiner, byte order mark, soft hyphen
  ['\u200B', ''],
  ['\u2060', ''],
  ['\uFEFF', ''],
  ['\u00AD', ''],
];

const SUBSTITUTE_FOR: ReadonlyMap<string, string> = new Map(SUBSTITUTES);

/** The substitution table, for the composer's help text and for tests. */
export function gsmSubstitutes(): ReadonlyMap<string, string> {
  return SUBSTITUTE_FOR;
}

function isGsm7Char(ch: string): boolean {
  if (ch.length !== 1) return false;
  const c = ch.charCodeAt(0);
  return c < GSM7_COST_TABLE_SIZE && GSM7_COST[c] !== 0;
}

/** Suggests the replacements that make a text GSM-7 without changing what it says. */
export function suggestGsmReplacements(text: string): GsmSuggestion {
  const counts = new Map<string, number>();
  const remaining = new Set<string>();
  let out = '';
  // for..of walks code points, so an emoji is one character here, never two halves.
  for (const ch of text) {
    if (isGsm7Char(ch)) {
      out += ch;
      continue;
    }
    const to = SUBSTITUTE_FOR.get(ch);
    if (to === undefined) {
      remaining.add(ch);
      out += ch;
    } else {
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
      out += to;
    }
  }
  const replacements = [...counts].map(([from, count]) => ({ from, to: SUBSTITUTE_FOR.get(from) ?? '', count }));
  return { text: out, replacements, remaining: [...remaining], fitsGsm7: remaining.size === 0 };
}
