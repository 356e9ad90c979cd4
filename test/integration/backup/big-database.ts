// A shop's database large enough that its backup file cannot travel in one call (above 32 MiB): real-looking contacts
// with long notes, saved as an import saves them so it is built in a second or two. Used by the restore-upload tests
// over web mode's bridge and in Chromium.
import { openDatabase } from '../../../src-main/core/db/database';
import { markPending } from '../../../src-main/core/contacts/search-index';

/** When the contacts were saved: the day before the tests' clock starts. */
const SAVED_AT = '2026-11-01T09:00:00.000Z';
export const FIRST = ['Anna', 'Bo', 'Carl', 'Dorthe', 'Emil', 'Freja', 'Gustav', 'Hanne', 'Ida', 'Jens', 'Karen', 'Lars', 'Mette', 'Niels', 'Ole', 'Pia'];
const LAST = ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen'];
const NOTE = 'Kunde siden 2019. Foretrækker SMS om tirsdagen, gerne før kl. 10. Har spurgt til vinterdæk og ønsker besked, når de er på lager igen. ';

/**
 * A shop's database of `n` real-looking contacts with long notes: above 32 MiB for n = 90,000. Saved as an import
 * saves them (the search index catches up after the start), so it is built in about a second.
 */
export function bigDatabase(file: string, n: number): void {
  const db = openDatabase(file);
  const insert = db.prepare(
    `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, notes, sort_key, search_phone, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
    for (let i = 0; i < n; i++) {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
      const msisdn = 4521000000 + i;
      insert.run(first, last, `+${msisdn}`, msisdn, `${first}.${last}${i}@example.dk`.toLowerCase(), `${last} ApS`, `${NOTE}${NOTE}Nr. ${i}.`, `${first} ${last}`.toLowerCase(), String(msisdn), SAVED_AT, SAVED_AT);
    }
    markPending(db, 0, n);
    db.prepare('DELETE FROM contacts_fts_deferred').run();
  })();
  db.close();
}

