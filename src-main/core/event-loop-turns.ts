// Long work on the core's one event loop cut into turns, so other calls are answered in between (issue 30.3).

/** Lets the event loop turn: timers, I/O and other calls run before the caller goes on. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/** Calls `step` on `items` a slice of `size` at a time, the loop turning between two slices. */
export async function inSlices<T>(items: readonly T[], size: number, step: (slice: readonly T[]) => void): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn();
    step(items.slice(i, i + size));
  }
}
