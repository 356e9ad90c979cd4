// What the contacts remember between sessions: the default country for numbers without a country code,
// and the column mapping last used for each kind of file (by its header row).
import { z } from 'zod';
import type { Db } from '../db/database';
import { ColumnTarget } from '../../../src-shared/contract';
import { isCountryCode, type CountryCode } from '../../../src-shared/phone';

/** Besked is made for Danish shops first; the owner changes it once and it is remembered. */
export const FALLBACK_COUNTRY: CountryCode = 'DK';

export function defaultCountry(db: Db): CountryCode {
  const r = db.prepare("SELECT value FROM contact_prefs WHERE key = 'defaultCountry'").get() as { value: string } | undefined;
  return r && isCountryCode(r.value) ? r.value : FALLBACK_COUNTRY;
}

export function setDefaultCountry(db: Db, country: CountryCode): void {
  db.prepare("INSERT INTO contact_prefs (key, value) VALUES ('defaultCountry', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(country);
}

const Stored = z.array(ColumnTarget);

export function rememberedMapping(db: Db, signature: string, columns: number): ColumnTarget[] | null {
  const r = db.prepare('SELECT mapping FROM contact_import_mappings WHERE signature = ?').get(signature) as { mapping: string } | undefined;
  if (!r) return null;
  try {
    const m = Stored.safeParse(JSON.parse(r.mapping));
    return m.success && m.data.length === columns ? m.data : null;
  } catch {
    return null;
  }
}

export function rememberMapping(db: Db, signature: string, mapping: ColumnTarget[], at: string): void {
  db.prepare(
    `INSERT INTO contact_import_mappings (signature, mapping, saved_at) VALUES (?, ?, ?)
     ON CONFLICT (signature) DO UPDATE SET mapping = excluded.mapping, saved_at = excluded.saved_at`,
  ).run(signature, JSON.stringify(mapping), at);
}
