// The rule behind contact edits by two users, as tables: which fields a change touches, which a stale save would
// overwrite, and after a refusal which fields the editor takes and which the user decides.
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  conflictChoice,
  fieldOfPath,
  fieldPath,
  overwrittenFields,
  parseFieldRevisions,
  withChanges,
  type ContactValues,
} from '../../../src-shared/contacts/contact-changes';

const BASE: ContactValues = {
  firstName: 'Søren',
  lastName: 'Kierkegaard',
  phone: '+4520123456',
  email: 'soren@filosofi.dk',
  company: '',
  notes: '',
  custom: { by: 'København', kundenr: 'K-1813' },
  groupIds: [2, 1],
};
const v = (over: Partial<ContactValues>): ContactValues => ({ ...BASE, ...over });

describe('changedFields', () => {
  it.each<[string, Partial<ContactValues>, string[]]>([
    ['nothing', {}, []],
    ['a name', { firstName: 'S.' }, ['firstName']],
    ['the number and the email', { phone: '+4520123457', email: '' }, ['phone', 'email']],
    ['a custom value', { custom: { by: 'Aarhus', kundenr: 'K-1813' } }, ['custom.by']],
    ['a custom field added', { custom: { ...BASE.custom, alder: '42' } }, ['custom.alder']],
    ['a custom field removed', { custom: { by: 'København' } }, ['custom.kundenr']],
    ['an empty custom value is no value', { custom: { ...BASE.custom, alder: '' } }, []],
    ['the same groups in another order', { groupIds: [1, 2] }, []],
    ['the same groups twice', { groupIds: [1, 2, 2] }, []],
    ['a group more', { groupIds: [1, 2, 3] }, ['groupIds']],
    ['names, notes and groups', { lastName: 'K', notes: 'Ring', groupIds: [] }, ['lastName', 'notes', 'groupIds']],
  ])('%s → %j', (_what, over, fields) => {
    expect(changedFields(BASE, v(over))).toEqual(fields);
  });
});

describe('overwrittenFields', () => {
  const revisions = { lastName: 3, 'custom.by': 5, groupIds: 2 };
  it.each<[string[], number, string[]]>([
    [['lastName'], 2, ['lastName']],
    [['lastName'], 3, []],
    [['firstName', 'lastName', 'custom.by'], 4, ['custom.by']],
    [['firstName'], 1, []],
    [['groupIds', 'custom.kundenr'], 1, ['groupIds']],
    [[], 1, []],
  ])('saving %j begun at revision %i overwrites %j', (saving, base, overwritten) => {
    expect(overwrittenFields(saving, revisions, base)).toEqual(overwritten);
  });

  it('moves the fields of a change to its revision and keeps the others', () => {
    expect(withChanges({ lastName: 3, email: 1 }, ['lastName', 'custom.by'], 4)).toEqual({ lastName: 4, email: 1, 'custom.by': 4 });
  });
});

describe('conflictChoice', () => {
  it.each<[string, Partial<ContactValues>, Partial<ContactValues>, string[], { take: string[]; choose: string[] }]>([
    ['only they changed it', {}, { lastName: 'K.' }, ['lastName'], { take: ['lastName'], choose: [] }],
    ['both, to the same', { lastName: 'K.' }, { lastName: 'K.' }, ['lastName'], { take: ['lastName'], choose: [] }],
    ['both, differently', { lastName: 'Kierkegård' }, { lastName: 'K.' }, ['lastName'], { take: [], choose: ['lastName'] }],
    [
      'a custom field each',
      { custom: { by: 'Aarhus', kundenr: 'K-1813' } },
      { custom: { by: 'Odense', kundenr: 'K-2000' } },
      ['custom.by', 'custom.kundenr'],
      { take: ['custom.kundenr'], choose: ['custom.by'] },
    ],
    ['groups', { groupIds: [1] }, { groupIds: [1, 2, 3] }, ['groupIds'], { take: [], choose: ['groupIds'] }],
  ])('%s', (_what, mine, theirs, fields, choice) => {
    expect(conflictChoice(BASE, v(mine), v(theirs), fields)).toEqual(choice);
  });
});

describe('field paths', () => {
  it.each([
    ['lastName', ['lastName']],
    ['custom.by', ['custom', 'by']],
    ['groupIds', ['groupIds']],
  ])('%s ↔ %j', (field, path) => {
    expect(fieldPath(field)).toEqual(path);
    expect(fieldOfPath(path)).toBe(field);
  });
});

describe('parseFieldRevisions', () => {
  it.each([
    ['{"lastName":3,"custom.by":5}', { lastName: 3, 'custom.by': 5 }],
    ['{}', {}],
    ['{"lastName":"3"}', {}],
    ['[1]', {}],
    ['not json', {}],
  ])('%s → %j', (json, revisions) => {
    expect(parseFieldRevisions(json)).toEqual(revisions);
  });
});
