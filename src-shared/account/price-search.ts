// Finding a country in the price list, the same way in the core and in the Prices tab: calling codes by digits,
// countries by any of their names (accents and case ignored) or by their two-letter code.
import type { PriceRow } from '../contract';

/** Lower case without accents, so "oland" finds "Åland" and "curacao" finds "Curaçao". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Rows matching a search: digits (with or without + or 00) match calling codes that start with them, or the code a
 * typed full number starts with; other text matches any name `namesOf` gives a row, or the row's two-letter code.
 */
export function matchPriceRows<R extends PriceRow>(rows: readonly R[], search: string | undefined, namesOf: (r: R) => readonly string[] = (r) => [r.countryName]): R[] {
  const q = (search ?? '').trim();
  if (q === '') return [...rows];
  const digits = /^(?:\+|00)?\s*([\d\s]+)$/.exec(q)?.[1]?.replace(/\s/g, '');
  if (digits) {
    return rows.filter((r) => {
      const p = String(r.prefix);
      return p.startsWith(digits) || (digits.length > p.length && digits.startsWith(p));
    });
  }
  const f = fold(q);
  return rows.filter((r) => namesOf(r).some((n) => fold(n).includes(f)) || r.country.toLowerCase() === f);
}
