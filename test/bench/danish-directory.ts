// A realistic generated contact directory for search benches and tests: first and last names drawn by
// Danish name frequency, Danish mobile numbers, unique emails, companies in ten towns. Rows are written
// straight into the real schema with the importer's column builder (toColumns), in batches, and the
// search index is rebuilt once at the end — a million rows in seconds instead of minutes of import.
import type Database from 'better-sqlite3';
import { toColumns } from '../../src-main/core/contacts/contact-columns';
import { nameBucket } from '../../src-main/core/contacts/name-rank';

// Weights roughly as Danmarks Statistik's name counts (thousands of bearers).
const LAST: readonly (readonly [string, number])[] = [
  ['Jensen', 250], ['Nielsen', 245], ['Hansen', 210], ['Pedersen', 160], ['Andersen', 155], ['Christensen', 115],
  ['Larsen', 110], ['Sørensen', 105], ['Rasmussen', 90], ['Jørgensen', 85], ['Petersen', 80], ['Madsen', 65],
  ['Kristensen', 62], ['Olsen', 55], ['Thomsen', 45], ['Christiansen', 43], ['Poulsen', 38], ['Johansen', 37],
  ['Møller', 36], ['Mortensen', 35], ['Knudsen', 30], ['Jakobsen', 30], ['Mikkelsen', 26], ['Olesen', 25],
  ['Frederiksen', 24], ['Laursen', 23], ['Henriksen', 22], ['Lund', 22], ['Schmidt', 19], ['Eriksen', 18],
  ['Holm', 18], ['Kristiansen', 17], ['Clausen', 16], ['Simonsen', 16], ['Svendsen', 15], ['Andreasen', 15],
  ['Iversen', 14], ['Jeppesen', 13], ['Vestergaard', 13], ['Mogensen', 13], ['Nissen', 12], ['Lauridsen', 12],
  ['Kjær', 12], ['Jacobsen', 12], ['Bech', 11], ['Østergaard', 10], ['Dahl', 9], ['Bak', 9], ['Wagner', 4], ['Ågaard', 2],
  ['Zacho', 1], ['Yde', 2], ['Ulriksen', 2], ['Quist', 2],
];
const FIRST: readonly (readonly [string, number])[] = [
  ['Anne', 45], ['Kirsten', 40], ['Mette', 38], ['Hanne', 36], ['Helle', 33], ['Anna', 33], ['Susanne', 31],
  ['Lene', 30], ['Maria', 30], ['Marianne', 29], ['Inge', 27], ['Karen', 26], ['Lone', 26], ['Bente', 25],
  ['Camilla', 24], ['Pia', 23], ['Louise', 22], ['Charlotte', 22], ['Tina', 21], ['Gitte', 20], ['Ulla', 18],
  ['Vibeke', 16], ['Yvonne', 8], ['Emma', 14], ['Ida', 13], ['Freja', 11], ['Åse', 3], ['Zoë', 2], ['Ørnulf', 1],
  ['Peter', 48], ['Jens', 46], ['Lars', 45], ['Michael', 44], ['Henrik', 42], ['Thomas', 40], ['Søren', 38],
  ['Jan', 37], ['Christian', 36], ['Martin', 33], ['Niels', 32], ['Anders', 31], ['Morten', 30], ['Jesper', 29],
  ['Mads', 27], ['Rasmus', 26], ['Per', 25], ['Hans', 24], ['Jørgen', 23], ['Ole', 22], ['Kim', 21], ['Torben', 19],
  ['Ulrik', 10], ['Villads', 6], ['William', 12], ['Oscar', 10], ['Øjvind', 2], ['Émile', 1],
];
export const TOWNS = ['København', 'Aarhus', 'Odense', 'Aalborg', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle', 'Roskilde'];
const TRADE = ['VVS', 'El', 'Tømrer', 'Maler', 'Bageri', 'Frisør', 'Revision', 'Auto', 'Blomster', 'Cykler'];

/** A deterministic pseudo-random sequence, so every run builds the same directory. */
export function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function weighted(list: readonly (readonly [string, number])[]): (r: number) => string {
  const sum = list.reduce((a, [, w]) => a + w, 0);
  const cum: number[] = [];
  let acc = 0;
  for (const [, w] of list) cum.push((acc += w / sum));
  return (r) => {
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]![0];
  };
}

export const firstNames = FIRST.map(([n]) => n);
export const lastNames = LAST.map(([n]) => n);

/** The i-th contact's mobile number: unique 8-digit Danish mobiles starting with 2, 3, 4, 5 or 6. */
export function mobile(i: number): string {
  return String(20_000_000 + ((i * 7_919) % 50_000_000));
}

function ascii(s: string): string {
  return s.toLowerCase().replace(/æ/g, 'ae').replace(/ø/g, 'oe').replace(/å/g, 'aa').normalize('NFD').replace(/\p{M}/gu, '');
}

export interface GeneratedContact {
  firstName: string;
  lastName: string;
  national: string;
  email: string;
  company: string;
  town: string;
}

export function* directory(rows: number, seed = 30): Generator<GeneratedContact> {
  const rnd = lcg(seed);
  const first = weighted(FIRST);
  const last = weighted(LAST);
  for (let i = 0; i < rows; i++) {
    const f = first(rnd());
    const l = last(rnd());
    const town = TOWNS[Math.floor(rnd() * TOWNS.length)]!;
    const company = rnd() < 0.6 ? `${town} ${TRADE[Math.floor(rnd() * TRADE.length)]!} ApS` : '';
    yield { firstName: f, lastName: l, national: mobile(i), email: `${ascii(f)}.${ascii(l)}${i}@${rnd() < 0.5 ? 'gmail.com' : 'mail.dk'}`, company, town };
  }
}

/**
 * Writes `rows` generated contacts into an open Besked database (schema already migrated) and rebuilds the
 * search index; returns the seconds the index rebuild took.
 */
export function fillDirectory(db: Database.Database, rows: number, seed = 30): { indexSeconds: number } {
  const now = '2026-01-01T00:00:00.000Z';
  const insert = db.prepare(
    `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
     VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @name_bucket, @search_phone, @search_custom, @now, @now)`,
  );
  db.prepare('INSERT OR IGNORE INTO contacts_fts_deferred (one) VALUES (1)').run();
  const batch = db.transaction((items: GeneratedContact[]) => {
    for (const c of items) {
      const phone = { e164: `+45${c.national}`, msisdn: Number(`45${c.national}`), national: c.national };
      const cols = toColumns(phone, { firstName: c.firstName, lastName: c.lastName, email: c.email, company: c.company, notes: '', custom: { by: c.town } });
      insert.run({ ...cols, name_bucket: nameBucket(cols.sort_key), now });
    }
  });
  let items: GeneratedContact[] = [];
  for (const c of directory(rows, seed)) {
    items.push(c);
    if (items.length === 10_000) {
      batch(items);
      items = [];
    }
  }
  batch(items);
  db.prepare('DELETE FROM contacts_fts_deferred').run();
  const t0 = performance.now();
  // In rowid (name_rank) order: FTS5's 'rebuild' reads the table in id order and would write a segment per row.
  db.prepare(
    `INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
     SELECT name_rank, first_name, last_name, email, company, search_phone, search_custom FROM contacts ORDER BY name_rank`,
  ).run();
  db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')").run();
  return { indexSeconds: (performance.now() - t0) / 1000 };
}
