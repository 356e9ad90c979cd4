// @vitest-environment happy-dom
// The component library speaks the UI's language without its bare defaults: no "Please Input", "Vælg venligst" or
// "No Data" where a field or list gives no text of its own, and in Danish no English word of the library at all.
import { describe, expect, it } from 'vitest';
import { libraryLocale } from '../../../src-renderer/i18n/library-locale';
import { forbiddenLibraryTexts } from '../../e2e/library-defaults';
import { en } from '../../../src-renderer/i18n/en';
import { da } from '../../../src-renderer/i18n/da';

/** Every word of a library locale, by its path. */
function words(locale: object): [string, string][] {
  return Object.entries(locale).flatMap(([group, entries]) =>
    typeof entries === 'object' && entries !== null
      ? Object.entries(entries as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [[`${group}.${k}`, v] as [string, string]] : []))
      : [],
  );
}

describe('the forbidden texts', () => {
  it.each([
    ['en', 'Please Input', true],
    ['en', 'Please Select', true],
    ['en', 'No Data', true],
    ['en', 'Select Date and Time', true],
    ['en', 'Udfyld venligst', true],
    ['en', 'Ingen data', true],
    // A range's two ends say which is which; the app's own English "Cancel" is not the library's.
    ['en', 'Start Date', false],
    ['en', 'Cancel', false],
    ['da', 'Udfyld venligst', true],
    ['da', 'Vælg venligst', true],
    ['da', 'Ingen data', true],
    ['da', 'Confirm', true],
    ['da', 'Clear', true],
    ['da', 'Now', true],
    ['da', 'Start Date', true],
    ['da', 'Please Input', true],
    // Said the same in both: not English in a Danish UI.
    ['da', 'OK', false],
    ['da', 'Startdato', false],
  ] as const)('in %s, "%s" forbidden: %s', (language, text, forbidden) => {
    expect(forbiddenLibraryTexts(language).has(text)).toBe(forbidden);
  });
});

describe.each([
  ['en', en.library.empty],
  ['da', da.library.empty],
] as const)('the library locale for %s', (language, empty) => {
  const { locale } = libraryLocale(language, empty);

  it('holds none of the texts forbidden in this language (but the open date picker\'s buttons, which say what they do)', () => {
    const forbidden = forbiddenLibraryTexts(language);
    const buttons = new Set(['DatePicker.selectDate', 'DatePicker.selectTime']);
    expect(words(locale).filter(([path, v]) => forbidden.has(v) && !buttons.has(path))).toEqual([]);
  });

  it.each(['Input.placeholder', 'InputNumber.placeholder', 'Select.placeholder', 'TimePicker.placeholder', 'DatePicker.datePlaceholder', 'DatePicker.datetimePlaceholder'])(
    'leaves %s empty, so a field shows its own placeholder or none',
    (path) => {
      expect(new Map(words(locale)).get(path)).toBe('');
    },
  );

  it('says an empty list is empty in the app\'s words', () => {
    expect(locale.Empty.description).toBe(empty);
  });

  it('keeps the library\'s other words in the UI\'s language', () => {
    expect(locale.DatePicker.clear).toBe(language === 'da' ? 'Ryd' : 'Clear');
    expect(locale.name).toBe(language === 'da' ? 'da-DK' : 'en-GB');
  });
});
