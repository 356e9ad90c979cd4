// The simulator's clock: simulated time that starts at the real time, runs at `speed`, can be advanced, and fires due work.

/** Work due at a simulated instant. Runs synchronously; it may schedule more work. */
export type DueWork = () => void;

interface Entry {
  at: number;
  seq: number;
  work: DueWork;
}

/** One advance may jump at most ten years, keeping simulated dates representable. */
export const MAX_ADVANCE_S = 10 * 366 * 86_400;

/** The largest delay setTimeout accepts; longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class SimClock {
  private simBase: number;
  private realBase: number;
  private readonly heap: Entry[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private closed = false;

  /**
   * @param speed simulated seconds per real second (1 = real time)
   * @param startAt simulated epoch ms to start from (default: the real time now)
   */
  constructor(
    readonly speed: number = 1,
    startAt: number = Date.now(),
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(speed > 0) || !Number.isFinite(speed)) throw new RangeError(`speed must be a positive number, got ${speed}`);
    this.realBase = realNow();
    this.simBase = startAt;
  }

  /** Simulated time in epoch milliseconds. */
  now(): number {
    return this.simBase + (this.realNow() - this.realBase) * this.speed;
  }

  /** Simulated time in whole epoch seconds. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Moves simulated time forward; everything due by then has run before this returns. */
  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_S)
      throw new RangeError(`advance_seconds must be a number from 0 to ${MAX_ADVANCE_S}, got ${seconds}`);
    this.simBase += seconds * 1000;
    this.runDue();
  }

  /** Runs `work` once simulated time reaches `at` (epoch ms); at once (on the next due check) if already past. */
  schedule(at: number, work: DueWork): void {
    if (this.closed) return;
    const entry = { at, seq: this.seq++, work };
    this.push(entry);
    if (this.heap[0] === entry && !this.running) this.arm();
  }

  /** How many pieces of work are waiting. */
  pending(): number {
    return this.heap.length;
  }

  /** Stops firing; pending work is dropped. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.heap.length = 0;
  }

  /** Runs all work due now, including work that due work schedules for now or earlier. */
  runDue(): void {
    if (this.running || this.closed) return;
    this.running = true;
    try {
      for (;;) {
        const top = this.heap[0];
        if (!top || top.at > this.now()) break;
        this.pop();
        try {
          top.work();
        } catch (err) {
          // Due work is the simulator's own bookkeeping; a bug there must show, but must not stop the clock.
          process.emitWarning(`simulator clock work failed: ${(err as Error).stack ?? String(err)}`);
        }
      }
    } finally {
      this.running = false;
    }
    this.arm();
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const top = this.heap[0];
    if (!top || this.closed) return;
    const realDelay = Math.max(0, (top.at - this.now()) / this.speed);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runDue();
    }, Math.min(Math.ceil(realDelay), MAX_TIMER_MS));
    this.timer.unref();
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(e: Entry): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}
