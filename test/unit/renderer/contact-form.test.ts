// The contact editor's form as tables: a save sends only what the user changed, and after a colleague's save the
// form takes their values wherever the user left a field alone, and theirs in the fields the user gives up.
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../../src-shared/contract';
import { formOf, patchOf, rebase, takeFields, type ContactForm } from '../../../src-renderer/components/contacts/contact-form';

const BASE: Contact = {
  id: 7,
  firstName: 'Søren',
  lastName: 'Kierkegaard',
  e164: '+4520123456',
  msisdn: 4520123456,
  email: 'soren@filosofi.dk',
  company: 'Enten-Eller ApS',
  groupIds: [1],
  optedOut: false,
  updatedAt: '2026-03-01T10:00:00.000Z',
  revision: 3,
  custom: { by: 'København', kundenr: 'K-1813' },
  notes: '',
  createdAt: '2026-03-01T10:00:00.000Z',
  consent: [],
};
const edit = (over: Partial<ContactForm>): ContactForm => ({ ...formOf(BASE), ...over });

describe('patchOf', () => {
  it.each<[string, Partial<ContactForm>, object]>([
    ['nothing changed', {}, {}],
    ['a name', { lastName: 'K.' }, { lastName: 'K.' }],
    ['the number typed another way is sent (the core reads it)', { phone: '20 12 34 56' }, { phone: '20 12 34 56' }],
    ['a custom value: the whole set', { custom: [{ key: 'by', value: 'Aarhus' }, { key: 'kundenr', value: 'K-1813' }] }, { custom: { by: 'Aarhus', kundenr: 'K-1813' } }],
    ['a custom field typed as a label', { custom: [...formOf(BASE).custom, { key: 'Kunde Type', value: 'VIP ' }] }, { custom: { by: 'København', kundenr: 'K-1813', kunde_type: 'VIP' } }],
    ['an unfinished custom row is no change', { custom: [...formOf(BASE).custom, { key: 'alder', value: ' ' }] }, {}],
    ['groups', { groupIds: [1, 2] }, { groupIds: [1, 2] }],
    ['email and notes', { email: '', notes: 'Ring' }, { email: '', notes: 'Ring' }],
  ])('%s → %j', (_what, over, patch) => {
    expect(patchOf(BASE, edit(over))).toEqual(patch);
  });
});

describe('after a colleague saved first', () => {
  const theirs: Contact = { ...BASE, revision: 4, lastName: 'K.', company: 'Gentagelsen ApS', custom: { by: 'Odense', kundenr: 'K-2000' }, groupIds: [1, 3] };

  it('rebase: every field the user left alone takes theirs; the user\'s own changes stay', () => {
    const mine = edit({ firstName: 'S.', lastName: 'Kierkegård', custom: [{ key: 'by', value: 'Aarhus' }, { key: 'kundenr', value: 'K-1813' }] });
    expect(rebase(BASE, mine, theirs)).toEqual({
      ...formOf(theirs),
      firstName: 'S.',
      lastName: 'Kierkegård',
      custom: [
        { key: 'by', value: 'Aarhus' },
        { key: 'kundenr', value: 'K-2000' },
      ],
    });
  });

  it('rebase keeps a custom row still being typed', () => {
    const mine = edit({ custom: [...formOf(BASE).custom, { key: '', value: 'x' }] });
    expect(rebase(BASE, mine, theirs).custom).toEqual([{ key: 'by', value: 'Odense' }, { key: 'kundenr', value: 'K-2000' }, { key: '', value: 'x' }]);
  });

  it.each<[string[], Partial<ContactForm>]>([
    [['lastName'], { lastName: 'K.' }],
    [['custom.by'], { custom: [{ key: 'by', value: 'Odense' }, { key: 'kundenr', value: 'K-1813' }] }],
    [['groupIds', 'company'], { groupIds: [1, 3], company: 'Gentagelsen ApS' }],
  ])('taking theirs in %j', (fields, expected) => {
    const mine = edit({ lastName: 'Kierkegård', custom: [{ key: 'by', value: 'Aarhus' }, { key: 'kundenr', value: 'K-1813' }], groupIds: [] });
    const taken = takeFields(mine, theirs, fields);
    expect(taken).toMatchObject(expected);
    // Fields not taken keep the user's value.
    if (!fields.includes('lastName')) expect(taken.lastName).toBe('Kierkegård');
  });
});
