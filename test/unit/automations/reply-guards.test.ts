// Auto-reply guards: only real phones, stop a loop with another machine, and the rule's per-number frequency.
import { describe, expect, it } from 'vitest';
import type { ReplyFrequency } from '../../../src-shared/contract/automations';
import { answersFrom, frequencyAllows, isPhoneSender, loopGuard, loopTextKey, tooOldToAnswer, welcomeTooLate } from '../../../src-shared/automations/reply-guards';

describe('isPhoneSender', () => {
  it.each([
    [4512345678, null, true],
    [4512345678, '+4512345678', true],
    [4512345678, '45 12 34 56 78', true],
    [123456, null, true], // 6 digits
    [12345, null, false], // a short code
    [1272, null, false],
    [4512345678, 'Orange', false],
    [4512345678, 'TDC', false],
    [4512345678, 'Shop2Go', false],
    [0, null, false],
    [-4512345678, null, false],
    [45.5, null, false],
  ] as const)('%s named %j → %s', (msisdn, name, phone) => {
    expect(isPhoneSender(msisdn, name)).toBe(phone);
  });
});

describe('loopGuard', () => {
  it.each([
    [0, false],
    [1, false],
    [3, false],
    [4, true],
    [100, true],
  ])('the same text %i times in the last hour → stop %s', (times, stop) => {
    expect(loopGuard(times)).toBe(stop);
  });

  it.each([
    ['Hej', ' hej ', true],
    ['Ja  tak', 'JA TAK', true],
    ['Å', 'a\u030A', true],
    ['ja', 'nej', false],
  ])('%j and %j are the same text: %s', (a, b, same) => {
    expect(loopTextKey(a) === loopTextKey(b)).toBe(same);
  });
});

describe('frequencyAllows', () => {
  const h = 3_600_000;
  const now = Date.UTC(2026, 5, 1, 12);
  const every: ReplyFrequency = { kind: 'every' };
  const first: ReplyFrequency = { kind: 'first' };
  const day: ReplyFrequency = { kind: 'period', hours: 24 };
  it.each([
    ['every, never replied', every, null, true],
    ['every, replied a second ago', every, now - 1000, true],
    ['first, never replied', first, null, true],
    ['first, replied a year ago', first, now - 8760 * h, false],
    ['24 h, never replied', day, null, true],
    ['24 h, replied 23 h 59 min ago', day, now - 24 * h + 60_000, false],
    ['24 h, replied exactly 24 h ago', day, now - 24 * h, true],
    ['24 h, replied 2 days ago', day, now - 48 * h, true],
    ['1 h, replied 61 min ago', { kind: 'period', hours: 1 } as const, now - 61 * 60_000, true],
  ])('%s → %s', (_what, freq, last, allowed) => {
    expect(frequencyAllows(freq, last, now)).toBe(allowed);
  });
});

describe('tooOldToAnswer', () => {
  it.each([
    [0, 120, false],
    [120 * 60_000, 120, false],
    [120 * 60_000 + 1, 120, true],
    [3 * 86_400_000, 120, true],
  ])('seen %i ms after it arrived, grace %i min → too old %s', (late, grace, old) => {
    expect(tooOldToAnswer(1_000_000, 1_000_000 + late, grace)).toBe(old);
  });
});

describe('welcomeTooLate', () => {
  const START = 10 * 86_400_000;
  it.each([
    // Joined while this Besked runs: never late, however long the queue takes.
    [START, 120, false],
    [START + 3 * 86_400_000, 0, false],
    // Joined before it started: late only when the start came more than the grace after the join.
    [START - 120 * 60_000, 120, false],
    [START - 120 * 60_000 - 1, 120, true],
    [START - 1, 0, true],
    [START - 250 * 86_400_000, 1440, true],
  ])('joined at %i, grace %i min → late %s', (joined, grace, late) => {
    expect(welcomeTooLate(joined, START, grace)).toBe(late);
  });
});

describe('answersFrom', () => {
  it.each([
    ['2026-11-28T05:34:20.500Z', '2026-11-28T05:34:20.000Z'],
    ['2026-11-28T05:34:20.000Z', '2026-11-28T05:34:20.000Z'],
    ['2026-11-28T05:34:20.999Z', '2026-11-28T05:34:20.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-31T23:59:59.000Z'],
  ])('switched on at %s answers texts stamped from %s', (on, from) => {
    expect(answersFrom(on)).toBe(from);
  });
});
