// Sessions: they end when idle too long or past their lifetime, survive a restart of the server, end by signing out
// (here or everywhere), with a password change or the user's removal, and each end is announced to the transport.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEndReason } from '../../../../src-main/core/team';
import { auditRows, OWNER_PASSWORD, STAFF_PASSWORD, startTeamCore, type TeamCore } from './helpers';

let t: TeamCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const HOUR = 60 * 60_000;

/** The ends the transport is told of, from now on. */
function ended(t: TeamCore): { sessionIds: readonly string[]; reason: SessionEndReason }[] {
  const seen: { sessionIds: readonly string[]; reason: SessionEndReason }[] = [];
  t.test.core.team.sessions.onEnded((e) => seen.push(e));
  return seen;
}

describe('session lifetime', () => {
  it('ends a session left unused for the idle time, and keeps one in use alive until its absolute end', async () => {
    t = await startTeamCore({ sessionIdleMs: 2 * HOUR, sessionMaxMs: 5 * HOUR });
    const owner = await t.owner();
    const idle = t.connect();
    const { session } = await t.ok(idle, 'team.signIn', { name: 'Anna', password: OWNER_PASSWORD });
    expect(session.expiresAt).toBe(new Date(t.clock.now + 2 * HOUR).toISOString());
    // The owner's connection keeps calling every hour; the other one does nothing.
    for (let h = 0; h < 4; h++) {
      t.clock.now += HOUR;
      await t.ok(owner, 'contacts.list', {});
    }
    expect((await t.fails(idle, 'contacts.list', {})).code).toBe('team.signInNeeded');
    expect(idle.dropped).toBe(1);
    expect((await t.fails(t.connect(), 'team.resume', { token: session.token })).code).toBe('team.sessionExpired');
    // In use or not, 5 hours after signing in it ends.
    t.clock.now += HOUR - 1;
    await t.ok(owner, 'contacts.list', {});
    t.clock.now += 1;
    expect((await t.fails(owner, 'contacts.list', {})).code).toBe('team.signInNeeded');
  });

  it('ends a session out of time by itself and says so, so an idle window stops receiving events', async () => {
    t = await startTeamCore({ sessionIdleMs: 2 * HOUR, sweepMs: 20 });
    const owner = await t.owner();
    const seen = ended(t);
    t.clock.now += 2 * HOUR;
    const until = Date.now() + 5_000;
    while (!seen.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([{ sessionIds: [owner.binds[0]!.id], reason: 'expired' }]);
    expect(t.test.core.db.prepare('SELECT count(*) AS n FROM team_sessions').get()).toEqual({ n: 0 });
  });

  it('survives a restart of the server', async () => {
    t = await startTeamCore();
    const c = t.connect();
    const { session } = await t.ok(c, 'team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
    await t.restart();
    const again = t.connect();
    expect((await t.ok(again, 'team.resume', { token: session.token })).user.name).toBe('Anna');
    expect(await t.ok(again, 'team.status', {})).toMatchObject({ setupNeeded: false, me: { name: 'Anna' } });
  });
});

describe('signing out', () => {
  it('ends this session only, and unbinds the connection', async () => {
    t = await startTeamCore();
    const a = await t.owner();
    const b = t.connect();
    await t.ok(b, 'team.signIn', { name: 'Anna', password: OWNER_PASSWORD });
    const seen = ended(t);
    await t.ok(a, 'team.signOut', {});
    expect(a.binds.at(-1)).toBeNull();
    expect(seen).toEqual([{ sessionIds: [a.binds[0]!.id], reason: 'signedOut' }]);
    await t.ok(b, 'contacts.list', {});
  });

  it('everywhere ends every session of the user and no one else’s', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo1 = await t.staff('Bo');
    const bo2 = t.connect();
    await t.ok(bo2, 'team.signIn', { name: 'Bo', password: STAFF_PASSWORD });
    const seen = ended(t);
    expect(await t.ok(bo1, 'team.signOutEverywhere', {})).toEqual({ ended: 2 });
    expect(seen).toEqual([{ sessionIds: expect.arrayContaining([bo1.binds[0]!.id, bo2.binds[0]!.id]), reason: 'signedOut' }]);
    expect((await t.fails(bo2, 'contacts.list', {})).code).toBe('team.signInNeeded');
    await t.ok(owner, 'contacts.list', {});
  });

  it('by an owner for a user ends that user’s sessions', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo');
    expect(await t.ok(owner, 'team.endSessions', { userId: bo.caller.user!.id })).toEqual({ ended: 1 });
    expect((await t.fails(bo, 'contacts.list', {})).code).toBe('team.signInNeeded');
  });

  it('with a password change ends the other sessions and keeps this one', async () => {
    t = await startTeamCore();
    const here = await t.owner();
    const there = t.connect();
    await t.ok(there, 'team.signIn', { name: 'Anna', password: OWNER_PASSWORD });
    const wrong = await t.fails(here, 'team.changePassword', { current: 'not-my-password', next: 'anna-new-password' });
    expect(wrong).toMatchObject({ kind: 'validation', code: 'team.wrongPassword' });
    const seen = ended(t);
    await t.ok(here, 'team.changePassword', { current: OWNER_PASSWORD, next: 'anna-new-password' });
    expect(seen).toEqual([{ sessionIds: [there.binds[0]!.id], reason: 'passwordChanged' }]);
    await t.ok(here, 'contacts.list', {});
    expect((await t.fails(there, 'contacts.list', {})).code).toBe('team.signInNeeded');
    await t.ok(t.connect(), 'team.signIn', { name: 'Anna', password: 'anna-new-password' });
    // The trail holds the change, without either password.
    const change = auditRows(t).filter((r) => r.call === 'team.changePassword');
    expect(change.map((r) => r.outcome)).toEqual(['failed', 'ok']);
    expect(change.map((r) => r.detail).join()).not.toMatch(/anna-new-password|not-my-password|ejerens/);
  });
});

describe('roles and removal', () => {
  it('keeps at least one owner', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const anna = owner.caller.user!.id;
    expect((await t.fails(owner, 'team.setRole', { userId: anna, role: 'staff' })).code).toBe('team.lastOwner');
    expect((await t.fails(owner, 'team.remove', { userId: anna })).code).toBe('team.lastOwner');
    const bo = await t.staff('Bo');
    const promoted = await t.ok(owner, 'team.setRole', { userId: bo.caller.user!.id, role: 'owner' });
    expect(promoted).toMatchObject({ name: 'Bo', role: 'owner', activeSessions: 1 });
    // Bo's next call is an owner's: the role is read with the session.
    await t.ok(bo, 'team.users', {});
    await t.ok(bo, 'team.setRole', { userId: anna, role: 'staff' });
    expect((await t.fails(owner, 'team.users', {})).code).toBe('team.notAllowed');
  });

  it('ends a removed user’s sessions, refuses their sign-in, keeps their name in the trail and frees it', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo');
    const boId = bo.caller.user!.id;
    const seen = ended(t);
    await t.ok(owner, 'team.remove', { userId: boId });
    expect(seen).toEqual([{ sessionIds: [bo.binds[0]!.id], reason: 'removed' }]);
    expect((await t.fails(bo, 'contacts.list', {})).code).toBe('team.signInNeeded');
    expect((await t.fails(t.connect(), 'team.signIn', { name: 'Bo', password: STAFF_PASSWORD })).code).toBe('team.wrongCredentials');
    expect((await t.fails(owner, 'team.remove', { userId: boId })).code).toBe('team.noSuchUser');
    expect((await t.ok(owner, 'team.users', {})).users.map((u) => u.name)).toEqual(['Anna']);
    expect((await t.ok(owner, 'team.members', {})).members.map((u) => u.name)).toEqual(['Anna']);
    // Their row stays (removed), so the trail keeps their name; the name can be given to someone new.
    expect(auditRows(t).some((r) => r.user_id === boId && r.user_name === 'Bo')).toBe(true);
    expect(t.test.core.db.prepare('SELECT name, removed_at IS NOT NULL AS removed FROM team_users WHERE id = ?').get(boId)).toEqual({ name: 'Bo', removed: 1 });
    const bo2 = await t.staff('Bo');
    expect(bo2.caller.user!.id).not.toBe(boId);
  });
});
