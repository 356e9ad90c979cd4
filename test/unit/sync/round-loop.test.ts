// The pollers' rhythm: rounds never overlap, the next one is planned from the last outcome, and stop waits.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoundLoop } from '../../../src-main/core/sync/round-loop';
import { createLogger } from '../../../src-main/core/log';

interface Round {
  offline: boolean;
}

function loop(outcomes: Round[], delays: number[][] = []) {
  const planned: number[] = [];
  let running = 0;
  let maxRunning = 0;
  let rounds = 0;
  const l = new RoundLoop<Round>({
    channel: 'inbox',
    status: { planned: (_c, at) => planned.push(at ?? -1) },
    log: createLogger({ level: 'error' }),
    now: () => Date.now(),
    round: async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((r) => setTimeout(r, 50));
      running--;
      const r = outcomes[Math.min(rounds, outcomes.length - 1)]!;
      rounds++;
      return r;
    },
    delayAfter: (r, failures) => {
      delays.push([r.offline ? 1 : 0, failures]);
      return r.offline ? 1_000 * failures : 10_000;
    },
    delayAfterError: () => 5_000,
    errorMessage: 'test round failed',
  });
  return { l, planned, stats: () => ({ rounds, maxRunning }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('RoundLoop', () => {
  it('runs rounds one at a time, even when asked while one is on its way', async () => {
    const { l, stats } = loop([{ offline: false }]);
    const a = l.serial(async () => {
      await new Promise((r) => setTimeout(r, 100));
      return 'a';
    });
    const b = l.serial(async () => 'b');
    let bDone = false;
    void b.then(() => (bDone = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(bDone).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(await a).toBe('a');
    expect(bDone).toBe(true);
    expect(stats().rounds).toBe(0);
  });

  it.each([
    ['reachable rounds keep the rhythm', [{ offline: false }, { offline: false }], [[0, 0], [0, 0]]],
    ['unreachable rounds count failures in a row, a good one resets them', [{ offline: true }, { offline: true }, { offline: false }, { offline: true }], [[1, 1], [1, 2], [0, 0], [1, 1]]],
  ])('%s', async (_name, outcomes, expected) => {
    const delays: number[][] = [];
    const { l, stats } = loop(outcomes, delays);
    l.start(0);
    for (let i = 0; i < outcomes.length; i++) await vi.advanceTimersByTimeAsync(11_000);
    await l.stop();
    expect(delays.slice(0, expected.length)).toEqual(expected);
    expect(stats().maxRunning).toBe(1);
  });

  it('plans the next round after the delay the last outcome asks for', async () => {
    const { l, planned } = loop([{ offline: true }]);
    l.start(100);
    expect(planned).toEqual([100]);
    await vi.advanceTimersByTimeAsync(150); // round starts at 100, ends at 150, fails once: next in 1,000 ms
    expect(planned).toEqual([100, 1_150]);
    await l.stop();
  });

  it('stops: nothing more is planned, and stop waits for the round on its way', async () => {
    const { l, planned, stats } = loop([{ offline: false }]);
    l.start(0);
    await vi.advanceTimersByTimeAsync(10); // the round is on its way
    let stopped = false;
    const s = l.stop().then(() => (stopped = true));
    expect(l.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    await s;
    expect(stats().rounds).toBe(1);
    const before = planned.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(planned.length).toBe(before);
    expect(stats().rounds).toBe(1);
  });

  it('a round that throws is logged and the loop goes on after the error delay', async () => {
    const planned: number[] = [];
    let calls = 0;
    const l = new RoundLoop<Round>({
      channel: 'statuses',
      status: { planned: (_c, at) => planned.push(at ?? -1) },
      log: createLogger({ level: 'error', echo: false }),
      now: () => Date.now(),
      round: () => {
        calls++;
        return Promise.reject(new Error('bug'));
      },
      delayAfter: () => 1,
      delayAfterError: () => 5_000,
      errorMessage: 'test round failed',
    });
    l.start(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(planned).toEqual([0, 5_000]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
    await l.stop();
  });

  it('brings a later planned round forward, never pushes an earlier one back, and leaves a round on its way alone', async () => {
    const { l, planned, stats } = loop([{ offline: false }]);
    l.start(30_000);
    l.planSooner(5_000);
    expect(planned).toEqual([30_000, 5_000]);
    // Already sooner than asked: unchanged.
    l.planSooner(8_000);
    expect(planned).toEqual([30_000, 5_000]);
    await vi.advanceTimersByTimeAsync(5_000);
    // The round is on its way (it takes 50 ms): nothing planned beside it; it plans the next when it ends.
    l.planSooner(1_000);
    expect(planned).toEqual([30_000, 5_000]);
    await vi.advanceTimersByTimeAsync(50);
    expect(stats().rounds).toBe(1);
    expect(planned).toEqual([30_000, 5_000, 15_050]);
    await l.stop();
  });
});
