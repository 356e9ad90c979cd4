// Number fields show amounts with the locale's separators and read back what people type in that locale.
import { describe, expect, it } from 'vitest';
import { numberInputFor } from '../../../src-renderer/composables/useNumberInput';

const da = numberInputFor('da-DK', 2);
const en = numberInputFor('en-GB', 2);

describe('number fields', () => {
  it.each([
    [da, 100, '100,00'],
    [da, 1234.5, '1.234,50'],
    [en, 1234.5, '1,234.50'],
    [da, null, ''],
  ] as const)('%# writes %s as "%s"', (f, value, text) => {
    expect(f.format(value)).toBe(text);
  });

  it.each([
    [da, '100', 100],
    [da, '100,5', 100.5],
    [da, '1.234,50', 1234.5],
    [da, '1 234,50', 1234.5],
    [da, '1.000', 1000],
    // A point before one or two digits is a decimal point typed out of habit.
    [da, '12.5', 12.5],
    [da, '12.75', 12.75],
    [en, '1,234.50', 1234.5],
    [en, '100.5', 100.5],
    [en, '1,000', 1000],
    [da, '', null],
    [da, '  ', null],
    [da, '-5,5', -5.5],
  ] as const)('%# reads "%s" as %s', (f, text, value) => {
    expect(f.parse(text)).toBe(value);
  });

  it('reads text that is no number as NaN, so the field shows it is wrong', () => {
    expect(da.parse('ti kroner')).toBeNaN();
    expect(da.parse('1,2,3')).toBeNaN();
  });

  it('reads back what it wrote', () => {
    for (const v of [0.01, 99.99, 1000, 123456.78]) {
      expect(da.parse(da.format(v))).toBe(v);
      expect(en.parse(en.format(v))).toBe(v);
    }
  });
});
