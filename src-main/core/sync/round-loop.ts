// A poller's rhythm: its rounds run one at a time, the next one is planned after each (longer while the gateway
// is unreachable), and stopping aborts what is on its way and waits for the round to end.
import type { Logger } from '../log';
import type { WriteGate } from '../db/write-gate';
import type { SyncChannel, SyncStatus } from './sync-status';

export interface RoundLoopOptions<R extends { offline: boolean }> {
  channel: SyncChannel;
  status: Pick<SyncStatus, 'planned'>;
  log: Logger;
  now: () => number;
  /** The round the timer runs. */
  round: () => Promise<R>;
  /** How long to wait after a round; `failures` counts the unreachable rounds in a row (this one included). */
  delayAfter: (r: R, failures: number) => number;
  /** How long to wait after a round that threw (a bug, logged with `errorMessage`). */
  delayAfterError: () => number;
  errorMessage: string;
  /** While an import saves, a round starts, and writes, only once the save has committed (db/write-gate.ts). */
  writes?: WriteGate;
}

export class RoundLoop<R extends { offline: boolean }> {
  private timer: NodeJS.Timeout | null = null;
  /** When the planned round runs (while `timer` is set). */
  private plannedAt = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private failures = 0;
  private running = false;
  private abort = new AbortController();

  constructor(private readonly o: RoundLoopOptions<R>) {}

  /** Aborted when the loop stops: requests of a round pass it on. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(firstDelayMs: number): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    this.plan(firstDelayMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.chain.catch(() => undefined);
  }

  /**
   * Runs a round's write once it need not wait for an import's save on the core's thread, the gate claimed while it
   * runs (db/write-gate.ts); a round writes through it after each request (the save may have begun meanwhile).
   */
  async write<T>(fn: () => T | PromiseLike<T>): Promise<T> {
    return this.o.writes ? this.o.writes.run(fn) : fn();
  }

  /** Runs fn after the round on its way, if any: rounds never overlap. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The next round in delayMs (replacing the one planned); nothing while stopped. */
  plan(delayMs: number): void {
    this.planAt(this.o.now() + delayMs, delayMs);
  }

  /**
   * The next round at an instant (replacing the one planned): the plan shown is that instant itself, not one
   * reckoned again from a clock that has moved on since the caller read it.
   */
  planAt(atMs: number, delayMs = Math.max(atMs - this.o.now(), 0)): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.plannedAt = atMs;
    this.o.status.planned(this.o.channel, atMs);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.serial(() => this.write(this.o.round))
        .then((r) => this.after(r))
        .catch((err: unknown) => {
          this.o.log.error(this.o.errorMessage, { err });
          this.plan(this.o.delayAfterError());
        });
    }, delayMs);
    this.timer.unref?.();
  }

  /**
   * Brings the planned round forward to within delayMs when it is later than that; a round on its way plans the
   * next one itself when it ends.
   */
  planSooner(delayMs: number): void {
    if (!this.running || this.timer === null) return;
    if (this.plannedAt > this.o.now() + delayMs) this.plan(delayMs);
  }

  /** Plans the next round after one that ran outside the timer (a refresh the user asked for). */
  after(r: R): void {
    if (!this.running) return;
    this.failures = r.offline ? this.failures + 1 : 0;
    this.plan(this.o.delayAfter(r, this.failures));
  }
}
