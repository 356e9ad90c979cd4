// One-time links: an invitation makes an account once and then never again, runs out after its lifetime, can be
// withdrawn, and refuses a name already on the team without being used up; a reset link sets one user's password.
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_PASSWORD, STAFF_PASSWORD, startTeamCore, type TeamCore } from './helpers';

let t: TeamCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const DAY = 24 * 60 * 60_000;

describe('invitations', () => {
  it('makes a link that says what it is for, creates the account once, and is never usable again', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const made = await t.ok(owner, 'team.invite', { role: 'staff', name: 'Bo' });
    expect(made.link).toBe(`https://salonen.local:8443/#/join/${made.code}`);
    expect(made.invitation).toMatchObject({ kind: 'invite', role: 'staff', name: 'Bo', createdBy: 'Anna', expiresAt: new Date(t.clock.now + 7 * DAY).toISOString() });
    expect(t.events.some((e) => e.name === 'team.changed' && e.to?.roles?.[0] === 'owner')).toBe(true);
    // The code is stored only as its digest.
    expect(JSON.stringify(t.test.core.db.prepare('SELECT * FROM team_invitations').all())).not.toContain(made.code);

    const visitor = t.connect();
    expect(await t.ok(visitor, 'team.invitationInfo', { code: made.code })).toEqual({
      kind: 'invite',
      role: 'staff',
      name: 'Bo',
      invitedBy: 'Anna',
      serverName: 'Salonen',
      expiresAt: made.invitation.expiresAt,
    });
    const joined = await t.ok(visitor, 'team.acceptInvitation', { code: made.code, name: 'Bo', password: STAFF_PASSWORD });
    expect(joined.user).toMatchObject({ name: 'Bo', role: 'staff' });
    expect(visitor.caller.user?.name).toBe('Bo');

    const again = await t.fails(t.connect(), 'team.acceptInvitation', { code: made.code, name: 'Bo2', password: STAFF_PASSWORD });
    expect(again).toMatchObject({ kind: 'not_found', code: 'team.linkInvalid' });
    expect((await t.fails(t.connect(), 'team.invitationInfo', { code: made.code })).code).toBe('team.linkInvalid');
    expect((await t.ok(owner, 'team.users', {})).invitations).toEqual([]);
  });

  it('is used by one of two people racing with it', async () => {
    t = await startTeamCore();
    const { code } = await t.ok(await t.owner(), 'team.invite', { role: 'staff' });
    const results = await Promise.all([
      t.call(t.connect(), 'team.acceptInvitation', { code, name: 'Bo', password: STAFF_PASSWORD }),
      t.call(t.connect(), 'team.acceptInvitation', { code, name: 'Cille', password: STAFF_PASSWORD }),
    ]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(t.test.core.db.prepare("SELECT count(*) AS n FROM team_users WHERE role = 'staff'").get()).toEqual({ n: 1 });
  });

  it('runs out after 7 days', async () => {
    t = await startTeamCore();
    const { code } = await t.ok(await t.owner(), 'team.invite', { role: 'owner' });
    t.clock.now += 7 * DAY;
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code, name: 'Bo', password: STAFF_PASSWORD })).code).toBe('team.linkInvalid');
  });

  it('can be withdrawn while open, once', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const { code, invitation } = await t.ok(owner, 'team.invite', { role: 'staff' });
    expect((await t.ok(owner, 'team.users', {})).invitations.map((i) => i.id)).toEqual([invitation.id]);
    await t.ok(owner, 'team.revokeInvitation', { id: invitation.id });
    expect((await t.fails(owner, 'team.revokeInvitation', { id: invitation.id })).code).toBe('team.linkInvalid');
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code, name: 'Bo', password: STAFF_PASSWORD })).code).toBe('team.linkInvalid');
  });

  it('refuses a name already on the team in any case, and stays usable for another name', async () => {
    t = await startTeamCore();
    const { code } = await t.ok(await t.owner(), 'team.invite', { role: 'staff' });
    const c = t.connect();
    const taken = await t.fails(c, 'team.acceptInvitation', { code, name: 'ANNA', password: STAFF_PASSWORD });
    expect(taken).toMatchObject({ kind: 'conflict', code: 'team.nameTaken', params: { name: 'ANNA' } });
    await t.ok(c, 'team.acceptInvitation', { code, name: 'Bo', password: STAFF_PASSWORD });
  });
});

describe('password reset links', () => {
  it('end the user’s sessions, replace an older link, keep the name, and set the new password once', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo');
    const boId = bo.caller.user!.id;
    const first = await t.ok(owner, 'team.resetPassword', { userId: boId });
    expect(first.invitation).toMatchObject({ kind: 'reset', name: 'Bo', role: 'staff' });
    // Bo's session with the old password is over.
    expect((await t.fails(bo, 'contacts.list', {})).code).toBe('team.signInNeeded');
    expect(bo.dropped).toBe(1);

    const second = await t.ok(owner, 'team.resetPassword', { userId: boId });
    expect((await t.fails(t.connect(), 'team.invitationInfo', { code: first.code })).code).toBe('team.linkInvalid');
    const c = t.connect();
    const r = await t.ok(c, 'team.acceptInvitation', { code: second.code, name: 'whatever', password: 'bo-new-password' });
    expect(r.user).toEqual({ id: boId, name: 'Bo', role: 'staff' });
    expect((await t.fails(t.connect(), 'team.signIn', { name: 'Bo', password: STAFF_PASSWORD })).code).toBe('team.wrongCredentials');
    await t.ok(t.connect(), 'team.signIn', { name: 'bo', password: 'bo-new-password' });
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: second.code, name: 'Bo', password: OWNER_PASSWORD })).code).toBe('team.linkInvalid');
  });
});
