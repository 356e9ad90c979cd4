// Members' names (issue 26.9): stored normalised (NFKC), refused with invisible or control characters in them, and
// refused when they look like a colleague's, for the owner's set-up, an accepted invitation and the suggested name of
// an invitation; a refused name leaves the invitation usable.
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_PASSWORD, STAFF_PASSWORD, startTeamCore, type TeamCore } from './helpers';

let t: TeamCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('a new member’s name', () => {
  it.each([
    ['Olga\u200b', 'team.nameHidden', 'validation'], // zero-width space: shown exactly as "Olga"
    ['Ol\u202ega', 'team.nameHidden', 'validation'], // right-to-left override
    ['Olga\u2060', 'team.nameHidden', 'validation'], // word joiner
    ['Оlga', 'team.nameLookalike', 'conflict'], // Cyrillic О
    ['OLGA', 'team.nameTaken', 'conflict'],
    ['0lga', 'team.nameLookalike', 'conflict'],
  ])('%j is refused beside Olga (%s), and the invitation stays usable', async (name, code, kind) => {
    t = await startTeamCore();
    const owner = await t.owner();
    await t.staff('Olga');
    const { code: link } = await t.ok(owner, 'team.invite', { role: 'staff' });
    const c = t.connect();
    const refused = await t.fails(c, 'team.acceptInvitation', { code: link, name, password: STAFF_PASSWORD });
    expect(refused).toMatchObject({ kind, code });
    if (code === 'team.nameLookalike') expect(refused.params).toEqual({ name, like: 'Olga' });
    await t.ok(c, 'team.acceptInvitation', { code: link, name: 'Carl', password: STAFF_PASSWORD });
    expect((await t.ok(owner, 'team.users', {})).users.map((u) => u.name).sort()).toEqual(['Anna', 'Carl', 'Olga']);
  });

  it('is stored in one form: full-width letters and runs of spaces folded', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const { code } = await t.ok(owner, 'team.invite', { role: 'staff' });
    const r = await t.ok(t.connect(), 'team.acceptInvitation', { code, name: 'Ｏｓｋａｒ   Berg', password: STAFF_PASSWORD });
    expect(r.user.name).toBe('Oskar Berg');
    await t.ok(t.connect(), 'team.signIn', { name: 'oskar berg', password: STAFF_PASSWORD });
    await t.ok(t.connect(), 'team.signIn', { name: 'Ｏｓｋａｒ  Ｂｅｒｇ', password: STAFF_PASSWORD });
  });

  it('is checked for the owner’s set-up and for an invitation’s suggested name', async () => {
    t = await startTeamCore();
    const c = t.connect();
    expect(await t.fails(c, 'team.setupOwner', { name: 'Anna\u200d', password: OWNER_PASSWORD })).toMatchObject({ code: 'team.nameHidden' });
    await t.ok(c, 'team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
    expect(await t.fails(c, 'team.invite', { role: 'staff', name: 'Bo\u200b' })).toMatchObject({ code: 'team.nameHidden' });
    expect((await t.ok(c, 'team.invite', { role: 'staff', name: 'Ｂｏ' })).invitation.name).toBe('Bo');
  });
});
