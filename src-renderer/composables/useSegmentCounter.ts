// The composer's live part counter: what the text costs in parts as typed, which characters force UCS-2, and the
// one-click change that brings it back to GSM-7 with exactly what changes listed.
import { computed, type Ref } from 'vue';
import { countSegments, suggestGsmReplacements, type SegmentCount } from '../../src-shared/sms/segments';

export interface GsmFix {
  /** The text after the change. */
  text: string;
  /** Look-alike characters swapped for their GSM-7 twins (curly quotes, dashes, odd spaces). */
  replaced: { from: string; to: string; count: number }[];
  /** Characters with no GSM-7 twin (emoji, letters outside GSM-7) that are taken out. */
  removed: { char: string; count: number }[];
  /** Whether anything changes at all. */
  changes: boolean;
}

/**
 * Makes a text GSM-7: swaps faithful look-alikes and takes out what has no twin. Removing a character also removes
 * the space it leaves behind, so "Sale 😀 today" becomes "Sale today" rather than "Sale  today".
 */
export function toGsm7(text: string): GsmFix {
  const suggestion = suggestGsmReplacements(text);
  const drop = new Set(suggestion.remaining);
  const removedCounts = new Map<string, number>();
  let out = '';
  let lastRemoved = false;
  for (const ch of suggestion.text) {
    if (drop.has(ch)) {
      removedCounts.set(ch, (removedCounts.get(ch) ?? 0) + 1);
      lastRemoved = true;
      continue;
    }
    if (lastRemoved) {
      lastRemoved = false;
      // "Sale 😀 today" → "Sale today", and "Hi 😀, you" → "Hi, you": no space left where the character was.
      if (ch === ' ' && (out.endsWith(' ') || out === '')) continue;
      if (/[,.!?;:]/.test(ch) && out.endsWith(' ')) out = out.replace(/ +$/, '');
    }
    out += ch;
  }
  // A removed character at the very end leaves the space before it dangling.
  if (lastRemoved) out = out.replace(/ +$/, '');
  const removed = [...removedCounts].map(([char, count]) => ({ char, count }));
  return { text: out, replaced: suggestion.replacements, removed, changes: suggestion.replacements.length > 0 || removed.length > 0 };
}

/** Splits a text into runs for display, marking the characters that force UCS-2. */
export function markUcs2(text: string, nonGsm: readonly string[]): { text: string; ucs2: boolean }[] {
  if (nonGsm.length === 0) return [{ text, ucs2: false }];
  const set = new Set(nonGsm);
  const runs: { text: string; ucs2: boolean }[] = [];
  for (const ch of text) {
    const ucs2 = set.has(ch);
    const last = runs[runs.length - 1];
    if (last && last.ucs2 === ucs2) last.text += ch;
    else runs.push({ text: ch, ucs2 });
  }
  return runs;
}

export function useSegmentCounter(text: Ref<string>) {
  const count = computed<SegmentCount>(() => countSegments(text.value));
  const fix = computed<GsmFix | null>(() => (count.value.encoding === 'UCS-2' ? toGsm7(text.value) : null));
  return { count, fix };
}
