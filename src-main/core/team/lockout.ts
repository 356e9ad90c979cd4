// The lockout rule, pure: after `slowAfter` wrong passwords in a row each further attempt must wait twice as long as
// the one before, and the `lockAfter`th locks the account for `lockMs`. A good password (or an owner's reset) clears
// it. Refusing attempts until the wait has passed, rather than sleeping on the answer, holds against parallel guesses.

export interface LockoutTimings {
  /** Wrong passwords before the next attempt has to wait. */
  slowAfter: number;
  /** The first wait; each further wrong password doubles it. */
  slowMs: number;
  /** Wrong passwords that lock the account. */
  lockAfter: number;
  lockMs: number;
}

/** What sign-in knows of an account's (or an unknown name's) wrong passwords. */
export interface LockState {
  failedCount: number;
  lastFailedAt: number | null;
  lockedUntil: number | null;
}

export const CLEAR: LockState = Object.freeze({ failedCount: 0, lastFailedAt: null, lockedUntil: null });

/** How long, after the `failedCount`th wrong password in a row, the next attempt waits; 'lock' once it locks. */
export function waitAfter(failedCount: number, t: LockoutTimings): number | 'lock' {
  if (failedCount >= t.lockAfter) return 'lock';
  if (failedCount < t.slowAfter) return 0;
  return t.slowMs * 2 ** (failedCount - t.slowAfter);
}

export type Admission = { kind: 'try' } | { kind: 'wait'; ms: number } | { kind: 'locked'; until: number };

/** Whether an attempt may check its password now. */
export function admit(s: LockState, now: number, t: LockoutTimings): Admission {
  if (s.lockedUntil !== null && now < s.lockedUntil) return { kind: 'locked', until: s.lockedUntil };
  const wait = waitAfter(s.failedCount, t);
  // A lock that has run out lets the next attempt through; a wrong one locks again at once (see afterWrong).
  if (wait === 'lock' || wait === 0 || s.lastFailedAt === null) return { kind: 'try' };
  const at = s.lastFailedAt + wait;
  return now < at ? { kind: 'wait', ms: at - now } : { kind: 'try' };
}

/** The state after one more wrong password; `locked` when this one locked the account. */
export function afterWrong(s: LockState, now: number, t: LockoutTimings): { state: LockState; locked: boolean } {
  const failedCount = s.failedCount + 1;
  const locked = waitAfter(failedCount, t) === 'lock';
  return { state: { failedCount, lastFailedAt: now, lockedUntil: locked ? now + t.lockMs : s.lockedUntil }, locked };
}
