// From a file's columns to contacts: the mapping guessed from headers (English and Danish) or contents,
// and each row through the mapping to a contact or a reason.
import { describe, expect, it } from 'vitest';
import { guessHasHeader, guessMapping, headerSignature } from '../../../src-main/core/contacts/import/column-guess';
import { mapRow, splitFullName } from '../../../src-main/core/contacts/import/row-mapping';
import type { ColumnTarget } from '../../../src-shared/contract';

describe('guessMapping', () => {
  it.each([
    [['Fornavn', 'Efternavn', 'Mobil', 'E-mail', 'Firma'], ['firstName', 'lastName', 'phone', 'email', 'company']],
    [['First name', 'Last name', 'Phone number', 'Email address', 'Company'], ['firstName', 'lastName', 'phone', 'email', 'company']],
    [['Navn', 'Telefon', 'Mail', 'Virksomhed', 'Bemærkning'], ['fullName', 'phone', 'email', 'company', 'notes']],
    [['Name', 'Tlf.', 'Kunde nr.'], ['fullName', 'phone', { custom: 'kunde_nr', label: 'Kunde nr.' }]],
    // Mobile beats landline for the one phone column; the other is kept as a custom field.
    [['Telefon', 'Mobilnummer'], [{ custom: 'telefon', label: 'Telefon' }, 'phone']],
    [['Mobil (privat)', 'Navn'], ['phone', 'fullName']],
    [['\ufeffFornavn', 'Tlf nr'], ['firstName', 'phone']],
    [['Afmeldt', 'MSISDN'], ['optOut', 'phone']],
    [['Fornavn', 'Efternavn', 'Navn', 'Mobil'], ['firstName', 'lastName', { custom: 'navn', label: 'Navn' }, 'phone']],
    [['By', 'By.', 'Mobil'], [{ custom: 'by', label: 'By' }, { custom: 'by_2', label: 'By.' }, 'phone']],
    [['', 'Mobil'], ['ignore', 'phone']],
  ] as [string[], ColumnTarget[]][])('%j', (headers, expected) => {
    expect(guessMapping(headers, [], true, 'DK')).toEqual(expected);
  });

  it('finds the phone column by its contents when no header names it', () => {
    const rows = [
      ['Søren', '20 12 34 56', 'x'],
      ['Åse', '+45 30 12 34 56', 'y'],
      ['Bo', '', 'z'],
    ];
    expect(guessMapping(['Kunde', 'Kontaktinfo', 'Andet'], rows, true, 'DK')[1]).toBe('phone');
    expect(guessMapping(['Column 1', 'Column 2', 'Column 3'], rows, false, 'DK')).toEqual(['ignore', 'phone', 'ignore']);
    expect(guessMapping(['Column 1', 'Column 2'], [['20123456', 'bo@x.dk']], false, 'DK')).toEqual(['phone', 'email']);
  });

  it('knows a header row from data', () => {
    expect(guessHasHeader(['Navn', 'Telefon'], 'DK')).toBe(true);
    expect(guessHasHeader(['Kunde', 'Nummer'], 'DK')).toBe(true);
    expect(guessHasHeader(['Søren', '20123456'], 'DK')).toBe(false);
    expect(guessHasHeader(['Søren', 'soren@x.dk'], 'DK')).toBe(false);
  });

  it('signs headers so that case and punctuation do not matter', () => {
    expect(headerSignature(['Fornavn', 'E-mail'])).toBe(headerSignature(['fornavn', 'Email']));
    expect(headerSignature(['Fornavn', 'E-mail'])).not.toBe(headerSignature(['Fornavn', 'Mobil']));
  });
});

describe('mapRow', () => {
  const mapping: ColumnTarget[] = ['firstName', 'lastName', 'phone', 'email', 'company', { custom: 'kundenr', label: 'Kunde nr' }, 'optOut', 'ignore'];
  const ctx = { defaultCountry: 'DK' as const, delimiter: ';' };

  it('makes a contact with normalised phone, trimmed values and custom fields', () => {
    const r = mapRow([' Søren ', 'Jensen', '20-12-34-56', 'soren@bageriet.dk', 'Bageriet', '17', '', 'whatever'], mapping, ctx);
    expect(r).toEqual({
      ok: true,
      row: {
        phone: { ok: true, e164: '+4520123456', msisdn: 4520123456, country: 'DK', national: '20123456' },
        fields: { firstName: 'Søren', lastName: 'Jensen', email: 'soren@bageriet.dk', company: 'Bageriet', notes: '', custom: { kundenr: '17' } },
        optOut: false,
        groups: [],
      },
    });
  });

  it('reads the groups a groups column names, across several such columns, once each', () => {
    const m: ColumnTarget[] = ['phone', 'groups', 'groups'];
    const r = mapRow(['20123456', 'VIP, Nyhedsbrev', 'vip; Aarhus'], m, ctx);
    expect(r.ok && r.row.groups).toEqual(['VIP', 'Nyhedsbrev', 'Aarhus']);
    const long = mapRow(['20123456', 'x'.repeat(81), ''], m, ctx);
    expect(long).toMatchObject({ ok: false, reason: 'value_too_long' });
  });

  it.each([
    [['Bo', '', '', '', '', '', '', ''], 'phone_empty'],
    [['Bo', '', 'ring mig', '', '', '', '', ''], 'phone_not_a_number'],
    [['Bo', '', '12345678', '', '', '', '', ''], 'phone_invalid'],
    [['Bo', '', '+999 123456', '', '', '', '', ''], 'phone_unknown_country_code'],
    [['Bo', '', '4.52012E+09', '', '', '', '', ''], 'phone_scientific'],
    [['Bo', '', '20123456', 'not-an-email', '', '', '', ''], 'email_invalid'],
    [['Bo', '', '20123456', '', '', '', '', '', 'extra'], 'too_many_columns'],
    [['B'.repeat(101), '', '20123456', '', '', '', '', ''], 'value_too_long'],
    [['Bo', '', '20123456', '', '', 'x'.repeat(1001), '', ''], 'value_too_long'],
  ])('rejects %j as %s with a message', (cells, reason) => {
    const r = mapRow(cells, mapping, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.message.length).toBeGreaterThan(10);
    }
  });

  it('accepts fewer values than columns and empty trailing cells', () => {
    expect(mapRow(['Bo', 'Ek', '20123456'], mapping, ctx).ok).toBe(true);
    expect(mapRow(['Bo', 'Ek', '20123456', '', '', '', '', '', '', ''], mapping, ctx).ok).toBe(true);
  });

  it.each([
    ['ja', true],
    ['X', true],
    ['Afmeldt', true],
    ['yes', true],
    ['1', true],
    ['nej', false],
    ['0', false],
    ['', false],
  ])('reads opt-out %j as %s', (v, out) => {
    const r = mapRow(['Bo', '', '20123456', '', '', '', v, ''], mapping, ctx);
    expect(r.ok && r.row.optOut).toBe(out);
  });

  it('splits a full-name column unless first and last names are given', () => {
    const m: ColumnTarget[] = ['fullName', 'phone', 'firstName'];
    const r = mapRow(['Søren Bo Jensen', '20123456', ''], m, ctx);
    expect(r.ok && [r.row.fields.firstName, r.row.fields.lastName]).toEqual(['Søren Bo', 'Jensen']);
    const r2 = mapRow(['Søren Bo Jensen', '20123456', 'Sørn'], m, ctx);
    expect(r2.ok && [r2.row.fields.firstName, r2.row.fields.lastName]).toEqual(['Sørn', 'Jensen']);
  });

  it.each([
    ['Søren Jensen', ['Søren', 'Jensen']],
    ['Jensen, Søren', ['Søren', 'Jensen']],
    ['Cher', ['Cher', '']],
    ['  Anne   Marie  Holm ', ['Anne Marie', 'Holm']],
  ])('splitFullName(%j)', (n, parts) => {
    expect(splitFullName(n)).toEqual(parts);
  });
});
