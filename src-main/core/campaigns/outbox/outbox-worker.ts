// The outbox's worker loop and its lock: one step at a time, the user's changes to the queue in between, and a
// sleep until the next step is due or something wakes it.
import { nextTurn } from '../../event-loop-turns';
import type { WriteGate } from '../../db/write-gate';

export class OutboxWorker {
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  /** Steps and the user's changes to the queue run one at a time (see exclusive). */
  private lock: Promise<unknown> = Promise.resolve();

  constructor(
    /** Does one unit of work; returns when the next one is due (now, a time, or Infinity to sleep until woken). */
    private readonly step: () => Promise<number>,
    /** A step threw: returns when to try again. */
    private readonly failed: (err: unknown) => number,
    private readonly now: () => number,
    /** The core's write gate: a step waits while an import saves (db/write-gate.ts). */
    private readonly gate?: WriteGate,
  ) {}

  /**
   * Runs fn when no step of the loop is running, so no chunk is on its way meanwhile. Putting recipients back
   * into the queue needs that: they must not land inside the range of a chunk that is not settled yet.
   */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  start(): void {
    if (this.loopDone) return;
    this.stopping = false;
    this.loopDone = this.loop();
  }

  /** Stops after the step under way (and so the request in flight) is done. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    this.loopDone = null;
  }

  /** Look for work now. */
  wake(): void {
    this.woken = true;
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let next: number;
      this.woken = false;
      try {
        next = await this.exclusive(() => (this.gate ? this.gate.run(this.step) : this.step()));
      } catch (err) {
        next = this.failed(err);
      }
      if (this.stopping) break;
      const delay = next - this.now();
      if (delay <= 0 || this.woken) {
        // Let other calls in between chunks (the core is one thread).
        await nextTurn();
        continue;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          this.wakeUp = null;
          resolve();
        }, Math.min(delay, 2_147_000_000));
        this.wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }
}
