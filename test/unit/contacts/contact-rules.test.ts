// The pure contact rules as tables: list order, search expressions, merge rules, merge-field keys.
import { describe, expect, it } from 'vitest';
import { sortKey } from '../../../src-main/core/contacts/sort-key';
import { ftsMatchQuery } from '../../../src-main/core/contacts/search-query';
import { mergeFields, type ContactFields } from '../../../src-main/core/contacts/merge-rules';
import { customFieldKey, isBuiltinMergeKey } from '../../../src-main/core/contacts/merge-field-keys';
import { idRuns } from '../../../src-main/core/contacts/contact-trash';

describe('sortKey', () => {
  it('orders names as a Danish list: … z æ ø å, accents ignored, no name last', () => {
    const names: [string, string][] = [
      ['Åse', 'Holm'],
      ['Ørjan', ''],
      ['Ærø', 'Jensen'],
      ['Zoë', 'Berg'],
      ['Émile', 'Zola'],
      ['anne', 'Berg'],
      ['Anne', 'Andersen'],
      ['', ''],
      ['Bo', ''],
    ];
    const sorted = [...names].sort((a, b) => (sortKey(a[0], a[1], '+4520000000') < sortKey(b[0], b[1], '+4520000000') ? -1 : 1));
    expect(sorted.map((n) => `${n[0]} ${n[1]}`.trim())).toEqual([
      'Anne Andersen',
      'anne Berg',
      'Bo',
      'Émile Zola',
      'Zoë Berg',
      'Ærø Jensen',
      'Ørjan',
      'Åse Holm',
      '',
    ]);
  });

  it('sorts contacts without a name by number', () => {
    expect(sortKey('', '', '+4520000001') < sortKey('', '', '+4520000002')).toBe(true);
    expect(sortKey(' ', '  ', '+45')).toBe('~+45');
  });
});

describe('ftsMatchQuery', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['søren', '"søren"*'],
    ['Søren Jen', '"søren"* "jen"*'],
    ['anne@firma.dk', '"anne"* "firma"* "dk"*'],
    ['20 12 34 56', '"20123456"*'],
    ['+45 2012', '"452012"*'],
    ['0045 20-12', '"452012"*'],
    ['Bo "the" AND OR NOT', '"bo"* "the"* "and"* "or"* "not"*'],
    ['col:value', '"col"* "value"*'],
    ['***', null],
    ['Kunde 2012', '"kunde"* "2012"*'],
    ['07911 123', '("07911123"* OR "7911123"*)'],
    ['02', '"02"*'],
  ])('%j → %j', (q, expected) => {
    expect(ftsMatchQuery(q)).toBe(expected);
  });

  it('keeps at most eight words', () => {
    expect(ftsMatchQuery('a b c d e f g h i j')!.split(' ')).toHaveLength(8);
  });
});

describe('mergeFields', () => {
  const stored: ContactFields = { firstName: 'Søren', lastName: '', email: 'old@x.dk', company: 'Bageriet', notes: '', custom: { by: 'Aarhus', kundenr: '' } };
  const incoming: ContactFields = { firstName: 'Soren', lastName: 'Jensen', email: '', company: 'Bageriet', notes: 'VIP', custom: { by: 'Odense', kundenr: '17', ny: 'x' } };

  it.each([
    ['keep', stored, []],
    [
      'fillEmpty',
      { ...stored, lastName: 'Jensen', notes: 'VIP', custom: { by: 'Aarhus', kundenr: '17', ny: 'x' } },
      ['lastName', 'notes', 'custom.kundenr', 'custom.ny'],
    ],
    [
      'overwrite',
      { ...stored, firstName: 'Soren', lastName: 'Jensen', notes: 'VIP', custom: { by: 'Odense', kundenr: '17', ny: 'x' } },
      ['firstName', 'lastName', 'notes', 'custom.by', 'custom.kundenr', 'custom.ny'],
    ],
  ] as const)('%s', (rule, next, changed) => {
    const r = mergeFields(stored, incoming, rule);
    expect(r.next).toEqual(next);
    expect(r.changed).toEqual(changed);
  });

  it('never erases with an empty value, and reports no change when nothing differs', () => {
    const empty: ContactFields = { firstName: '', lastName: '', email: '', company: '', notes: '', custom: { by: '' } };
    for (const rule of ['keep', 'fillEmpty', 'overwrite'] as const) {
      expect(mergeFields(stored, empty, rule)).toEqual({ next: stored, changed: [] });
      expect(mergeFields(stored, stored, rule).changed).toEqual([]);
    }
  });

  it('does not change the stored object', () => {
    const copy = structuredClone(stored);
    mergeFields(stored, incoming, 'overwrite');
    expect(stored).toEqual(copy);
  });
});

describe('customFieldKey', () => {
  it.each([
    ['Kunde nr.', 'kunde_nr'],
    ['Fødselsdag', 'foedselsdag'],
    ['Område', 'omraade'],
    ['Café', 'cafe'],
    ['2. adresse', 'f_2_adresse'],
    ['!!!', 'field'],
    ['Email', 'custom_email'],
    ['Name', 'custom_name'],
    ['A very long label that goes on and on and on', 'a_very_long_label_that_goes_on_a'],
  ])('%j → %j', (label, key) => {
    const k = customFieldKey(label);
    expect(k).toBe(key);
    expect(k).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
    expect(isBuiltinMergeKey(k)).toBe(false);
  });
});

describe('idRuns', () => {
  it.each([
    [[], []],
    [[7], [[6, 7]]],
    [[3, 4, 5, 9], [[2, 5], [8, 9]]],
    [[1, 3, 5], [[0, 1], [2, 3], [4, 5]]],
  ])('%j → %j', (ids, runs) => {
    expect(idRuns(ids)).toEqual(runs);
  });
});
