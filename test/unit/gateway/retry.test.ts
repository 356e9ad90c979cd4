import { describe, expect, it } from 'vitest';
import { backoffDelay, classifyOperation, decideRetry, DEFAULT_RETRY_POLICY, type FailedAttempt, type OperationKind } from '../../../src-main/core/gateway/retry';

describe('classifyOperation', () => {
  const cases: [string, string, OperationKind][] = [
    ['GET', '/rest/me', 'read'],
    ['GET', '/rest/mosms?from=2024-01-01&to=2024-01-31', 'read'],
    ['GET', '/rest/mtsms/123', 'read'],
    ['GET', '/api/prices/list/sms/json', 'read'],
    ['GET', '/api/prices/list/sms/xlsx', 'read'],
    ['GET', '/api/vas', 'read'],
    ['POST', '/api/usage/labels', 'read'],
    ['POST', '/api/vas/check', 'read'],
    ['POST', '/rest/me', 'read'],
    ['GET', '/rest/mtsms', 'send'], // the query-string form of sending
    ['GET', '/rest/mtsms/?message=hi', 'send'],
    ['POST', '/mobile/single', 'send'],
    ['POST', '/mobile/multi', 'send'],
    ['POST', '/rest/mtsms', 'send'],
    ['POST', '/rest/email', 'send'],
    ['POST', '/rest/refund', 'send'],
    ['POST', '/rest/hlr', 'send'], // charged per lookup
    ['POST', '/api/vas', 'send'],
    ['DELETE', '/rest/mtsms/5', 'send'],
    ['DELETE', '/api/vas/1204/PIZZA', 'send'],
    ['POST', '/something/new', 'send'],
    ['PUT', '/rest/me', 'send'],
  ];
  it.each(cases)('%s %s is a %s', (method, path, kind) => {
    expect(classifyOperation(method, path)).toBe(kind);
  });
});

describe('decideRetry', () => {
  const half = () => 0.5;
  type Row = [string, FailedAttempt, boolean, number | undefined];
  const net = (maybeAccepted: boolean) => ({ kind: 'network' as const, maybeAccepted });
  const rows: Row[] = [
    ['read, network failure', { operation: 'read', attempt: 1, error: net(false) }, true, 188],
    ['read, network failure after the request went out', { operation: 'read', attempt: 1, error: net(true) }, true, 188],
    ['read, 5xx', { operation: 'read', attempt: 2, error: { kind: 'server', maybeAccepted: false } }, true, 375],
    ['read, 503 with Retry-After 5', { operation: 'read', attempt: 1, error: { kind: 'server', maybeAccepted: false, retryAfterS: 5 } }, true, 5000],
    ['send, certainly not sent (refused)', { operation: 'send', attempt: 1, error: net(false) }, true, 188],
    ['send, maybe sent (reset after the body went out)', { operation: 'send', attempt: 1, error: net(true) }, false, undefined],
    ['send, 5xx', { operation: 'send', attempt: 1, error: { kind: 'server', maybeAccepted: true } }, false, undefined],
    ['send, 429 with Retry-After 3', { operation: 'send', attempt: 1, error: { kind: 'rate_limited', maybeAccepted: false, retryAfterS: 3 } }, true, 3000],
    ['read, 429 with Retry-After 0', { operation: 'read', attempt: 1, error: { kind: 'rate_limited', maybeAccepted: false, retryAfterS: 0 } }, true, 0],
    ['read, 429 without Retry-After', { operation: 'read', attempt: 3, error: { kind: 'rate_limited', maybeAccepted: false } }, true, 750],
    ['429 asking for longer than the cap', { operation: 'read', attempt: 1, error: { kind: 'rate_limited', maybeAccepted: false, retryAfterS: 3600 } }, false, undefined],
    ['read, validation', { operation: 'read', attempt: 1, error: { kind: 'validation', maybeAccepted: false } }, false, undefined],
    ['read, auth', { operation: 'read', attempt: 1, error: { kind: 'auth', maybeAccepted: false } }, false, undefined],
    ['read, not found', { operation: 'read', attempt: 1, error: { kind: 'not_found', maybeAccepted: false } }, false, undefined],
    ['read, protocol', { operation: 'read', attempt: 1, error: { kind: 'protocol', maybeAccepted: false } }, false, undefined],
    ['send, protocol (2xx with odd body)', { operation: 'send', attempt: 1, error: { kind: 'protocol', maybeAccepted: true } }, false, undefined],
    ['send, cancelled', { operation: 'send', attempt: 1, error: { kind: 'cancelled', maybeAccepted: false } }, false, undefined],
    ['read, last attempt', { operation: 'read', attempt: 4, error: net(false) }, false, undefined],
    ['send refused, last attempt', { operation: 'send', attempt: 4, error: net(false) }, false, undefined],
  ];
  it.each(rows)('%s', (_name, attempt, retry, delay) => {
    const d = decideRetry(attempt, DEFAULT_RETRY_POLICY, half);
    expect(d.retry).toBe(retry);
    if (d.retry) expect(d.delayMs).toBe(delay);
    expect(d.why).not.toBe('');
  });

  it('never retries a send whose outcome is unknown, whatever the attempt or error', () => {
    for (const kind of ['network', 'server', 'protocol', 'cancelled'] as const) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect(decideRetry({ operation: 'send', attempt, error: { kind, maybeAccepted: true } }).retry).toBe(false);
      }
    }
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt, stays within [step/2, step] and caps at maxDelayMs', () => {
    const p = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, p, () => 0)).toBe(50);
    expect(backoffDelay(1, p, () => 1)).toBe(100);
    expect(backoffDelay(3, p, () => 0)).toBe(200);
    expect(backoffDelay(3, p, () => 1)).toBe(400);
    expect(backoffDelay(10, p, () => 1)).toBe(1000);
    expect(backoffDelay(10, p, () => 0)).toBe(500);
  });
});
