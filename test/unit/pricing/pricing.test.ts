// Price rules: longest calling-code prefix, the tier a class bills from, the account currency's column, and cost
// = parts × part price summed per country.
import { describe, expect, it } from 'vitest';
import { estimateCost, PriceIndex, priceColumn, roundMoney, tierForClass, type PriceTable } from '../../../src-shared/pricing';

const row = (country: string, prefix: number, dkk: number, eur = dkk / 7.46) => ({ country, country_name: country, prefix, dkk, eur });

const table: PriceTable = {
  standard: [row('US', 1, 0.07), row('JM', 1876, 0.9), row('DK', 45, 0.13), row('FI', 358, 0.42), row('AX', 35818, 0.5), row('DK2', 45, 9.99)],
  premium: [row('US', 1, 0.1), row('DK', 45, 0.19)],
};
const index = new PriceIndex(table);

describe('longest prefix', () => {
  it.each([
    [18765550100, 'standard', 'JM'],
    [12025550100, 'standard', 'US'],
    [4520123456, 'standard', 'DK'],
    [358401234567, 'standard', 'FI'],
    [358181234567, 'standard', 'AX'],
    [4520123456, 'premium', 'DK'],
    [18765550100, 'premium', 'US'],
    [4420123456, 'standard', null],
    ['+4520123456', 'standard', 'DK'],
  ] as const)('%s on %s → %s', (msisdn, tier, country) => {
    expect(index.match(msisdn, tier)?.country ?? null).toBe(country);
  });

  it('keeps the first row when a prefix is listed twice', () => {
    expect(index.match(4520123456, 'standard')?.dkk).toBe(0.13);
  });
});

describe('classes and currencies', () => {
  it.each([
    ['standard', 'standard'],
    ['premium', 'premium'],
    ['secret', 'premium'],
  ] as const)('%s bills from %s', (cls, tier) => expect(tierForClass(cls)).toBe(tier));

  it.each([
    ['DKK', 'dkk'],
    ['eur', 'eur'],
    [' EUR ', 'eur'],
    ['SEK', null],
  ] as const)('%s reads column %s', (cur, col) => expect(priceColumn(cur)).toBe(col));

  it('prices a part in the account currency', () => {
    expect(index.partPrice(4520123456, 'secret', 'DKK')).toBe(0.19);
    expect(index.partPrice(4520123456, 'standard', 'EUR')).toBeCloseTo(0.13 / 7.46, 10);
    expect(index.partPrice(4520123456, 'standard', 'SEK')).toBeNull();
    expect(index.partPrice(4420123456, 'standard', 'DKK')).toBeNull();
  });
});

describe('cost', () => {
  it('is parts × price per recipient, grouped by country, unpriced counted apart', () => {
    const est = estimateCost(
      [
        { msisdn: 4520000001, parts: 1 },
        { msisdn: 4520000002, parts: 3 },
        { msisdn: 12025550100, parts: 2 },
        { msisdn: 4420123456, parts: 1 },
      ],
      index,
      'standard',
      'DKK',
    );
    expect(est.total).toBe(roundMoney(4 * 0.13 + 2 * 0.07));
    expect(est.parts).toBe(7);
    expect(est.recipients).toBe(4);
    expect(est.unpriced).toBe(1);
    expect(est.byCountry).toEqual([
      { country: 'DK', countryName: 'DK', recipients: 2, parts: 4, partPrice: 0.13, cost: 0.52 },
      { country: 'US', countryName: 'US', recipients: 1, parts: 2, partPrice: 0.07, cost: 0.14 },
      { country: '', countryName: '', recipients: 1, parts: 1, partPrice: null, cost: 0 },
    ]);
  });

  it('is unknown for everyone without a price list', () => {
    const est = estimateCost([{ msisdn: 4520000001, parts: 2 }], null, 'standard', 'DKK');
    expect(est).toMatchObject({ total: 0, unpriced: 1, parts: 2 });
  });

  it('uses the premium list for premium and secret', () => {
    expect(estimateCost([{ msisdn: 4520000001, parts: 2 }], index, 'premium', 'DKK').total).toBe(0.38);
  });
});
