// A feature the gateway refuses becomes a remembered, plain "not enabled" state; other errors pass through.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/db/database';
import { m001Foundation } from '../../../src-main/core/db/migrations/001-foundation';
import { FeatureStates, notEnabledMessage } from '../../../src-main/core/account/feature-state';
import { m005Account } from '../../../src-main/core/db/migrations/005-account';
import { AuthError, NotEnabledError } from '../../../src-main/core/gateway';
import { BeskedError } from '../../../src-main/core/errors';

function db() {
  // Only the tables this test needs: the account migration renumbered after the foundation.
  return openDatabase(':memory:', { migrations: [m001Foundation, { ...m005Account, version: 2 }] });
}
const refused = () =>
  new NotEnabledError('Your gateway account is not enabled for this feature. The gateway said: "Number lookup is not enabled on this account." (incident 1234)', {
    maybeAccepted: false,
    status: 403,
  });

describe('FeatureStates', () => {
  it('starts unknown, then records enabled on success', async () => {
    const f = new FeatureStates(db(), () => new Date('2025-03-01T10:00:00Z'));
    expect(f.list('live').map((s) => s.state)).toEqual(['unknown', 'unknown', 'unknown']);
    await expect(f.guard('live', 'email', async () => 42)).resolves.toBe(42);
    expect(f.list('live')).toContainEqual({ feature: 'email', state: 'enabled', checkedAt: '2025-03-01T10:00:00.000Z' });
    expect(f.list('sandbox').find((s) => s.feature === 'email')?.state).toBe('unknown');
  });

  it('turns the gateway refusal into a plain not_enabled error with what to do, without the raw text', async () => {
    const f = new FeatureStates(db());
    const err = await f.guard('live', 'lookup', () => Promise.reject(refused())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BeskedError);
    const v = (err as BeskedError).toValue();
    expect(v.kind).toBe('not_enabled');
    expect(v.message).toMatch(/^Number lookup is not enabled on your gateway account\..*Contact the gateway's support/);
    expect(v.message).not.toMatch(/incident|The gateway said/);
    expect(f.list('live').find((s) => s.feature === 'lookup')?.state).toBe('not_enabled');
  });

  it('passes other errors through and records nothing', async () => {
    const f = new FeatureStates(db());
    const auth = new AuthError('bad token', { maybeAccepted: false, status: 403 });
    await expect(f.guard('live', 'keywords', () => Promise.reject(auth))).rejects.toBe(auth);
    expect(f.list('live').find((s) => s.feature === 'keywords')?.state).toBe('unknown');
  });

  it('becomes enabled again once the gateway allows it', async () => {
    const f = new FeatureStates(db());
    await f.guard('live', 'keywords', () => Promise.reject(refused())).catch(() => undefined);
    await f.guard('live', 'keywords', async () => []);
    expect(f.list('live').find((s) => s.feature === 'keywords')?.state).toBe('enabled');
  });
});

describe('notEnabledMessage', () => {
  it.each(['keywords', 'email', 'lookup'] as const)('says what to ask for %s, and notes the sandbox', (feature) => {
    expect(notEnabledMessage(feature, 'live')).toMatch(/support/);
    expect(notEnabledMessage(feature, 'live')).not.toMatch(/Sandbox/);
    expect(notEnabledMessage(feature, 'sandbox')).toMatch(/In Sandbox/);
  });
});
