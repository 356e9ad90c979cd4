// Lets a test wait while something waits at the write gate: until the event loop has turned `turns` times (a 5 ms
// timer) and at least `ms` have passed. Counted, not timed: a write waiting in SQLite's busy handler holds the loop,
// and so the count, until busy_timeout (5 s) fails it, while a loaded machine merely turns the loop less often.
export async function loopTurns(turns: number, ms: number): Promise<number> {
  let turned = 0;
  const timer = setInterval(() => turned++, 5);
  const started = Date.now();
  try {
    while (turned < turns || Date.now() - started < ms) await new Promise((r) => setTimeout(r, 5));
  } finally {
    clearInterval(timer);
  }
  return turned;
}
