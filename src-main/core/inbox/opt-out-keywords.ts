// Whether an incoming text asks to stop receiving messages: the opt-out keyword rule (pure).

export const DEFAULT_OPT_OUT_KEYWORDS = ['STOP', 'STOPP', 'AFMELD'] as const;

function words(text: string): string[] {
  return text
    .normalize('NFC')
    .toLocaleUpperCase('da')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A keyword as the user typed it in Settings, in the form texts are compared in. */
export function normaliseKeyword(keyword: string): string {
  return words(keyword).join(' ');
}

/**
 * The keyword an incoming text opts out with, or null. The keyword must be the text's first word(s), or come right
 * after one leading word, because texts to a shared short code start with the account's own keyword
 * ("PIZZA STOP"). Case, accents' composition and punctuation ("Stop!", "stop.") do not matter; a keyword inside a
 * longer word does not count ("STOPPED", "Stopper I kl. 5?").
 */
export function optOutKeyword(text: string, keywords: readonly string[]): string | null {
  const w = words(text);
  if (w.length === 0) return null;
  for (const raw of keywords) {
    const k = words(raw);
    if (k.length === 0) continue;
    for (const start of [0, 1]) {
      if (start + k.length > w.length) continue;
      if (k.every((part, i) => w[start + i] === part)) return k.join(' ');
    }
  }
  return null;
}
