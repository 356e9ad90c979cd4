// The guards an auto-reply passes before it is sent: a real phone, no loop with another machine, the rule's frequency.
import type { ReplyFrequency } from '../contract/automations';

const HOUR_MS = 3_600_000;
/** More texts than this with the same words from one number within an hour is another machine answering ours. */
export const LOOP_LIMIT = 3;
const MIN_PHONE_DIGITS = 6;

/**
 * Whether the sender is a phone a person holds: at least 6 digits (short codes are fewer) and no letters in the
 * sender name (operator notices such as "Orange" or a shop's alphanumeric sender). Others are never answered.
 */
export function isPhoneSender(msisdn: number, senderName: string | null): boolean {
  if (!Number.isSafeInteger(msisdn) || msisdn <= 0 || String(msisdn).length < MIN_PHONE_DIGITS) return false;
  return senderName === null || !/\p{L}/u.test(senderName);
}

/** The form two texts are "the same text" in for the loop guard: case, spacing and accents' composition ignored. */
export function loopTextKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleUpperCase('da');
}

/**
 * True when the reply must stop: the number sent the same text more than 3 times in the last hour, counting the
 * one being decided (two automatic systems answering each other would otherwise run up a bill).
 */
export function loopGuard(sameTextTimesInLastHour: number): boolean {
  return sameTextTimesInLastHour > LOOP_LIMIT;
}

/** Whether the rule's frequency lets this number get its reply now, given when it last got one from the rule. */
export function frequencyAllows(freq: ReplyFrequency, lastReplyAtMs: number | null, nowMs: number): boolean {
  switch (freq.kind) {
    case 'every':
      return true;
    case 'first':
      return lastReplyAtMs === null;
    case 'period':
      return lastReplyAtMs === null || nowMs - lastReplyAtMs >= freq.hours * HOUR_MS;
  }
}

/** Whether an inbound text is too old to answer: it reached the gateway more than graceMinutes before Besked saw it. */
export function tooOldToAnswer(sentAtMs: number, seenAtMs: number, graceMinutes: number): boolean {
  return seenAtMs - sentAtMs > graceMinutes * 60_000;
}

/**
 * Whether a queued welcome (a contact joined the group) is too late to send: it waited longer than the grace period
 * while no Besked was running. A join queued while this Besked runs is never late, however long a big import's
 * welcomes take to work through; one queued before it started is late once the start came more than graceMinutes after it.
 */
export function welcomeTooLate(joinedAtMs: number, runningSinceMs: number, graceMinutes: number): boolean {
  return joinedAtMs < runningSinceMs && runningSinceMs - joinedAtMs > graceMinutes * 60_000;
}

/**
 * From when a keyword rule answers: the second it was switched on. The gateway stamps a text to the second, so a text
 * sent in that second counts. The decisions and the rule's history both read this, so a text decided under a rule is
 * also listed under it.
 */
export function answersFrom(activatedAtIso: string): string {
  return new Date(Math.floor(Date.parse(activatedAtIso) / 1000) * 1000).toISOString();
}
