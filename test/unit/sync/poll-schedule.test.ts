import { describe, expect, it } from 'vitest';
import { nextStatusPoll, offlineRetryDelayMs, STATUS_POLL, type StatusPollDecision } from '../../../src-main/core/sync/poll-schedule';

const S = 1000;
const H = 3600 * S;
const DAY = 24 * H;
const T0 = Date.UTC(2025, 0, 10, 12, 0, 0);
const FIVE_DAYS = 5 * DAY;
const margin = STATUS_POLL.expiryMarginS * S;

describe('nextStatusPoll', () => {
  type Row = [string, { sendAt: number; expiresAt: number; polls: number; now: number }, StatusPollDecision];
  const rows: Row[] = [
    ['first look comes 10 s after sending', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 0, now: T0 }, { kind: 'poll', at: T0 + 10 * S }],
    ['first look of an overdue message (app was closed) is now', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 0, now: T0 + H }, { kind: 'poll', at: T0 + H }],
    [
      'a scheduled message is first looked at after its send time',
      { sendAt: T0 + 2 * H, expiresAt: T0 + 2 * H + FIVE_DAYS, polls: 0, now: T0 },
      { kind: 'poll', at: T0 + 2 * H + 10 * S },
    ],
    ['after the look at 10 s, the next is at 40 s', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 1, now: T0 + 10 * S }, { kind: 'poll', at: T0 + 40 * S }],
    ['after 40 s, 160 s', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 2, now: T0 + 40 * S }, { kind: 'poll', at: T0 + 160 * S }],
    ['after 1 h, 4 h', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 6, now: T0 + H }, { kind: 'poll', at: T0 + 4 * H }],
    ['the wait is capped at four days', { sendAt: T0, expiresAt: T0 + 30 * DAY, polls: 10, now: T0 + 2 * DAY }, { kind: 'poll', at: T0 + 6 * DAY }],
    ['never before the first look, never less than the minimum wait', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 1, now: T0 + 11 * S }, { kind: 'poll', at: T0 + 44 * S }],
    ['a look made early (forced) waits at least the minimum', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 1, now: T0 + S }, { kind: 'poll', at: T0 + 10 * S }],
    [
      'a poll due after the deadline is pulled in to the deadline',
      { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 10, now: T0 + 4 * DAY + 20 * H },
      { kind: 'poll', at: T0 + FIVE_DAYS + margin },
    ],
    [
      'short validity: the look after expiry is at expiry + margin',
      { sendAt: T0, expiresAt: T0 + 60 * S, polls: 2, now: T0 + 40 * S },
      { kind: 'poll', at: T0 + 60 * S + margin },
    ],
    ['a look at the deadline ends polling', { sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls: 9, now: T0 + FIVE_DAYS + margin }, { kind: 'give-up' }],
    ['a look long after the deadline ends polling', { sendAt: T0, expiresAt: T0 + 60 * S, polls: 1, now: T0 + DAY }, { kind: 'give-up' }],
    [
      'never polled and already past the deadline: one look now, then give up',
      { sendAt: T0, expiresAt: T0 + 60 * S, polls: 0, now: T0 + DAY },
      { kind: 'poll', at: T0 + 60 * S + margin },
    ],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    expect(nextStatusPoll(input)).toEqual(expected);
  });

  it('a message undecided for its whole 5-day validity costs nine polls', () => {
    const sendAt = T0;
    const expiresAt = T0 + FIVE_DAYS;
    let polls = 0;
    let now = T0;
    for (;;) {
      const d = nextStatusPoll({ sendAt, expiresAt, polls, now });
      if (d.kind === 'give-up') break;
      expect(d.at).toBeGreaterThanOrEqual(now - 1);
      now = Math.max(now, d.at);
      polls++;
      expect(polls).toBeLessThan(50);
    }
    expect(polls).toBe(9);
    expect(now).toBe(expiresAt + margin);
  });

  it('polls become rarer as the message ages', () => {
    const gaps: number[] = [];
    let now = T0;
    let polls = 0;
    for (let i = 0; i < 8; i++) {
      const d = nextStatusPoll({ sendAt: T0, expiresAt: T0 + FIVE_DAYS, polls, now });
      if (d.kind !== 'poll') throw new Error('gave up early');
      gaps.push(d.at - now);
      now = d.at;
      polls++;
    }
    for (let i = 2; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThan(gaps[i - 1]!);
  });
});

describe('offlineRetryDelayMs', () => {
  it.each([
    [0, 0],
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [6, 160_000],
    [7, 300_000],
    [50, 300_000],
  ])('after %i failures waits %i ms', (failures, ms) => {
    expect(offlineRetryDelayMs(failures)).toBe(ms);
  });
});
