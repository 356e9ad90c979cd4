// The price list as the Prices view shows it: both tiers as rows, found by country name, ISO code or calling code.
import type { PriceRow, PriceTier } from '../../../src-shared/contract';
import type { PriceList } from '../gateway';
import { matchPriceRows } from '../../../src-shared/account/price-search';

export function priceRows(list: PriceList): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const tier of ['standard', 'premium'] as const) {
    for (const i of list[tier]) {
      rows.push({ tier, country: i.country, countryName: i.country_name, prefix: i.prefix, dkk: i.dkk, eur: i.eur });
    }
  }
  return rows.sort((a, b) => a.countryName.localeCompare(b.countryName, 'en') || a.tier.localeCompare(b.tier));
}

/** Rows of a tier (or both) matching a search; see matchPriceRows for what matches. */
export function searchPrices(rows: readonly PriceRow[], search: string | undefined, tier?: PriceTier): PriceRow[] {
  return matchPriceRows(tier ? rows.filter((r) => r.tier === tier) : rows, search);
}
