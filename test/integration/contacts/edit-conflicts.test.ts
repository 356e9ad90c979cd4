// Two colleagues editing one contact (issue 21), each through the real dispatcher with their own caller: a save begun
// at an older revision never silently overwrites what the other saved meanwhile. It is refused with the fields that
// changed (the other's values readable via contacts.get) unless it touches none of them; saved again at the new
// revision it goes through. Imports and undo keep the revisions honest; a caller that sends no revision overwrites.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCore, upload, type TestCore } from './helpers';
import { ANNA, BO, colleague, type Colleague } from '../colleagues';
import type { CallInput, Contact } from '../../../src-shared/contract';

let t: TestCore;
let anna: Colleague;
let bo: Colleague;
let soren: Contact;
let vip: number;
beforeEach(async () => {
  t = await openCore();
  anna = colleague(t.core, ANNA);
  bo = colleague(t.core, BO);
  vip = (await anna.ok('groups.create', { name: 'VIP' })).id;
  soren = await anna.ok('contacts.create', {
    firstName: 'Søren',
    lastName: 'Kierkegaard',
    phone: '20 12 34 56',
    email: 'soren@filosofi.dk',
    company: 'Enten-Eller ApS',
    custom: { by: 'København', kundenr: 'K-1813' },
  });
});
afterEach(async () => {
  await t.close();
});

/** Everything the editor shows and sends, as Anna's form would send it whole. */
const wholeForm = (c: Contact) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  phone: c.e164,
  email: c.email,
  company: c.company,
  notes: c.notes,
  custom: { ...c.custom },
  groupIds: [...c.groupIds],
});
type Patch = Omit<CallInput<'contacts.update'>, 'id' | 'revision'>;
const paths = (fields: { path: (string | number)[] }[] | undefined) => (fields ?? []).map((f) => f.path.join('.')).sort();

describe('two colleagues editing one contact', () => {
  it.each<[string, () => Patch, () => Patch, string[]]>([
    ['the same field, differently', () => ({ lastName: 'K.' }), () => ({ lastName: 'Kierkegård' }), ['lastName']],
    ['a custom field, differently', () => ({ custom: { by: 'Aarhus', kundenr: 'K-1813' } }), () => ({ custom: { by: 'Odense', kundenr: 'K-1813' } }), ['custom.by']],
    ['the groups, differently', () => ({ groupIds: [vip] }), () => ({ groupIds: [] }), ['groupIds']],
    ['the number, differently', () => ({ phone: '20 12 34 57' }), () => ({ phone: '20 12 34 58' }), ['phone']],
  ])('%s: the later save is refused, naming the fields, and changes nothing', async (_what, boSaves, annaSaves, conflicting) => {
    const begun = soren.revision;
    await bo.ok('contacts.update', { id: soren.id, revision: begun, ...boSaves() });
    const afterBo = await bo.ok('contacts.get', { id: soren.id });
    expect(afterBo.revision).toBe(begun + 1);
    const before = t.core.db.prepare('SELECT * FROM contacts WHERE id = ?').get(soren.id);

    const error = await anna.fails('contacts.update', { id: soren.id, revision: begun, ...annaSaves() });
    expect(error).toMatchObject({ kind: 'conflict', code: 'contact.changedMeanwhile', params: { name: `${afterBo.firstName} ${afterBo.lastName}` } });
    expect(paths(error.fields)).toEqual(conflicting);
    expect(t.core.db.prepare('SELECT * FROM contacts WHERE id = ?').get(soren.id)).toEqual(before);
    // What Bo saved is what Anna's editor reads to show her.
    expect(await anna.ok('contacts.get', { id: soren.id })).toEqual(afterBo);

    // Anna keeps hers: saved again at the revision she has now seen.
    const kept = await anna.ok('contacts.update', { id: soren.id, revision: afterBo.revision, ...annaSaves() });
    expect(kept.revision).toBe(begun + 2);
  });

  it('different fields: the later save goes through and both changes stay', async () => {
    await bo.ok('contacts.update', { id: soren.id, revision: soren.revision, email: 'sk@enten-eller.dk', custom: { by: 'København', kundenr: 'K-2000' } });
    const saved = await anna.ok('contacts.update', { id: soren.id, revision: soren.revision, firstName: 'Søren Aabye' });
    expect(saved).toMatchObject({ firstName: 'Søren Aabye', email: 'sk@enten-eller.dk', custom: { by: 'København', kundenr: 'K-2000' }, revision: soren.revision + 2 });
  });

  it('a whole form saved late is refused for the fields the other changed, not for those it left as they were', async () => {
    await bo.ok('contacts.update', { id: soren.id, revision: soren.revision, company: 'Gentagelsen ApS', notes: 'Ring efter kl. 10' });
    const form = { ...wholeForm(soren), firstName: 'S.' };
    const error = await anna.fails('contacts.update', { id: soren.id, revision: soren.revision, ...form });
    expect(paths(error.fields)).toEqual(['company', 'notes']);
    // The same values as the other saved are no overwrite: with those taken, the form saves at the old revision too.
    const saved = await anna.ok('contacts.update', { id: soren.id, revision: soren.revision, ...form, company: 'Gentagelsen ApS', notes: 'Ring efter kl. 10' });
    expect(saved).toMatchObject({ firstName: 'S.', company: 'Gentagelsen ApS', notes: 'Ring efter kl. 10' });
  });

  it('a save that changes nothing keeps the revision, and one without a revision overwrites as before', async () => {
    const same = await anna.ok('contacts.update', { id: soren.id, revision: soren.revision, ...wholeForm(soren) });
    expect(same.revision).toBe(soren.revision);
    await bo.ok('contacts.update', { id: soren.id, revision: soren.revision, lastName: 'K.' });
    const old = await anna.ok('contacts.update', { id: soren.id, lastName: 'Kierkegaard' });
    expect(old).toMatchObject({ lastName: 'Kierkegaard', revision: soren.revision + 2 });
  });

  it('an import that changes the contact moves its revision on, so an editor open on it does not save over the import', async () => {
    const importId = await upload(t, 'kunder.csv', Buffer.from('Fornavn;Efternavn;Mobil\r\nSøren;Kirkegaard;20123456\r\n', 'utf8'));
    const p = await anna.ok('contacts.importPreview', { importId });
    await anna.ok('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'overwrite', group: { kind: 'none' } });
    const now = await anna.ok('contacts.get', { id: soren.id });
    expect(now).toMatchObject({ lastName: 'Kirkegaard', revision: soren.revision + 1 });
    const error = await bo.fails('contacts.update', { id: soren.id, revision: soren.revision, lastName: 'Kierkegaard' });
    expect(paths(error.fields)).toEqual(['lastName']);
  });

  it('a contact deleted and brought back keeps its revision, so an editor left open still knows what changed', async () => {
    await bo.ok('contacts.update', { id: soren.id, revision: soren.revision, lastName: 'K.' });
    const { undoToken } = await anna.ok('contacts.delete', { selection: { ids: [soren.id] } });
    await anna.ok('contacts.undoDelete', { undoToken });
    expect((await anna.ok('contacts.get', { id: soren.id })).revision).toBe(soren.revision + 1);
    expect(paths((await anna.fails('contacts.update', { id: soren.id, revision: soren.revision, lastName: 'Kierkegård' })).fields)).toEqual(['lastName']);
  });
});
