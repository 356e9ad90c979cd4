// The Prices tab names countries in the UI's language, sorts by those names and finds them by name (its own or
// the gateway's), two-letter code or calling code.
import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../../../src-shared/contract';
import { namePriceRows, searchPriceRows } from '../../../src-renderer/components/account/price-search';
import { formatterFor } from '../../../src-renderer/composables/useFormat';

const row = (country: string, countryName: string, prefix: number, tier: 'standard' | 'premium' = 'standard'): PriceRow => ({ tier, country, countryName, prefix, dkk: 0.13, eur: 0.02 });
const GATEWAY: PriceRow[] = [
  row('DK', 'Denmark', 45),
  row('DK', 'Denmark', 45, 'premium'),
  row('SE', 'Sweden', 46),
  row('DE', 'Germany', 49),
  row('AT', 'Austria', 43),
  row('AX', 'Aland Islands', 358),
  // A code with no name in the locale's data keeps the gateway's name.
  row('XX', 'Satellite networks', 881),
];
const danish = namePriceRows(GATEWAY, formatterFor('da-DK').country, new Intl.Collator('da-DK'));
const english = namePriceRows(GATEWAY, formatterFor('en-GB').country, new Intl.Collator('en-GB'));
const names = (rows: { name: string; tier: string }[]) => rows.map((r) => `${r.name}/${r.tier}`);

describe('price rows in the UI’s language', () => {
  it('are named in Danish and sorted in the Danish alphabet (Æ Ø Å last), premium before standard', () => {
    expect(names(danish)).toEqual([
      'Danmark/premium',
      'Danmark/standard',
      'Satellite networks/standard',
      'Sverige/standard',
      'Tyskland/standard',
      'Østrig/standard',
      'Åland/standard',
    ]);
  });

  it('are named in English for English', () => {
    expect(english.map((r) => r.name)).toEqual(['Åland Islands', 'Austria', 'Denmark', 'Denmark', 'Germany', 'Satellite networks', 'Sweden']);
  });

  it.each([
    ['sver', ['Sverige']],
    ['SWE', ['Sverige']],
    ['tysk', ['Tyskland']],
    ['germ', ['Tyskland']],
    ['østr', ['Østrig']],
    ['aland', ['Åland']],
    // The two-letter code, or the gateway's English name.
    ['de', ['Danmark', 'Danmark', 'Sverige', 'Tyskland']],
    ['+45', ['Danmark', 'Danmark']],
    ['0046', ['Sverige']],
    ['4', ['Danmark', 'Danmark', 'Sverige', 'Tyskland', 'Østrig']],
    ['+45 20 30 40 71', ['Danmark', 'Danmark']],
    ['satellite', ['Satellite networks']],
    ['xyz', []],
  ] as const)('"%s" finds %j', (search, found) => {
    expect(searchPriceRows(danish, search, 'all').map((r) => r.name)).toEqual(found);
  });

  it('keeps to the chosen tier', () => {
    expect(names(searchPriceRows(danish, 'danmark', 'premium'))).toEqual(['Danmark/premium']);
    expect(searchPriceRows(danish, '', 'standard')).toHaveLength(6);
    expect(searchPriceRows(danish, '  ', 'all')).toHaveLength(7);
  });
});
