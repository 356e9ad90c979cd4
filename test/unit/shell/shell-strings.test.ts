// The shell's string tables and the choice of language.
import { describe, expect, it } from 'vitest';
import { fill, shellLocale, shellStrings } from '../../../src-main/shell/shell-strings';

type Tree = { [k: string]: string | Tree };
const shape = (t: Tree): unknown => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'string' ? 'string' : shape(v)]));
const leaves = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));

describe('shell strings', () => {
  it.each(Object.keys(shellStrings))('table %s has every key of English and no empty string', (locale) => {
    const table = shellStrings[locale as keyof typeof shellStrings] as unknown as Tree;
    expect(shape(table)).toEqual(shape(shellStrings.en as unknown as Tree));
    for (const s of leaves(table)) expect(s.trim()).not.toBe('');
  });

  it.each(Object.keys(shellStrings))('uses %s when Settings chooses it, whatever the OS says', (locale) => {
    expect(shellLocale(locale as 'en', ['xx-XX'])).toBe(locale);
  });

  it.each([
    [['en-GB', 'de'], 'en'],
    [['de-DE', 'fr'], 'en'],
    [[], 'en'],
    [['EN_us'], 'en'],
    [['da-DK', 'en-US'], 'da'],
    [['da'], 'da'],
    [['de-DE', 'da-DK'], 'da'],
    [['nb-NO', 'sv-SE'], 'en'],
  ])('follows the OS languages %j to %s when Settings says "system"', (system, expected) => {
    expect(shellLocale('system', system)).toBe(expected);
  });

  it('has the same {placeholders} in every table', () => {
    const placeholders = (t: Tree): string[] => leaves(t).map((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).join(','));
    for (const table of Object.values(shellStrings)) expect(placeholders(table as unknown as Tree)).toEqual(placeholders(shellStrings.en as unknown as Tree));
  });

  it('falls back to a language it has a table for', () => {
    for (const lang of ['system', 'en', 'da'] as const) expect(Object.keys(shellStrings)).toContain(shellLocale(lang, ['da-DK']));
  });

  it.each([
    ['{count} unread', { count: 3 }, '3 unread'],
    ['Besked: {count} unread', { count: 12 }, 'Besked: 12 unread'],
    ['{count} of {missing}', { count: 1 }, '1 of {missing}'],
    ['no placeholders', { count: 1 }, 'no placeholders'],
  ])('fills %j', (template, values, out) => {
    expect(fill(template, values)).toBe(out);
  });
});
