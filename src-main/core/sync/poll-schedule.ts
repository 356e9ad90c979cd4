// When to ask the gateway again about one sent message, and how long to wait while the gateway is unreachable.

export const STATUS_POLL = {
  /** Most reports arrive within seconds; the first look comes soon after the message leaves the queue. */
  firstAfterSendS: 10,
  /**
   * Each wait is (growth - 1) × the message's age, so looks happen at ages 10 s, 40 s, 2.7 min, 11 min, 43 min,
   * 2.8 h, 11 h, 1.9 days, then at expiry. A phone that was off for an hour is noticed within a few hours (and at once
   * when the user opens the campaign), while a message that stays undecided for its whole 5-day validity costs nine
   * requests, however many recipients it has.
   */
  growth: 4,
  minIntervalS: 5,
  /** A bound for validities longer than the gateway's 5 days, should it ever allow them. */
  maxIntervalS: 4 * 24 * 3600,
  /** The gateway still reports a final status (often EXPIRED) shortly after the validity ends; one last look then. */
  expiryMarginS: 15 * 60,
} as const;

export type StatusPollRules = { readonly [K in keyof typeof STATUS_POLL]: number };

export interface StatusPollInput {
  /** When the gateway hands the message out (epoch ms): the send time, or a later scheduled sendtime. */
  sendAt: number;
  /** End of the message's validity (epoch ms). */
  expiresAt: number;
  /** How many times the message has been polled so far (including one that just happened). */
  polls: number;
  now: number;
}

export type StatusPollDecision = { kind: 'poll'; at: number } | { kind: 'give-up' };

/**
 * The next time to poll a message, or 'give-up' once a look at or after its expiry (plus margin) has been taken:
 * then every recipient still without a final status is 'unknown'. Driven by the message's age, not by the number of
 * attempts, so a restart or an offline spell neither resets the backoff nor causes a burst: an overdue message is
 * polled once, then waits in proportion to its age again.
 */
export function nextStatusPoll(input: StatusPollInput, rules: StatusPollRules = STATUS_POLL): StatusPollDecision {
  const deadline = input.expiresAt + rules.expiryMarginS * 1000;
  const first = input.sendAt + rules.firstAfterSendS * 1000;
  if (input.polls > 0 && input.now >= deadline) return { kind: 'give-up' };
  if (input.polls === 0) return { kind: 'poll', at: Math.min(Math.max(first, input.now), deadline) };
  const age = Math.max(0, input.now - input.sendAt);
  const intervalMs = clamp(age * (rules.growth - 1), rules.minIntervalS * 1000, rules.maxIntervalS * 1000);
  const at = Math.max(input.now + intervalMs, first);
  // Past the validity only a late final report can still come: one look at the deadline catches it.
  return { kind: 'poll', at: at > input.expiresAt ? deadline : at };
}

export const OFFLINE_BACKOFF = {
  firstS: 5,
  factor: 2,
  maxS: 5 * 60,
} as const;

/**
 * How long a poller waits after `failures` consecutive failed attempts to reach the gateway (1 = the first failure).
 * Doubles up to five minutes; the poll that then succeeds catches up on everything that fell due meanwhile.
 */
export function offlineRetryDelayMs(failures: number, rules: { firstS: number; factor: number; maxS: number } = OFFLINE_BACKOFF): number {
  if (failures <= 0) return 0;
  const s = rules.firstS * rules.factor ** Math.min(failures - 1, 30);
  return Math.min(s, rules.maxS) * 1000;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}
