// The common ways a Danish keyword is typed without æ, ø and å (ae, oe, aa). Matching keeps æ, ø and å letters of
// their own (ÅBEN never matches AABEN by itself), so the editor offers these spellings as extra keywords instead.
import { normaliseKeyword } from './keyword-match';

const SPELLED: Readonly<Record<string, string>> = { Æ: 'AE', Ø: 'OE', Å: 'AA' };

/** The keyword spelled with ae, oe and aa for æ, ø and å; null when it has none of them. */
export function commonSpelling(keyword: string): string | null {
  const k = normaliseKeyword(keyword.trim());
  const spelled = k.replace(/[ÆØÅ]/gu, (c) => SPELLED[c]!);
  return spelled === k ? null : spelled;
}

/** The spellings of a rule's keywords that it does not hold yet, each once, in the keywords' order. */
export function missingSpellings(keywords: readonly string[]): string[] {
  const have = new Set(keywords.map((k) => normaliseKeyword(k.trim())));
  const out: string[] = [];
  for (const k of keywords) {
    const s = commonSpelling(k);
    if (s !== null && !have.has(s) && !out.includes(s)) out.push(s);
  }
  return out;
}
