// The price list as rows, and search by country name, ISO code or calling code.
import { describe, expect, it } from 'vitest';
import { priceRows, searchPrices } from '../../../src-main/core/account/price-table';

const list = {
  standard: [
    { country: 'DK', country_name: 'Denmark', dkk: 0.13, eur: 0.0174, prefix: 45 },
    { country: 'SE', country_name: 'Sweden', dkk: 0.29, eur: 0.0389, prefix: 46 },
    { country: 'AX', country_name: 'Åland Islands', dkk: 0.4, eur: 0.0536, prefix: 358 },
    { country: 'JM', country_name: 'Jamaica', dkk: 0.5, eur: 0.067, prefix: 1876 },
    { country: 'US', country_name: 'United States', dkk: 0.07, eur: 0.0094, prefix: 1 },
  ],
  premium: [{ country: 'DK', country_name: 'Denmark', dkk: 0.19, eur: 0.0255, prefix: 45 }],
};
const rows = priceRows(list);
const names = (r: { countryName: string; tier: string }[]) => r.map((x) => `${x.countryName}/${x.tier}`);

describe('priceRows', () => {
  it('flattens both tiers, sorted by country name then tier', () => {
    expect(names(rows)).toEqual([
      'Åland Islands/standard',
      'Denmark/premium',
      'Denmark/standard',
      'Jamaica/standard',
      'Sweden/standard',
      'United States/standard',
    ]);
    expect(rows.find((r) => r.tier === 'premium')).toEqual({ tier: 'premium', country: 'DK', countryName: 'Denmark', prefix: 45, dkk: 0.19, eur: 0.0255 });
  });
});

describe('searchPrices', () => {
  it.each([
    ['', undefined, 6],
    ['  ', undefined, 6],
    ['den', undefined, 3], // Denmark twice and Swe-den
    ['denm', undefined, 2],
    ['DENMARK', 'premium', 1],
    ['aland', undefined, 1],
    ['se', undefined, 1], // the ISO code, not every name containing "se"
    ['swe', undefined, 1],
    ['united', undefined, 1],
    ['45', undefined, 2],
    ['+45', 'standard', 1],
    ['0045', undefined, 2],
    ['4', undefined, 3],
    ['1', undefined, 2], // 1 and 1876
    ['1876 555 1234', undefined, 2], // a full number finds the codes it starts with
    ['4520123456', undefined, 2],
    ['xyz', undefined, 0],
  ] as const)('%j (%s) finds %i rows', (q, tier, n) => {
    expect(searchPrices(rows, q, tier)).toHaveLength(n);
  });
});
