// The team store against a fake window.besked: it asks team.status, keeps who signed in from the sign-in answers,
// lets go of it on sign-out and on team.sessionEnded (saying why), keeps the team list current on team.changed,
// collects team.lockout notices for owners, and keeps the one-time links out of its state.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { Me, TeamStatus, TeamUser } from '../../../src-shared/contract';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { invitation } from './support/team-fixtures';

const anna: Me = { id: 1, name: 'Anna', role: 'owner' };
const bo: Me = { id: 2, name: 'Bo', role: 'staff' };
const status = (over: Partial<TeamStatus> = {}): TeamStatus => ({ kind: 'server', setupNeeded: false, me: null, serverName: 'Salon', language: 'system', ...over });
const signedIn = (user: Me) => ({ user, session: { token: 't'.repeat(43), expiresAt: '2026-12-01T00:00:00Z' } });
const user = (me: Me, over: Partial<TeamUser> = {}): TeamUser => ({
  ...me,
  createdAt: '2026-11-01T10:00:00Z',
  lastSignInAt: null,
  lockedUntil: null,
  failedSignIns: 0,
  activeSessions: 1,
  ...over,
});

let besked: FakeBesked;
beforeEach(() => {
  besked = installFakeBesked({ 'team.status': () => status() });
  setActivePinia(createPinia());
});

describe('team store', () => {
  it.each([
    ['one PC', status({ kind: 'single', serverName: 'Besked' }), 'local'],
    ['a server before signing in', status(), null],
    ['a server, staff signed in', status({ me: bo }), 'staff'],
  ] as const)('%s: the standing the contract’s rules are read against', async (_, answer, standing) => {
    besked.handlers['team.status'] = () => answer;
    const team = useTeamStore();
    expect(team.ready).toBe(false);
    await team.load();
    expect([team.ready, team.standing]).toEqual([true, standing]);
  });

  it('asks once for callers while the question is out (main.ts and the app shell at start), anew after', async () => {
    const team = useTeamStore();
    await Promise.all([team.load(), team.load()]);
    expect(besked.inputs('team.status')).toHaveLength(1);
    await team.load();
    expect(besked.inputs('team.status')).toHaveLength(2);
  });

  it('shows the app as on one PC when team.status cannot be asked, keeping the error', async () => {
    besked.handlers['team.status'] = () => {
      throw new Refused({ kind: 'internal', message: 'Besked stopped', code: 'bridge.unavailable' });
    };
    const team = useTeamStore();
    await team.load();
    expect([team.ready, team.standing, team.statusError?.message]).toEqual([true, 'local', 'Besked stopped']);
  });

  it.each([
    ['setupOwner', (t: ReturnType<typeof useTeamStore>) => t.setupOwner('Anna', 'a long password'), 'team.setupOwner', { name: 'Anna', password: 'a long password' }],
    ['signIn', (t: ReturnType<typeof useTeamStore>) => t.signIn('Anna', 'a long password'), 'team.signIn', { name: 'Anna', password: 'a long password' }],
    ['acceptInvitation', (t: ReturnType<typeof useTeamStore>) => t.acceptInvitation('c'.repeat(22), 'Anna', 'a long password'), 'team.acceptInvitation', { code: 'c'.repeat(22), name: 'Anna', password: 'a long password' }],
  ] as const)('%s signs in here: me is the answer’s user, and no token is kept in the store', async (_, act, name, input) => {
    besked.handlers[name] = () => signedIn(anna);
    const team = useTeamStore();
    await team.load();
    await act(team);
    expect(besked.inputs(name)).toEqual([input]);
    expect([team.me, team.standing, team.status?.setupNeeded]).toEqual([anna, 'owner', false]);
    expect(JSON.stringify(team.$state)).not.toContain('t'.repeat(43));
  });

  it('a refused sign-in leaves no one signed in and throws the core’s error', async () => {
    besked.handlers['team.signIn'] = () => {
      throw new Refused({ kind: 'auth', message: 'Wrong name or password.' });
    };
    const team = useTeamStore();
    await team.load();
    await expect(team.signIn('Anna', 'wrong')).rejects.toThrow('Wrong name or password.');
    expect(team.me).toBeNull();
  });

  it.each([
    ['signOut', 'team.signOut'],
    ['signOutEverywhere', 'team.signOutEverywhere'],
  ] as const)('%s: no one is signed in here any more, and the sign-in screen says you signed out', async (act, name) => {
    besked.handlers['team.status'] = () => status({ me: anna });
    besked.handlers['team.users'] = () => ({ users: [user(anna)], invitations: [] });
    besked.handlers[name] = (() => (name === 'team.signOut' ? {} : { ended: 2 })) as never;
    const team = useTeamStore();
    await team.load();
    await team.loadUsers();
    await team[act]();
    expect([team.me, team.sessionEnded, team.users, team.usersLoaded]).toEqual([null, 'here', [], false]);
    // The server's word that this session ended, after the answer, does not turn it into "signed out elsewhere".
    besked.emit('team.sessionEnded', { reason: 'signedOut' });
    expect(team.sessionEnded).toBe('here');
  });

  it.each(['signedOut', 'expired', 'removed', 'passwordChanged'] as const)('team.sessionEnded (%s) signs this window out and keeps the reason', async (reason) => {
    besked.handlers['team.status'] = () => status({ me: bo });
    const team = useTeamStore();
    await team.load();
    besked.emit('team.sessionEnded', { reason });
    expect([team.me, team.standing, team.sessionEnded]).toEqual([null, null, reason]);
    besked.handlers['team.signIn'] = () => signedIn(bo);
    await team.signIn('Bo', 'a long password');
    expect(team.sessionEnded).toBeNull();
  });

  it('changing the password keeps this window signed in', async () => {
    besked.handlers['team.status'] = () => status({ me: bo });
    besked.handlers['team.changePassword'] = () => ({});
    const team = useTeamStore();
    await team.load();
    await team.changePassword('old password', 'a new long password');
    expect(besked.inputs('team.changePassword')).toEqual([{ current: 'old password', next: 'a new long password' }]);
    expect(team.me).toEqual(bo);
  });

  describe('for owners', () => {
    beforeEach(() => {
      besked.handlers['team.status'] = () => status({ me: anna });
      besked.handlers['team.users'] = () => ({ users: [user(anna), user(bo)], invitations: [invitation(1)] });
    });

    it('loads the team and follows team.changed (also the signed-in user’s own role)', async () => {
      const team = useTeamStore();
      await team.load();
      await team.loadUsers();
      expect(team.users.map((u) => u.name)).toEqual(['Anna', 'Bo']);
      besked.handlers['team.users'] = () => ({ users: [user(anna)], invitations: [] });
      besked.handlers['team.status'] = () => status({ me: { ...anna, role: 'staff' } });
      besked.emit('team.changed', {});
      await flushPromises();
      expect([team.users.map((u) => u.name), team.invitations, team.standing]).toEqual([['Anna'], [], 'staff']);
    });

    it('invites: the answer’s link is returned, and the store keeps only the invitation', async () => {
      besked.handlers['team.invite'] = ({ role, name }) => ({ invitation: invitation(7, { role, name: name ?? '' }), code: 'x'.repeat(22), link: `https://salon:8443/#/join/${'x'.repeat(22)}` });
      const team = useTeamStore();
      await team.load();
      await team.loadUsers();
      const made = await team.invite('staff', '  ');
      expect(besked.inputs('team.invite')).toEqual([{ role: 'staff' }]);
      expect(made.link).toContain('/#/join/');
      expect(team.invitations.map((i) => i.id)).toEqual([7, 1]);
      expect(JSON.stringify(team.$state)).not.toContain('x'.repeat(22));
      await team.invite('owner', ' Cai ');
      expect(besked.inputs('team.invite')[1]).toEqual({ role: 'owner', name: 'Cai' });
    });

    it('revokes, changes a role, removes, ends sessions and makes a reset link', async () => {
      besked.handlers['team.revokeInvitation'] = () => ({});
      besked.handlers['team.setRole'] = ({ userId, role }) => user({ ...bo, id: userId, role });
      besked.handlers['team.remove'] = () => ({});
      besked.handlers['team.endSessions'] = () => ({ ended: 3 });
      besked.handlers['team.resetPassword'] = ({ userId }) => ({ invitation: invitation(8, { kind: 'reset', name: 'Bo' }), code: 'r'.repeat(22), link: `https://salon/#/join/${userId}` });
      const team = useTeamStore();
      await team.load();
      await team.loadUsers();
      await team.revokeInvitation(1);
      expect(team.invitations).toEqual([]);
      await team.setRole(2, 'owner');
      expect(team.users.find((u) => u.id === 2)?.role).toBe('owner');
      expect(await team.endSessions(2)).toBe(3);
      expect(team.users.find((u) => u.id === 2)?.activeSessions).toBe(0);
      expect((await team.resetPassword(2)).invitation.kind).toBe('reset');
      expect(besked.inputs('team.users')).toHaveLength(2);
      await team.remove(2);
      expect(team.users.map((u) => u.id)).toEqual([1]);
    });

    it('keeps each lockout as a notice until dismissed, and refreshes the team list', async () => {
      const team = useTeamStore();
      await team.load();
      await team.loadUsers();
      besked.emit('team.lockout', { name: 'Bo', until: '2026-11-25T20:15:00Z', address: '192.168.1.20' });
      besked.emit('team.lockout', { name: 'Cai', until: '2026-11-25T20:16:00Z', address: '192.168.1.21' });
      await flushPromises();
      expect(team.lockouts.map((n) => n.name)).toEqual(['Bo', 'Cai']);
      expect(besked.inputs('team.users').length).toBeGreaterThan(1);
      team.dismissLockout(team.lockouts[0]!.id);
      expect(team.lockouts.map((n) => n.name)).toEqual(['Cai']);
    });
  });
});
