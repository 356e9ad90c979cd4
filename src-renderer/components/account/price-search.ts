// Finding prices the way the Prices tab shows them: each country named in the UI's language (the gateway names them
// in English), sorted by that name, and found by calling code, by that name, by the gateway's name or by the code.
import type { PriceRow, PriceTier } from '../../../src-shared/contract';

export interface ShownPriceRow extends PriceRow {
  /** The country's name in the UI's language; the gateway's name where the code has none. */
  name: string;
}

/** Lower case without accents, so "oland" finds "Åland" and "curacao" finds "Curaçao". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The rows named with nameOf (a code it cannot name comes back as the code) and sorted by name, then tier. */
export function namePriceRows(rows: readonly PriceRow[], nameOf: (code: string) => string, collator: Intl.Collator): ShownPriceRow[] {
  return rows
    .map((r) => {
      const name = nameOf(r.country);
      return { ...r, name: name && name !== r.country ? name : r.countryName || r.country };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.tier.localeCompare(b.tier));
}

/**
 * Rows of a tier matching a search: digits (with or without + or 00) match calling codes that start with them, or
 * the code a typed full number starts with; other text matches the shown name, the gateway's name or the code.
 */
export function searchPriceRows(rows: readonly ShownPriceRow[], search: string, tier: 'all' | PriceTier): ShownPriceRow[] {
  const byTier = tier === 'all' ? rows : rows.filter((r) => r.tier === tier);
  const q = search.trim();
  if (q === '') return [...byTier];
  const digits = /^(?:\+|00)?\s*([\d\s]+)$/.exec(q)?.[1]?.replace(/\s/g, '');
  if (digits) {
    return byTier.filter((r) => {
      const p = String(r.prefix);
      return p.startsWith(digits) || (digits.length > p.length && digits.startsWith(p));
    });
  }
  const f = fold(q);
  return byTier.filter((r) => fold(r.name).includes(f) || fold(r.countryName).includes(f) || r.country.toLowerCase() === f);
}
