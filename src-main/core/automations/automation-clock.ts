// When the runner looks for due work: every 30 seconds, and at once when woken (switched on, edited, contacts
// changed, the test gateway's clock moved). One piece of work at a time: a tick, a pause's withdrawal and an
// edit never interleave, so two of them cannot record or withdraw the same run at once.
import type { Logger } from '../log';
import type { WriteGate } from '../db/write-gate';
import { OneAtATime } from './one-at-a-time';

export const TICK_MS = 30_000;

export class AutomationClock {
  private readonly work: OneAtATime;
  private queued = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly tick: () => Promise<void>,
    private readonly log: Logger,
    private readonly everyMs = TICK_MS,
    /** The core's write gate: a tick waits while an import saves (db/write-gate.ts). */
    gate?: WriteGate,
  ) {
    this.work = new OneAtATime(log, gate);
  }

  start(): void {
    this.work.resume();
    this.timer = setInterval(() => this.wake(), this.everyMs);
    this.timer.unref();
    this.wake();
  }

  /** A tick as soon as the work in hand is done; wakes while one is waiting to start add nothing. */
  wake(): void {
    if (this.work.stopped || this.queued) return;
    this.queued = true;
    void this.work
      .exclusive(async () => {
        this.queued = false;
        if (!this.work.stopped) await this.tick();
      })
      .catch((err: unknown) => this.log.warn('automations: a tick failed; the next one tries again', { err }));
  }

  /** Runs `fn` alone: after the work before it, before the work after it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.work.exclusive(fn);
  }

  /** Resolves when everything queued so far is done (tests, and stop). */
  idle(): Promise<void> {
    return this.work.idle();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.work.stop();
  }
}
