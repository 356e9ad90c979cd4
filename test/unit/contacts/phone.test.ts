// Phone normalisation as a table: every way people and spreadsheets write numbers, and every rejection.
import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneQueryDigits, phoneRejectionMessage, phoneSearchTokens, type PhoneRejection } from '../../../src-shared/phone';

describe('normalisePhone', () => {
  const accepted: [string, string | undefined, string][] = [
    ['20 12 34 56', 'DK', '+4520123456'],
    ['20123456', 'DK', '+4520123456'],
    ['2012-3456', 'DK', '+4520123456'],
    ['20.12.34.56', 'DK', '+4520123456'],
    ['+45 20 12 34 56', 'DK', '+4520123456'],
    ['+4520123456', undefined, '+4520123456'],
    ['0045 20 12 34 56', 'DK', '+4520123456'],
    ['004520123456', 'SE', '+4520123456'],
    ['(+45) 20-12-34-56', 'DK', '+4520123456'],
    ['+45 (0) 20 12 34 56', 'DK', '+4520123456'],
    ['  20 12 34 56  ', 'DK', '+4520123456'],
    ['20\u00a012\u00a034\u00a056', 'DK', '+4520123456'],
    ["'+4520123456", 'DK', '+4520123456'], // an apostrophe-defused export
    ['tel:+4520123456', 'DK', '+4520123456'],
    ['4520123456', 'DK', '+4520123456'], // Excel dropped the +
    ['4520123456', undefined, '+4520123456'],
    ['+1 202 555 0143', 'DK', '+12025550143'],
    ['202-555-0143', 'US', '+12025550143'],
    ['(202) 555-0143', 'US', '+12025550143'],
    ['070-123 45 67', 'SE', '+46701234567'],
    ['+46 70 123 45 67', 'DK', '+46701234567'],
    ['0151 23456789', 'DE', '+4915123456789'],
    ['+44 7911 123456', 'DK', '+447911123456'],
    ['07911 123456', 'GB', '+447911123456'],
    ['412 34 567', 'NO', '+4741234567'],
  ];
  it.each(accepted)('%j in %s is %s', (raw, country, e164) => {
    const r = normalisePhone(raw, country as never);
    expect(r).toMatchObject({ ok: true, e164, msisdn: Number(e164.slice(1)) });
  });

  const rejected: [string, string | undefined, PhoneRejection][] = [
    ['', 'DK', 'empty'],
    ['   ', 'DK', 'empty'],
    ['abc', 'DK', 'not_a_number'],
    ['1 800 FLOWERS', 'US', 'not_a_number'],
    ['20123456 ext 12', 'DK', 'not_a_number'],
    ['+', 'DK', 'not_a_number'],
    ['4.52012E+09', 'DK', 'scientific'],
    ['4,52012E+09', 'DK', 'scientific'],
    ['123', 'DK', 'invalid'],
    ['12345678', 'DK', 'invalid'], // Danish numbers do not start with 1
    ['+45 12345678', 'DK', 'invalid'],
    ['+999 1234567', 'DK', 'unknown_country_code'],
    ['20123456', undefined, 'needs_country'],
    ['+4520123456789012345', 'DK', 'too_long'],
    ['+45 2', 'DK', 'too_short'],
  ];
  it.each(rejected)('%j in %s is rejected as %s', (raw, country, reason) => {
    expect(normalisePhone(raw, country as never)).toEqual({ ok: false, reason });
  });

  it('gives the national number and country', () => {
    expect(normalisePhone('20 12 34 56', 'DK')).toEqual({ ok: true, e164: '+4520123456', msisdn: 4520123456, country: 'DK', national: '20123456' });
  });

  it('has a message for every reason', () => {
    for (const [, , reason] of rejected) expect(phoneRejectionMessage(reason).length).toBeGreaterThan(10);
  });
});

describe('phone search', () => {
  it.each([
    ['20 12 34 56', '20123456'],
    ['+45 2012', '452012'],
    ['0045 2012', '452012'],
    ['(20) 12-34', '201234'],
    ['2', null],
    ['Søren', null],
    ['søren 2012', null],
    ['anne@firma.dk', null],
  ])('query %j looks for %j', (q, digits) => {
    expect(phoneQueryDigits(q)).toBe(digits);
  });

  it('indexes the number the ways people type its start', () => {
    expect(phoneSearchTokens({ msisdn: 4520123456, national: '20123456' })).toBe('4520123456 20123456');
  });

  it('formats for display', () => {
    expect(formatPhone('+4520123456')).toBe('+45 20 12 34 56');
    expect(formatPhone('nonsense')).toBe('nonsense');
  });
});
