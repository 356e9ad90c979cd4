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

describe('links hold only the authority they were made with (issue 26.3)', () => {
  /** Anna (the first owner) and Cille, a second owner who makes the links and is then demoted or removed. */
  async function twoOwners(tc: TeamCore) {
    const anna = await tc.owner();
    const { code } = await tc.ok(anna, 'team.invite', { role: 'owner', name: 'Cille' });
    const cille = tc.connect('192.168.1.40');
    const joined = await tc.ok(cille, 'team.acceptInvitation', { code, name: 'Cille', password: OWNER_PASSWORD });
    return { anna, cille, cilleId: joined.user.id, annaId: anna.caller.user!.id };
  }
  const owners = (tc: TeamCore) => tc.test.core.db.prepare("SELECT count(*) FROM team_users WHERE role = 'owner' AND removed_at IS NULL").pluck().get();

  it('an owner invitation dies when its maker is demoted, and stays dead when they are promoted again', async () => {
    t = await startTeamCore();
    const { anna, cille, cilleId } = await twoOwners(t);
    const made = await t.ok(cille, 'team.invite', { role: 'owner', name: 'Eve' });
    await t.ok(anna, 'team.setRole', { userId: cilleId, role: 'staff' });
    expect((await t.fails(t.connect(), 'team.invitationInfo', { code: made.code })).code).toBe('team.linkInvalid');
    expect(await t.fails(t.connect(), 'team.acceptInvitation', { code: made.code, name: 'Eve', password: STAFF_PASSWORD })).toMatchObject({ kind: 'not_found', code: 'team.linkInvalid' });
    expect((await t.ok(anna, 'team.users', {})).invitations).toEqual([]);
    await t.ok(anna, 'team.setRole', { userId: cilleId, role: 'owner' });
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: made.code, name: 'Eve', password: STAFF_PASSWORD })).code).toBe('team.linkInvalid');
    expect(owners(t)).toBe(2);
  });

  it('a reset link for another owner dies when its maker is demoted, then removed', async () => {
    t = await startTeamCore();
    const { cille, cilleId, annaId } = await twoOwners(t);
    const reset = await t.ok(cille, 'team.resetPassword', { userId: annaId });
    // The reset ended Anna's sessions; her password is still her own.
    const anna = t.connect();
    await t.ok(anna, 'team.signIn', { name: 'Anna', password: OWNER_PASSWORD });
    await t.ok(anna, 'team.setRole', { userId: cilleId, role: 'staff' });
    await t.ok(anna, 'team.remove', { userId: cilleId });
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: reset.code, name: 'Anna', password: 'taken-over-pw-1' })).code).toBe('team.linkInvalid');
    await t.ok(t.connect(), 'team.signIn', { name: 'Anna', password: OWNER_PASSWORD });
  });

  it('every link of a removed owner dies', async () => {
    t = await startTeamCore();
    const { anna, cille, cilleId } = await twoOwners(t);
    const invite = await t.ok(cille, 'team.invite', { role: 'staff' });
    await t.ok(anna, 'team.remove', { userId: cilleId });
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: invite.code, name: 'Eve', password: STAFF_PASSWORD })).code).toBe('team.linkInvalid');
  });

  it('a reset link dies when its user’s role changes, and when its user is removed', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo');
    const boId = bo.caller.user!.id;
    const reset = await t.ok(owner, 'team.resetPassword', { userId: boId });
    await t.ok(owner, 'team.setRole', { userId: boId, role: 'owner' });
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: reset.code, name: 'Bo', password: 'bo-new-password' })).code).toBe('team.linkInvalid');
    // Back to staff: the old link does not come back.
    await t.ok(owner, 'team.setRole', { userId: boId, role: 'staff' });
    expect((await t.fails(t.connect(), 'team.invitationInfo', { code: reset.code })).code).toBe('team.linkInvalid');

    const second = await t.ok(owner, 'team.resetPassword', { userId: boId });
    await t.ok(owner, 'team.remove', { userId: boId });
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: second.code, name: 'Bo', password: 'bo-new-password' })).code).toBe('team.linkInvalid');
  });

  it('does not trust the withdrawal alone: a link whose maker lost the role behind the handlers’ back is refused', async () => {
    t = await startTeamCore();
    const { anna, cille, cilleId } = await twoOwners(t);
    const made = await t.ok(cille, 'team.invite', { role: 'owner' });
    t.test.core.db.prepare("UPDATE team_users SET role = 'staff' WHERE id = ?").run(cilleId);
    expect((await t.fails(t.connect(), 'team.acceptInvitation', { code: made.code, name: 'Eve', password: STAFF_PASSWORD })).code).toBe('team.linkInvalid');
    expect((await t.ok(anna, 'team.users', {})).invitations).toEqual([]);
  });
});
