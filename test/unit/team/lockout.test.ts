// The lockout rule as a table: after the nth wrong password in a row, how long the next attempt waits, and when the
// account locks; what an attempt is told at a given moment.
import { describe, expect, it } from 'vitest';
import { admit, afterWrong, CLEAR, waitAfter, type LockState } from '../../../src-main/core/team/lockout';
import { DEFAULT_TIMINGS } from '../../../src-main/core/team/timings';

const t = { slowAfter: 5, slowMs: 1_000, lockAfter: 10, lockMs: 15 * 60_000 };

describe('waitAfter', () => {
  const table: [number, number | 'lock'][] = [
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1_000],
    [6, 2_000],
    [7, 4_000],
    [8, 8_000],
    [9, 16_000],
    [10, 'lock'],
    [11, 'lock'],
  ];
  it.each(table)('after %i wrong passwords the next attempt waits %s', (n, expected) => {
    expect(waitAfter(n, t)).toBe(expected);
  });

  it('is the rule of the issue by default: slower after 5, locked for 15 minutes after 10', () => {
    expect(DEFAULT_TIMINGS).toMatchObject({ slowAfter: 5, lockAfter: 10, lockMs: 15 * 60_000 });
  });
});

describe('admit and afterWrong', () => {
  const at = 1_000_000;
  const table: [string, LockState, number, ReturnType<typeof admit>][] = [
    ['a clean account', CLEAR, at, { kind: 'try' }],
    ['4 wrong, at once', { failedCount: 4, lastFailedAt: at, lockedUntil: null }, at, { kind: 'try' }],
    ['5 wrong, 400 ms later', { failedCount: 5, lastFailedAt: at, lockedUntil: null }, at + 400, { kind: 'wait', ms: 600 }],
    ['5 wrong, 1 s later', { failedCount: 5, lastFailedAt: at, lockedUntil: null }, at + 1_000, { kind: 'try' }],
    ['7 wrong, 3 s later', { failedCount: 7, lastFailedAt: at, lockedUntil: null }, at + 3_000, { kind: 'wait', ms: 1_000 }],
    ['locked, a minute in', { failedCount: 10, lastFailedAt: at, lockedUntil: at + t.lockMs }, at + 60_000, { kind: 'locked', until: at + t.lockMs }],
    ['locked, the lock run out', { failedCount: 10, lastFailedAt: at, lockedUntil: at + t.lockMs }, at + t.lockMs, { kind: 'try' }],
  ];
  it.each(table)('%s → %j', (_, state, now, expected) => {
    expect(admit(state, now, t)).toEqual(expected);
  });

  it('counts a wrong password and locks on the 10th, and again on the next after a lock ran out', () => {
    let s: LockState = CLEAR;
    const locks: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const r = afterWrong(s, at + i, t);
      s = r.state;
      if (r.locked) locks.push(i);
    }
    expect(locks).toEqual([10, 11]);
    expect(s).toEqual({ failedCount: 11, lastFailedAt: at + 11, lockedUntil: at + 11 + t.lockMs });
  });
});
