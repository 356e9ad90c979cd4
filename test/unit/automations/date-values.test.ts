// Date fields as CSV import stores them: every format a Danish shop's file uses, day first; what is refused.
import { describe, expect, it } from 'vitest';
import { parseDateValue, type ParsedDate } from '../../../src-shared/automations/date-values';

const date = (year: number | null, month: number, day: number): ParsedDate => ({ year, month, day, hour: null, minute: null });
const at = (year: number | null, month: number, day: number, hour: number, minute: number): ParsedDate => ({ year, month, day, hour, minute });

describe('parseDateValue', () => {
  it.each([
    ['1985-03-14', date(1985, 3, 14)],
    ['1985-3-4', date(1985, 3, 4)],
    ['14-03-1985', date(1985, 3, 14)],
    ['14.03.1985', date(1985, 3, 14)],
    ['14/03/1985', date(1985, 3, 14)],
    ['14/3-1985', date(1985, 3, 14)],
    ['4.3.1985', date(1985, 3, 4)],
    ['  14.03.1985  ', date(1985, 3, 14)],
    ['01-02-2026', date(2026, 2, 1)], // day first: 1 February, never 2 January
    ['14-03', date(null, 3, 14)],
    ['14/3', date(null, 3, 14)],
    ['14.03.', date(null, 3, 14)],
    ['29-02', date(null, 2, 29)], // a birthday without a year may be 29 February
    ['29-02-2028', date(2028, 2, 29)],
    ['2026-12-01 14:30', at(2026, 12, 1, 14, 30)],
    ['2026-12-01T14:30', at(2026, 12, 1, 14, 30)],
    ['2026-12-01T14:30:00', at(2026, 12, 1, 14, 30)],
    ['2026-12-01 9:05', at(2026, 12, 1, 9, 5)],
    ['01-12-2026 14:30', at(2026, 12, 1, 14, 30)],
    ['01.12.2026 kl. 14.30', at(2026, 12, 1, 14, 30)],
    ['01.12.2026 kl 14:30', at(2026, 12, 1, 14, 30)],
    ['01/12/2026 00:00', at(2026, 12, 1, 0, 0)],
    ['14. marts 1985', date(1985, 3, 14)],
    ['14. Marts 1985', date(1985, 3, 14)],
    ['14 March 1985', date(1985, 3, 14)],
    ['14 mar 1985', date(1985, 3, 14)],
    ['14. okt. 1985', date(1985, 10, 14)],
    ['1. maj 2000', date(2000, 5, 1)],
    ['14-mar-1985', date(1985, 3, 14)],
    ['March 14, 1985', date(1985, 3, 14)],
    ['May 1st 2000', date(2000, 5, 1)],
    ['14. marts', date(null, 3, 14)],
    ['3. december 2026 kl. 10.15', at(2026, 12, 3, 10, 15)],
  ])('%s', (raw, expected) => {
    expect(parseDateValue(raw)).toEqual(expected);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['text', 'ved ikke'],
    ['a name', 'Hansen'],
    ['31 February', '31-02-2026'],
    ['29 February in a common year', '29-02-2027'],
    ['30 February without a year', '30-02'],
    ['31 April', '2026-04-31'],
    ['month 13', '14-13-1985'],
    ['day 0', '00-03-1985'],
    ['two-digit year', '14.3.85'],
    ['two-digit year with dashes', '14-03-85'],
    ['three-digit year', '14-03-985'],
    ['an unknown month name', '14. martz 1985'],
    ['hour 24', '2026-12-01 24:00'],
    ['minute 60', '2026-12-01 14:60'],
    ['a time alone', '14:30'],
    ['a number', '12345'],
    ['year first with slashes (ambiguous order)', '1985/03/14/1'],
    ['trailing text', '14-03-1985 hello'],
  ])('refuses %s', (_what, raw) => {
    expect(parseDateValue(raw)).toBeNull();
  });
});
