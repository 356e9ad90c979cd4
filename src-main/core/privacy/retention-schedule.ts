// When the retention of message texts runs by itself: at start and then once a day on the core's clock, like the
// other schedules. It makes the audited call privacy.applyRetention as Besked itself, so each run that deletes texts
// is in the audit trail; a day with nothing to delete writes nothing.
import { systemEvery, type Every } from '../pricing/price-schedule';
import type { Logger } from '../log';

/** How often a running Besked looks; it deletes at most once a day. */
export const RETENTION_CHECK_INTERVAL_MS = 3600_000;
export const DAY_MS = 86_400_000;

export interface RetentionScheduleDeps {
  now: () => number;
  /** How many texts are due now (0 when the retention is off). */
  due: () => number;
  /** Makes the audited call. */
  apply: () => Promise<unknown>;
  log: Logger;
  every?: Every;
}

export class RetentionSchedule {
  private lastLook: number | null = null;
  private stopTimer: (() => void) | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly d: RetentionScheduleDeps) {}

  start(): void {
    this.tick();
    this.stopTimer = (this.d.every ?? systemEvery)(RETENTION_CHECK_INTERVAL_MS, () => this.tick());
  }

  async stop(): Promise<void> {
    this.stopTimer?.();
    this.stopTimer = null;
    await this.running;
  }

  /** Looks (at most once a day) and runs the retention when texts are due; one look at a time. */
  tick(): void {
    this.running = this.running.then(async () => {
      const now = this.d.now();
      if (this.lastLook !== null && now - this.lastLook < DAY_MS) return;
      this.lastLook = now;
      try {
        if (this.d.due() > 0) await this.d.apply();
      } catch (err) {
        this.d.log.error('retention of message texts failed', { err });
      }
    });
  }
}
