// The inbox's rhythm as a table: fast after a text in or out and while a keyword rule is on, the user's interval
// otherwise, and the requests a day each makes (the figure Settings and the README state).
import { describe, expect, it } from 'vitest';
import { INBOX_RHYTHM, inboxPollDelayMs, inboxRequestsPerDay } from '../../../src-shared/inbox-poll-rhythm';

const NOW = 1_800_000_000_000;
const min = 60_000;

describe('inboxPollDelayMs', () => {
  it.each([
    ['nothing happens: the user interval', { idleS: 30, lastActivityAt: null, keywordRuleOn: false }, 30_000],
    ['a keyword rule is on', { idleS: 30, lastActivityAt: null, keywordRuleOn: true }, 8_000],
    ['a text 2 minutes ago', { idleS: 30, lastActivityAt: NOW - 2 * min, keywordRuleOn: false }, 5_000],
    ['a text 2 minutes ago and a keyword rule', { idleS: 30, lastActivityAt: NOW - 2 * min, keywordRuleOn: true }, 5_000],
    ['a text 9:59 ago', { idleS: 30, lastActivityAt: NOW - 10 * min + 1000, keywordRuleOn: false }, 5_000],
    ['a text 10 minutes ago: quiet again', { idleS: 30, lastActivityAt: NOW - 10 * min, keywordRuleOn: false }, 30_000],
    ['a user interval faster than the keyword pace wins', { idleS: 10, lastActivityAt: null, keywordRuleOn: false }, 10_000],
    ['an hour when quiet', { idleS: 3600, lastActivityAt: null, keywordRuleOn: false }, 3_600_000],
    ['an hour, but a keyword rule is on', { idleS: 3600, lastActivityAt: null, keywordRuleOn: true }, 8_000],
  ])('%s', (_, input, ms) => {
    expect(inboxPollDelayMs({ ...input, now: NOW })).toBe(ms);
  });
});

describe('inboxRequestsPerDay', () => {
  it.each([
    [30, false, { quiet: 2_880, most: 17_280 }],
    [30, true, { quiet: 10_800, most: 17_280 }],
    [3600, false, { quiet: 24, most: 17_280 }],
    [10, true, { quiet: 10_800, most: 17_280 }],
    [10, false, { quiet: 8_640, most: 17_280 }],
  ])('every %i s, keyword rule %s', (idleS, keywordRuleOn, perDay) => {
    expect(inboxRequestsPerDay(idleS, keywordRuleOn)).toEqual(perDay);
  });

  it('stays within 20,000 requests a day whatever happens', () => {
    expect(86_400 / INBOX_RHYTHM.activeS).toBeLessThanOrEqual(20_000);
  });
});
