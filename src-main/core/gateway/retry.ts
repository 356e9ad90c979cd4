// The retry rule: which operations are reads or sends, when a failed attempt may be repeated, and how long to wait.
// Pure: the gateway has no idempotency key, so this is where "at most once" is decided.
import type { ErrorKind } from '../../../src-shared/errors';

/**
 * 'read' has no effect at the gateway and may be repeated freely.
 * 'send' changes something (texts, emails, charges, keyword leases, deletions) and may be repeated only when the
 * gateway certainly never saw it.
 */
export type OperationKind = 'read' | 'send';

/** POST endpoints that only read. Everything not listed as a read is treated as a send, the safe default. */
const POST_READS = new Set(['/api/usage/labels', '/api/vas/check', '/rest/me']);

/** GET endpoints that act: GET /rest/mtsms with query parameters sends SMS. */
const GET_SENDS = new Set(['/rest/mtsms']);

export function classifyOperation(method: string, path: string): OperationKind {
  const p = (path.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return GET_SENDS.has(p) ? 'send' : 'read';
  if (m === 'POST' && POST_READS.has(p)) return 'read';
  // POST /rest/hlr is charged per lookup, DELETE removes: both are sends.
  return 'send';
}

export interface RetryPolicy {
  /** Attempts in total, including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is handed to the caller instead of waited out. */
  maxRetryAfterS: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterS: 60,
};

export interface FailedAttempt {
  operation: OperationKind;
  /** 1 for the first attempt. */
  attempt: number;
  error: { kind: ErrorKind; maybeAccepted?: boolean | undefined; retryAfterS?: number | undefined };
}

export type RetryDecision = { retry: true; delayMs: number; why: string } | { retry: false; why: string };

/** Exponential backoff with "equal jitter": half the step fixed, half random, so retries of many clients spread out. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

export function decideRetry(f: FailedAttempt, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): RetryDecision {
  const { error, operation } = f;
  if (f.attempt >= policy.maxAttempts) return { retry: false, why: `gave up after ${f.attempt} attempts` };

  switch (error.kind) {
    case 'rate_limited': {
      // A 429 is a definite refusal: nothing was accepted, so even a send may be repeated, after the wait asked for.
      const waitS = error.retryAfterS;
      if (waitS !== undefined && waitS > policy.maxRetryAfterS) {
        return { retry: false, why: `gateway asked to wait ${waitS}s, longer than ${policy.maxRetryAfterS}s` };
      }
      const backoff = backoffDelay(f.attempt, policy, random);
      return { retry: true, delayMs: waitS === undefined ? backoff : waitS * 1000, why: 'rate limited' };
    }
    case 'network':
      if (operation === 'read') return { retry: true, delayMs: backoffDelay(f.attempt, policy, random), why: 'network failure on a read' };
      if (error.maybeAccepted === false) {
        return { retry: true, delayMs: backoffDelay(f.attempt, policy, random), why: 'send certainly did not reach the gateway' };
      }
      return { retry: false, why: 'send may have reached the gateway; the caller decides' };
    case 'server': {
      if (operation !== 'read') return { retry: false, why: 'server error after a send: outcome unknown; the caller decides' };
      const waitS = error.retryAfterS;
      if (waitS !== undefined && waitS > policy.maxRetryAfterS) {
        return { retry: false, why: `gateway asked to wait ${waitS}s, longer than ${policy.maxRetryAfterS}s` };
      }
      const backoff = backoffDelay(f.attempt, policy, random);
      return { retry: true, delayMs: Math.max(backoff, (waitS ?? 0) * 1000), why: 'server error on a read' };
    }
    default:
      return { retry: false, why: `${error.kind} errors are not retried` };
  }
}
