// Finding prices the way the Prices tab shows them: each country named in the UI's language (the gateway names them
// in English), sorted by that name, and found by calling code, by that name, by the gateway's name or by the code.
import type { PriceRow, PriceTier } from '../../../src-shared/contract';
import { matchPriceRows } from '../../../src-shared/account/price-search';

export interface ShownPriceRow extends PriceRow {
  /** The country's name in the UI's language; the gateway's name where the code has none. */
  name: string;
}

/** The rows named with nameOf (a code it cannot name comes back as the code) and sorted by name, then tier. */
export function namePriceRows(rows: readonly PriceRow[], nameOf: (code: string) => string, collator: Intl.Collator): ShownPriceRow[] {
  return rows
    .map((r) => {
      const name = nameOf(r.country);
      return { ...r, name: name && name !== r.country ? name : r.countryName || r.country };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.tier.localeCompare(b.tier));
}

/** Rows of a tier matching a search (shared rule: calling code, or the shown name, the gateway's name or the code). */
export function searchPriceRows(rows: readonly ShownPriceRow[], search: string, tier: 'all' | PriceTier): ShownPriceRow[] {
  return matchPriceRows(tier === 'all' ? rows : rows.filter((r) => r.tier === tier), search, (r) => [r.name, r.countryName]);
}
