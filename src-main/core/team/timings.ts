// How long sessions and one-time links last and how sign-in slows down: the defaults of a Besked server, which tests
// shorten through CoreOptions.team.timings.
import type { LockoutTimings } from './lockout';

export interface TeamTimings extends LockoutTimings {
  /** A session unused this long ends. */
  sessionIdleMs: number;
  /** A session ends this long after signing in, however much it is used. */
  sessionMaxMs: number;
  /** An invitation or reset link stays usable this long. */
  linkMs: number;
  /** How often sessions out of time are looked for and ended. */
  sweepMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const DEFAULT_TIMINGS: TeamTimings = Object.freeze({
  sessionIdleMs: 14 * DAY,
  sessionMaxMs: 60 * DAY,
  linkMs: 7 * DAY,
  sweepMs: MINUTE,
  slowAfter: 5,
  slowMs: 1_000,
  lockAfter: 10,
  lockMs: 15 * MINUTE,
});
