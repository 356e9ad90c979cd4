// One piece of automations work at a time (the runner's ticks and withdrawals, a keyword pass, a welcome pass): each
// starts after the one before it has ended, so two of them never decide, record or withdraw the same thing at once.
import type { Logger } from '../log';
import type { WriteGate } from '../db/write-gate';

export class OneAtATime {
  private chain: Promise<void> = Promise.resolve();
  private halted = false;

  constructor(
    private readonly log: Logger,
    /** While held (an import saves: db/write-gate.ts), the next piece of work waits for it before it starts. */
    private readonly gate?: WriteGate,
  ) {}

  /** True from stop() until resume(): a long pass looks at it between items and ends early. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Runs `fn` alone: after the work before it, before the work after it. Its result and its error are the caller's. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    // Not a turn later when the gate is free: the order of work and everything else stays as it was.
    const p = this.chain.then(() => (this.gate ? this.gate.run(fn) : fn()));
    this.chain = p.then(
      () => undefined,
      () => undefined,
    );
    return p;
  }

  /**
   * A pass, unless stopped by the time its turn comes. It never rejects: a failed pass is logged as `failure` and
   * the next one (a new text, the timer) tries again.
   */
  pass(fn: () => Promise<void>, failure: string): Promise<void> {
    return this.exclusive(() => (this.halted ? Promise.resolve() : fn())).catch((err: unknown) => this.log.warn(failure, { err }));
  }

  /** Resolves when everything queued so far is done. */
  idle(): Promise<void> {
    return this.exclusive(async () => {});
  }

  /** No pass starts any more; resolves when the work in hand is done. */
  async stop(): Promise<void> {
    this.halted = true;
    await this.idle();
  }

  resume(): void {
    this.halted = false;
  }
}
