// When the runner looks for due work: every 30 seconds, and at once when woken (switched on, edited, contacts
// changed, the test gateway's clock moved). One piece of work at a time: a tick, a pause's withdrawal and an
// edit never interleave, so two of them cannot record or withdraw the same run at once.
import type { Logger } from '../log';

export const TICK_MS = 30_000;

export class AutomationClock {
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly tick: () => Promise<void>,
    private readonly log: Logger,
    private readonly everyMs = TICK_MS,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.everyMs);
    this.timer.unref();
    this.wake();
  }

  /** A tick as soon as the work in hand is done; wakes while one is waiting to start add nothing. */
  wake(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    void this.exclusive(async () => {
      this.queued = false;
      if (!this.stopped) await this.tick();
    }).catch((err: unknown) => this.log.warn('automations: a tick failed; the next one tries again', { err }));
  }

  /** Runs `fn` alone: after the work before it, before the work after it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.chain.then(fn);
    this.chain = p.then(
      () => undefined,
      () => undefined,
    );
    return p;
  }

  /** Resolves when everything queued so far is done (tests, and stop). */
  idle(): Promise<void> {
    return this.exclusive(async () => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }
}
