// The price list as the Prices view shows it: both tiers as rows, found by country name, ISO code or calling code.
import type { PriceRow, PriceTier } from '../../../src-shared/contract';
import type { PriceList } from '../gateway';

export function priceRows(list: PriceList): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const tier of ['standard', 'premium'] as const) {
    for (const i of list[tier]) {
      rows.push({ tier, country: i.country, countryName: i.country_name, prefix: i.prefix, dkk: i.dkk, eur: i.eur });
    }
  }
  return rows.sort((a, b) => a.countryName.localeCompare(b.countryName, 'en') || a.tier.localeCompare(b.tier));
}

/** Lower case without accents, so "oland" finds "Åland" and "curacao" finds "Curaçao". */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Rows matching a search: digits (with or without + or 00) match calling codes that start with them, or the
 * code a typed full number starts with; other text matches the country name or its two-letter code.
 */
export function searchPrices(rows: readonly PriceRow[], search: string | undefined, tier?: PriceTier): PriceRow[] {
  const byTier = tier ? rows.filter((r) => r.tier === tier) : rows;
  const q = (search ?? '').trim();
  if (q === '') return [...byTier];
  const digits = /^(?:\+|00)?\s*([\d\s]+)$/.exec(q)?.[1]?.replace(/\s/g, '');
  if (digits) {
    return byTier.filter((r) => {
      const p = String(r.prefix);
      return p.startsWith(digits) || (digits.length > p.length && digits.startsWith(p));
    });
  }
  const f = fold(q);
  return byTier.filter((r) => fold(r.countryName).includes(f) || r.country.toLowerCase() === f);
}
