// The contacts view's country pickers, file sizes and consent history follow the UI's language: names and their
// order in Danish or English, sizes with the locale's decimal separator, and who changed a number's consent.
import { afterEach, describe, expect, it } from 'vitest';
import { countryOptionsFor, useCountryOptions } from '../../../src-renderer/components/contacts/country-options';
import { humanSize } from '../../../src-renderer/components/contacts/upload-file';
import { formatterFor } from '../../../src-renderer/composables/useFormat';
import { consentBy } from '../../../src-renderer/components/contacts/consent-by';
import { applyLocale, i18n } from '../../../src-renderer/i18n';

const labels = (tag: string) => countryOptionsFor(tag).map((o) => String(o.label));

describe('country options', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it('names every country in Danish with its calling code', () => {
    const dk = countryOptionsFor('da-DK').find((o) => o.value === 'DK');
    expect(dk?.label).toBe('Danmark (+45)');
    expect(labels('da-DK')).toContain('Tyskland (+49)');
    expect(labels('da-DK')).toContain('Sverige (+46)');
  });

  it('names them in English for English', () => {
    expect(countryOptionsFor('en-GB').find((o) => o.value === 'DK')?.label).toBe('Denmark (+45)');
    expect(labels('en-GB')).toContain('Germany (+49)');
  });

  it('sorts in the language’s alphabet: Æ, Ø and Å come after Z in Danish', () => {
    const da = labels('da-DK');
    const at = da.indexOf('Østrig (+43)');
    expect(at).toBeGreaterThan(da.findIndex((l) => l.startsWith('Zambia')));
    expect(da.slice(at).every((l) => /^[ØÅ]/.test(l))).toBe(true);
    const en = labels('en-GB');
    expect(en.indexOf('Austria (+43)')).toBeLessThan(en.indexOf('Belgium (+32)'));
  });

  it('offers each country once, in both languages', () => {
    const values = countryOptionsFor('da-DK').map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(countryOptionsFor('en-GB')).toHaveLength(values.length);
  });

  it('follow a language switch', async () => {
    const options = useCountryOptions();
    await applyLocale('da', 'da-DK');
    expect(options.value.find((o) => o.value === 'NO')?.label).toBe('Norge (+47)');
    await applyLocale('en', 'en-GB');
    expect(options.value.find((o) => o.value === 'NO')?.label).toBe('Norway (+47)');
  });
});

describe('file sizes', () => {
  const da = formatterFor('da-DK');
  const en = formatterFor('en-GB');

  it.each([
    [da, 0, '0 B'],
    [da, 900, '900 B'],
    [da, 1536, '2 KB'],
    [da, 1.5 * 1024 * 1024, '1,5 MB'],
    [en, 1.5 * 1024 * 1024, '1.5 MB'],
    [da, 1024 * 1024, '1,0 MB'],
    [da, 200 * 1024 * 1024, '200 MB'],
    [da, 1024 * 1024 * 1024, '1.024 MB'],
    [en, 1024 * 1024 * 1024, '1,024 MB'],
  ] as const)('%#: %d bytes is %s', (fmt, bytes, out) => {
    expect(humanSize(bytes, fmt)).toBe(out);
  });
});

describe('who changed consent', () => {
  afterEach(() => applyLocale('en', 'en-GB'));
  const t = (key: string, named: Record<string, string>) => i18n.global.t(key, named);

  it.each([
    ['en', { source: 'manual', by: 'you (in Besked)' }, 'by you (in Besked)'],
    ['da', { source: 'manual', by: 'you (in Besked)' }, 'af dig (i Besked)'],
    ['da', { source: 'keyword', by: 'STOP from +4520304071' }, 'af svaret STOP fra +4520304071'],
    ['en', { source: 'keyword', by: 'AFMELD from +4520304071' }, 'by the reply AFMELD from +4520304071'],
    // An import is known by its file's name, which stays as it is.
    ['da', { source: 'import', by: 'kunder.csv' }, 'af kunder.csv'],
    // Words the core may write some other day are shown as they come rather than half-translated.
    ['da', { source: 'manual', by: 'the shop assistant' }, 'af the shop assistant'],
    ['da', { source: 'keyword', by: 'STOP' }, 'af STOP'],
  ] as const)('%s: %j is "%s"', async (ui, entry, out) => {
    await applyLocale(ui, ui === 'da' ? 'da-DK' : 'en-GB');
    expect(consentBy(entry, t)).toBe(out);
  });
});
