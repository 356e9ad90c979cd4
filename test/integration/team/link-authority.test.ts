// One-time links over the wire (issue 26.3): an owner makes an owner invitation and a reset link for another owner,
// is demoted, then removed; neither link works any more, and the open-links list no longer shows them.
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, startTeamWorld, type TeamWorld } from './harness';

let world: TeamWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('links made by an owner who loses the role', () => {
  it('are refused with team.linkInvalid after a demotion and a removal', async () => {
    world = await startTeamWorld();
    const anna = await world.owner('Anna');
    const cille = await world.invite('Cille', 'owner');
    const boWindow = await world.invite('Bo');
    const bo = (await boWindow.ok('team.status', {})).me!;
    const cilleId = (await cille.ok('team.status', {})).me!.id;
    const invite = await cille.ok('team.invite', { role: 'owner', name: 'Eve' });
    const reset = await cille.ok('team.resetPassword', { userId: bo.id });
    expect((await anna.ok('team.users', {})).invitations.map((i) => i.createdBy)).toEqual(['Cille', 'Cille']);

    await anna.ok('team.setRole', { userId: cilleId, role: 'staff' });
    const visitor = await world.connect('visitor');
    expect(await visitor.fails('team.acceptInvitation', { code: invite.code, name: 'Eve', password: PASSWORD })).toMatchObject({ kind: 'not_found', code: 'team.linkInvalid' });
    expect((await visitor.fails('team.acceptInvitation', { code: reset.code, name: 'Bo', password: 'taken-over-pw-1' })).code).toBe('team.linkInvalid');
    expect((await anna.ok('team.users', {})).invitations).toEqual([]);

    await anna.ok('team.remove', { userId: cilleId });
    expect((await visitor.fails('team.invitationInfo', { code: invite.code })).code).toBe('team.linkInvalid');
    expect(world.core.db.prepare("SELECT count(*) FROM team_users WHERE name = 'Eve'").pluck().get()).toBe(0);
  });

  it('a reset link for a user who was demoted or removed is refused', async () => {
    world = await startTeamWorld();
    const anna = await world.owner('Anna');
    const cilleId = (await (await world.invite('Cille', 'owner')).ok('team.status', {})).me!.id;
    const reset = await anna.ok('team.resetPassword', { userId: cilleId });
    await anna.ok('team.setRole', { userId: cilleId, role: 'staff' });
    const visitor = await world.connect('visitor');
    expect((await visitor.fails('team.acceptInvitation', { code: reset.code, name: 'Cille', password: 'new-password-1' })).code).toBe('team.linkInvalid');

    const again = await anna.ok('team.resetPassword', { userId: cilleId });
    await anna.ok('team.remove', { userId: cilleId });
    expect((await visitor.fails('team.acceptInvitation', { code: again.code, name: 'Cille', password: 'new-password-1' })).code).toBe('team.linkInvalid');
  });
});
