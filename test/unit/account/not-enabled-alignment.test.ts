// The gateway client must read the simulator's "feature not enabled" answer as not_enabled (so the account
// views show their plain state) and still read a bad token or a refused IP address as an auth problem.
import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../../src-main/core/gateway/error-mapping';
import { LegacyError, legacyErrorReply } from '../../../src-sim/legacy-errors';
import { FEATURE_NAMES } from '../../../src-sim/state';

function answer(e: LegacyError) {
  const reply = legacyErrorReply(e);
  return errorFromResponse({
    api: 'legacy',
    operation: 'read',
    what: 'GET /api/vas',
    status: reply.status,
    headers: {},
    body: JSON.stringify(reply.body),
    nowMs: 0,
  });
}

describe('a 403 for a feature the account lacks', () => {
  it.each(Object.values(FEATURE_NAMES))('"%s is not enabled" is not_enabled', (feature) => {
    const err = answer(new LegacyError('notEnabled', [feature]));
    expect(err.kind).toBe('not_enabled');
    expect(err.maybeAccepted).toBe(false);
  });

  it('a bad token is still auth', () => {
    expect(answer(new LegacyError('invalidToken')).kind).toBe('auth');
  });

  it('a refused source address is auth, not not_enabled', () => {
    const body = { code: '0x0103', message: 'Access from IP address %1 is not enabled for this account', variables: ['10.0.0.1'] };
    const err = errorFromResponse({ api: 'legacy', operation: 'read', what: 'GET /rest/me', status: 403, headers: {}, body: JSON.stringify(body), nowMs: 0 });
    expect(err.kind).toBe('auth');
  });
});
