// Turns what the user types in the search box into an FTS5 MATCH expression: every word must match the
// start of a word in some field; a phone number in any format becomes the digits the index holds.
import { phoneQueryDigits } from '../../../src-shared/phone';

const MAX_TERMS = 8;
const MAX_TERM_CHARS = 64;

/**
 * The word starts a search looks for: every inner list must have one of its words start some word of the
 * contact's (AND of ORs). Null when the text has nothing to search for.
 */
export function searchTerms(search: string): string[][] | null {
  const text = search.trim();
  if (text === '') return null;
  const digits = phoneQueryDigits(text);
  if (digits !== null) {
    // "07911 123456": the 0 is a trunk prefix that the stored national number does not have (but in
    // some countries, Italy's landlines, it does); look for both.
    if (digits.length > 2 && digits.startsWith('0')) return [[digits, digits.slice(1)]];
    return [[digits]];
  }
  // The same split as the unicode61 tokenizer: letters, digits and combining marks form words.
  const terms = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((t) => t !== '')
    .slice(0, MAX_TERMS)
    .map((t) => t.slice(0, MAX_TERM_CHARS));
  if (terms.length === 0) return null;
  return terms.map((t) => [t]);
}

/** The MATCH expression, or null when the text has nothing to search for. */
export function ftsMatchQuery(search: string): string | null {
  const terms = searchTerms(search);
  if (!terms) return null;
  return terms.map((alts) => (alts.length === 1 ? prefixTerm(alts[0]!) : `(${alts.map(prefixTerm).join(' OR ')})`)).join(' ');
}

// A quoted string is always a plain term in FTS5 (no operators, no column filters); "" escapes a quote.
function prefixTerm(term: string): string {
  return `"${term.replace(/"/g, '""')}"*`;
}
