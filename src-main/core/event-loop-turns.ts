// Long work on the core's one event loop cut into turns, so other calls are answered in between (issue 30.3).
import type { WriteGate } from './db/write-gate';

/** Lets the event loop turn: timers, I/O and other calls run before the caller goes on. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * How long one slice should hold the loop. A fixed count of items took 20 ms on a quiet machine and over 300 ms on
 * a loaded one (a welcome's 250 rows, bench core.max_loop_block_ms), so slices are sized by how long the last took.
 * 5 ms rather than 10: a young-generation collection of 10–20 ms lands inside some slice now and then, and a slice
 * of 10 ms with one in it held the loop past 20 ms (the bench's p99 goal); at 5 ms the send's and the welcome's
 * longest stretches were 38–52 ms rather than 52–65, for no measurable cost in their length.
 */
export const SLICE_BUDGET_MS = 5;

/** How many items the next slice gets: as many as fit the budget at the last slice's pace, between 1 and `max`. */
export function nextSliceSize(lastSize: number, lastMs: number, max: number, budgetMs = SLICE_BUDGET_MS, min = 1): number {
  // Grows at most twofold a slice, so one quick slice (a warm cache, a timer's coarse tick) cannot make the next huge.
  const fits = Math.floor((lastSize * budgetMs) / Math.max(lastMs, 0.01));
  return Math.max(Math.min(min, max), Math.min(max, 2 * lastSize, fits));
}

/**
 * Calls `step` on `items` a slice at a time, the loop turning between two slices; every item is passed once, in
 * order. The first slice has `first` items (by default `size`: what a slice holds is part of some callers' promises,
 * a welcome run's first slice stands as a run of its own; smaller where the machine's pace is not known yet); each
 * later one at most `size`, and fewer when the slice before it took longer than SLICE_BUDGET_MS, though not fewer
 * than `min` (where each slice has a cost of its own besides its items). With `gate` (slices that write on the core's
 * connection) each slice waits for the write gate and runs with it claimed (db/write-gate.ts turn), the first too.
 */
export async function inSlices<T>(
  items: readonly T[],
  size: number,
  step: (slice: readonly T[]) => void,
  { min = 1, first = size, gate }: { min?: number; first?: number; gate?: WriteGate } = {},
): Promise<void> {
  let n = Math.min(first, size);
  for (let i = 0; i < items.length; ) {
    if (i > 0) await nextTurn();
    if (gate) await gate.turn();
    const slice = items.slice(i, i + n);
    const t0 = performance.now();
    step(slice);
    i += slice.length;
    n = nextSliceSize(slice.length, performance.now() - t0, size, SLICE_BUDGET_MS, min);
  }
}

/**
 * For a loop over many items that cannot be cut into equal slices (each item's cost varies): `spent()` says when
 * the loop has been held for SLICE_BUDGET_MS since the last turn, and `turn()` lets it turn and starts anew.
 */
export function turnBudget(budgetMs = SLICE_BUDGET_MS): { spent(): boolean; turn(): Promise<void> } {
  let since = performance.now();
  return {
    spent: () => performance.now() - since >= budgetMs,
    async turn() {
      await nextTurn();
      since = performance.now();
    },
  };
}

/**
 * Lets the event loop turn, then waits for the write gate and claims it to the end of that turn (db/write-gate.ts
 * turn): for a loop that writes on the core's connection between its turns.
 */
export async function nextWriteTurn(gate: WriteGate): Promise<void> {
  await nextTurn();
  await gate.turn();
}
