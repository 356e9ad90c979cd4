// Which answers a transport keeps a session token from, and which end the one it keeps.
import { describe, expect, it } from 'vitest';
import { sessionChange } from '../../../src-shared/team/session-answers';

const signedIn = { ok: true as const, value: { user: { id: 1, name: 'Anna', role: 'owner' }, session: { token: 't'.repeat(43), expiresAt: 'x' } } };
const refused = { ok: false as const, error: { kind: 'auth' as const, message: 'no' } };

describe('sessionChange', () => {
  it.each([
    ['team.signIn', signedIn, { token: 't'.repeat(43) }],
    ['team.setupOwner', signedIn, { token: 't'.repeat(43) }],
    ['team.acceptInvitation', signedIn, { token: 't'.repeat(43) }],
    ['team.signIn', refused, null],
    ['team.signOut', { ok: true as const, value: {} }, 'ended'],
    ['team.signOutEverywhere', { ok: true as const, value: { ended: 2 } }, 'ended'],
    ['team.changePassword', { ok: true as const, value: {} }, null],
    ['team.resume', refused, 'ended'],
    ['team.resume', { ok: false as const, error: { kind: 'network' as const, message: 'x' } }, null],
    ['contacts.list', signedIn, null],
  ])('%s → %j', (name, result, expected) => {
    expect(sessionChange(name, result)).toEqual(expected);
  });
});
