// INTERIM: the keyword and reply-guard rules as the design names them, until branch auto-rules brings
// src-shared/automations/keyword-match.ts and reply-guards.ts (then this file goes).
import type { ReplyFrequency } from '../../../src-shared/contract/automations';

export function normaliseKeyword(word: string): string {
  // Accents go (é → E), but Å, Æ and Ø are letters of their own in Danish and stay.
  return [...word.normalize('NFC').toLocaleUpperCase('da')]
    .map((c) => (c === 'Å' || c === 'Æ' || c === 'Ø' ? c : c.normalize('NFD').replace(/\p{M}/gu, '')))
    .join('');
}

export function firstWord(text: string): string {
  return text.trim().split(/[^\p{L}\p{N}]+/u).find((w) => w.length > 0) ?? '';
}

export function matchRule(
  text: string,
  rules: readonly { id: number; keywords: readonly string[]; fallback: boolean }[],
  optOutWords: readonly string[],
): { id: number } | null {
  const w = normaliseKeyword(firstWord(text));
  if (w !== '' && optOutWords.some((o) => normaliseKeyword(o) === w)) return null;
  const hit = rules.find((r) => !r.fallback && r.keywords.some((k) => normaliseKeyword(k) === w)) ?? rules.find((r) => r.fallback);
  return hit ? { id: hit.id } : null;
}

export function isPhoneSender(msisdn: number, senderName: string | null): boolean {
  if (senderName !== null && /\p{L}/u.test(senderName)) return false;
  return String(Math.trunc(Math.abs(msisdn))).length >= 6;
}

/** True when the number sent the same text more than 3 times in the hour: the reply stops. */
export function loopGuard(sameTextTimesInLastHour: number): boolean {
  return sameTextTimesInLastHour > 3;
}

export function frequencyAllows(freq: ReplyFrequency, lastReplyAtMs: number | null, nowMs: number): boolean {
  if (lastReplyAtMs === null || freq.kind === 'every') return true;
  if (freq.kind === 'first') return false;
  return nowMs - lastReplyAtMs >= freq.hours * 3600_000;
}
