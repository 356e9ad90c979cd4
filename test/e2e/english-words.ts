// English sentences on a Danish screen: where a page in Danish shows one of the English UI's most common words as a
// whole word (in an element's own text, a placeholder, an accessible name or a tooltip). A sentence the core sends in
// English, or a text the renderer forgot to translate, nearly always holds one of them; Danish never does.
import type { Page } from 'playwright-core';

/**
 * The English UI's commonest words that are not also Danish words or names ("for", "at", "to", "by", "send", "sent"
 * as in "for sent", "under", "her", "i", "a", "be" as Belgium's country code, "enter" as the key are left out for
 * that reason). Matched case-insensitively, as whole words.
 */
export const ENGLISH_WORDS = [
  'the', 'and', 'of', 'your', 'you', 'is', 'are', 'was', 'not', 'with', 'this', 'that', 'these', 'it', 'its', 'has',
  'have', 'will', 'can', 'cannot', 'could', 'would', 'should', 'from', 'when', 'which', 'what', 'been', 'than', 'into',
  'please', 'only', 'no', 'or', 'on', 'in', 'an', 'as', 'if', 'there', 'they', 'their', 'after', 'before',
  'until', 'yet', 'already', 'still', 'message', 'messages', 'recipient', 'recipients', 'choose',
];

/** Words that may stand in a Danish screen: names of things, not sentences (brands, interface names, data). */
export const ALLOWED = new Set<string>([]);

export interface EnglishShown {
  page: string;
  text: string;
  words: string[];
  where: string;
}

export async function englishShown(page: Page, name: string, scope = 'body'): Promise<EnglishShown[]> {
  const found = await page.evaluate(
    ([words, allowed, within]) => {
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}_'’-])(${words.join('|')})(?![\\p{L}\\p{N}_'’-])`, 'giu');
      const ok = new Set(allowed);
      const out: { text: string; words: string[]; where: string }[] = [];
      const describe = (el: Element) => {
        const testid = el.closest('[data-testid]')?.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}${testid ? ` in [data-testid="${testid}"]` : ''}`;
      };
      const check = (text: string, where: string) => {
        // Addresses and file names are not sentences.
        const plain = text.replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ').replace(/\S+@\S+\.\S+/g, ' ');
        const hits = [...plain.matchAll(pattern)].map((m) => m[1]!.toLowerCase()).filter((w) => !ok.has(w));
        if (hits.length) out.push({ text: text.slice(0, 160), words: [...new Set(hits)], where });
      };
      const elements = [...document.querySelectorAll(within)].flatMap((root) => [root, ...root.querySelectorAll('*')]);
      for (const el of elements) {
        if (el.closest('script, style, code, [data-user-text]')) continue;
        const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join(' ').trim();
        if (own) check(own, describe(el));
        for (const attr of ['placeholder', 'aria-label', 'title']) {
          const v = el.getAttribute(attr)?.trim();
          if (v) check(v, `${describe(el)} [${attr}]`);
        }
      }
      return out;
    },
    [ENGLISH_WORDS, [...ALLOWED], scope] as const,
  );
  return found.map((f) => ({ page: name, ...f }));
}

export const describeEnglish = (e: EnglishShown): string => `${e.page}: ${e.words.join(', ')} in "${e.text}" — ${e.where}`;
