// Slices of long work sized by time (issue 30.3): the next slice holds as many items as fit the budget at the last
// one's pace, never more than the caller's size or twice the last, never none; every item passed once, in order.
import { describe, expect, it } from 'vitest';
import { inSlices, nextSliceSize, nextWriteTurn, SLICE_BUDGET_MS, turnBudget } from '../../../src-main/core/event-loop-turns';
import { createWriteGate } from '../../../src-main/core/db/write-gate';

describe('nextSliceSize', () => {
  // The table's times are against a budget of 10 ms (the core's own is SLICE_BUDGET_MS).
  const BUDGET = 10;
  it.each([
    // last size, its ms, max, next
    [250, 20, 250, 125], // twice the budget: half as many
    [250, 300, 250, 8], // a loaded machine: a slice of 300 ms gives way to one of about 10
    [250, 5, 250, 250], // under budget: as many as the caller allows, no more
    [8, 1, 250, 16], // quick: grows at most twofold
    [8, 0, 250, 16], // too quick to time: still only twofold
    [1, 500, 250, 1], // never none
    [100, BUDGET, 250, 100], // on budget: the same
  ])('after %i items in %i ms (at most %i): %i', (size, ms, max, next) => {
    expect(nextSliceSize(size, ms, max, BUDGET)).toBe(next);
  });

  it("sizes by the core's own budget unless told another", () => {
    expect(nextSliceSize(100, 2 * SLICE_BUDGET_MS, 250)).toBe(50);
    expect(nextSliceSize(100, SLICE_BUDGET_MS, 250)).toBe(100);
  });

  it.each([
    // last size, its ms, max, min, next
    [250, 300, 250, 50, 50], // a slice with a cost of its own is not cut below its floor
    [250, 5, 250, 50, 250],
    [10, 1, 20, 50, 20], // a floor above the maximum is the maximum
  ])('after %i items in %i ms (at most %i, at least %i): %i', (size, ms, max, min, next) => {
    expect(nextSliceSize(size, ms, max, BUDGET, min)).toBe(next);
  });
});

describe('turnBudget', () => {
  it('is spent once the loop has been held for the budget, and starts anew after a turn', async () => {
    // A budget far above any pause a loaded machine puts between two lines (5 ms failed once in CI), held past it.
    const budget = turnBudget(100);
    expect(budget.spent()).toBe(false);
    const until = performance.now() + 110;
    while (performance.now() < until);
    expect(budget.spent()).toBe(true);
    await budget.turn();
    expect(budget.spent()).toBe(false);
  });
});

describe('inSlices', () => {
  it('passes every item once, in order, the first slice whole, and lets the loop turn between slices', async () => {
    const items = Array.from({ length: 300 }, (_, i) => i);
    const slices: number[][] = [];
    let turns = 0;
    const counter = setInterval(() => turns++, 0);
    try {
      await inSlices(items, 100, (slice) => {
        slices.push([...slice]);
        // A slow step: 2 ms an item, so each slice after the first is cut to what fits the budget.
        const until = performance.now() + 2 * slice.length;
        while (performance.now() < until);
      });
    } finally {
      clearInterval(counter);
    }
    expect(slices.flat()).toEqual(items);
    expect(slices[0]).toHaveLength(100);
    expect(Math.max(...slices.slice(1).map((s) => s.length))).toBeLessThanOrEqual(Math.ceil(SLICE_BUDGET_MS / 2));
    expect(turns).toBeGreaterThan(0);
  });

  it('starts with `first` items where asked, then grows at most twofold a slice up to `size`', async () => {
    const sizes: number[] = [];
    await inSlices(Array.from({ length: 200 }, (_, i) => i), 50, (slice) => sizes.push(slice.length), { first: 5 });
    expect(sizes.slice(0, 4)).toEqual([5, 10, 20, 40]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(200);
    expect(Math.max(...sizes)).toBe(50);
  });
});

describe('slices that write', () => {
  it('wait for the write gate before each slice, the first too, and run with it claimed', async () => {
    const gate = createWriteGate();
    const release = gate.hold();
    const claimed: boolean[] = [];
    const done = inSlices([1, 2, 3, 4, 5], 2, () => void claimed.push(gate.claimed), { gate });
    // Held (an import's save): no slice runs, however often the loop turns.
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    expect(claimed).toEqual([]);
    release();
    await done;
    expect(claimed).toEqual([true, true, true]);
  });

  it('nextWriteTurn lets the loop turn, then resumes with the gate claimed once it is free', async () => {
    const gate = createWriteGate();
    const release = gate.hold();
    let resumed = false;
    const turn = nextWriteTurn(gate).then(() => {
      resumed = true;
      return gate.claimed;
    });
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    expect(resumed).toBe(false);
    release();
    expect(await turn).toBe(true);
  });
});
