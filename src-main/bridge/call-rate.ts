// How fast one connection may call: a bucket of `burst` calls refilled at `perSecond`, so a window opening (a few
// dozen calls at once) passes and a runaway or hostile client is answered rate_limited instead of queuing work.
export interface CallRateLimits {
  perSecond: number;
  burst: number;
}

export const DEFAULT_CALL_RATE: CallRateLimits = { perSecond: 50, burst: 200 };

export class CallRate {
  private tokens: number;
  private at: number;

  constructor(
    private readonly limits: CallRateLimits = DEFAULT_CALL_RATE,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.at = now();
  }

  /** Whether one more call may go now (and counts it). */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket has refilled completely (a per-address bucket in that state can be forgotten). */
  full(): boolean {
    this.refill();
    return this.tokens >= this.limits.burst;
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.at) / 1000) * this.limits.perSecond);
    this.at = t;
  }
}
