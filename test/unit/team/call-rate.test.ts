// How fast one connection may call: a burst passes, beyond it calls are refused until the bucket refills.
import { describe, expect, it } from 'vitest';
import { CallRate } from '../../../src-main/bridge/call-rate';

const passed = (rate: CallRate, n: number) => Array.from({ length: n }, () => rate.take()).filter(Boolean).length;

describe('the per-connection call rate', () => {
  it.each([
    // limits, ms after the burst was spent, calls of 20 that pass then
    [{ perSecond: 10, burst: 5 }, 0, 0],
    [{ perSecond: 10, burst: 5 }, 100, 1],
    [{ perSecond: 10, burst: 5 }, 350, 3],
    [{ perSecond: 10, burst: 5 }, 10_000, 5],
    [{ perSecond: 1, burst: 1 }, 999, 0],
    [{ perSecond: 1, burst: 1 }, 1000, 1],
  ])('%j, %i ms after a spent burst: %i of 20 pass', (limits, idleMs, expected) => {
    let t = 0;
    const rate = new CallRate(limits, () => t);
    expect(passed(rate, 50)).toBe(limits.burst);
    t += idleMs;
    expect(passed(rate, 20)).toBe(expected);
  });
});
