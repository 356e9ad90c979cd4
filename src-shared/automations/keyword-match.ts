// Which keyword auto-reply answers an inbound text: its first word against the rules' keywords, never an opt-out word.

/** Opt-out words that are never keywords and never answered, whatever Settings hold (the inbox's defaults). */
export const BUILT_IN_OPT_OUT_WORDS: readonly string[] = ['STOP', 'STOPP', 'AFMELD'];

/** Punctuation and symbols around a word ("Åben?", "«JA»", "STOP.") are not part of it; inside ("PIZZA-2") they are. */
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}\p{M}]+$/gu;

/** The text's first word without the punctuation around it; '' for a text with no word. */
export function firstWord(text: string): string {
  for (const token of text.trim().split(/\s+/u)) {
    const word = token.replace(EDGES, '');
    if (word !== '') return word;
  }
  return '';
}

/**
 * A word in the form keywords are compared in: upper case, accents dropped (é → E, ü → U), but æ, ø and å stay the
 * letters they are in Danish (ÅBEN matches åben and Åben, not ABEN).
 */
export function normaliseKeyword(word: string): string {
  return word
    .replace(EDGES, '')
    .normalize('NFD')
    // The ring of å/Å is kept (å is a letter of its own); every other combining mark goes.
    .replace(/\p{M}/gu, (mark: string, at: number, s: string) => (mark === '\u030A' && /[aA]/.test(s[at - 1] ?? '') ? mark : ''))
    .normalize('NFC')
    .toLocaleUpperCase('da');
}

function words(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map(normaliseKeyword)
    .filter((w) => w !== '');
}

/**
 * Whether the text opts out, read as the inbox reads it: an opt-out word (or words) first, or right after one
 * leading word ("PIZZA STOP" to a shared short code). Such a text is never auto-answered.
 */
export function isOptOutText(text: string, optOutWords: readonly string[]): boolean {
  const w = words(text);
  return [...BUILT_IN_OPT_OUT_WORDS, ...optOutWords].some((raw) => {
    const k = words(raw);
    return k.length > 0 && [0, 1].some((start) => start + k.length <= w.length && k.every((part, i) => w[start + i] === part));
  });
}

export interface KeywordRule {
  id: number;
  keywords: readonly string[];
  fallback: boolean;
}

/**
 * The rule that answers the text: the first (in the order given) with a keyword equal to the text's first word,
 * else the first fallback ("anything else") rule, else null. An opt-out text matches nothing, not even a fallback.
 */
export function matchRule<R extends KeywordRule>(text: string, rules: readonly R[], optOutWords: readonly string[]): R | null {
  if (isOptOutText(text, optOutWords)) return null;
  const word = normaliseKeyword(firstWord(text));
  if (word !== '') {
    const byKeyword = rules.find((r) => r.keywords.some((k) => normaliseKeyword(k) === word));
    if (byKeyword) return byKeyword;
  }
  return rules.find((r) => r.fallback) ?? null;
}

/** Whether the editor may accept the word as a keyword: one word, not STOP, STOPP, AFMELD or a Settings opt-out word. */
export function isKeywordAllowed(word: string, optOutWords: readonly string[]): boolean {
  const k = normaliseKeyword(word.trim());
  if (k === '' || /\s/u.test(k)) return false;
  return ![...BUILT_IN_OPT_OUT_WORDS, ...optOutWords].some((o) => normaliseKeyword(o.trim()) === k);
}
