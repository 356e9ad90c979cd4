// The yardstick for the contacts import (issue 30.5): the same file imported naively from its parts, with nothing of
// Besked around them — decoded, parsed by papaparse in one go, each number read by libphonenumber-js, and inserted
// with better-sqlite3 into one table plus an FTS5 index over its text, all in one transaction. No preview, no
// staging, no merge rules, no yielding: what the work costs when nothing else matters.
import Database from 'better-sqlite3';
import Papa from 'papaparse';
import { parsePhoneNumberWithError } from 'libphonenumber-js';

export interface NaiveResult {
  seconds: number;
  rows: number;
}

/**
 * The search index the naive import builds: 'plain', FTS5's defaults (the yardstick issue 30.5 names); or 'prefix',
 * the tokenizer and prefix indexes Besked's own search index has (1- to 6-letter prefixes, migration 020), which its
 * search at 1,000,000 needs (issue 30.1): what the same parts cost with the index Besked must build.
 */
export type NaiveIndex = 'plain' | 'prefix';

export function naiveImport(bytes: Buffer, path: string, searchIndex: NaiveIndex = 'plain'): NaiveResult {
  const start = performance.now();
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE contacts (
        id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, e164 TEXT, email TEXT, company TEXT,
        city TEXT, postcode TEXT, customer_no TEXT, birthday TEXT, note TEXT
      );
      CREATE VIRTUAL TABLE contacts_fts USING fts5(
        first_name, last_name, e164, email, company, city, postcode, customer_no, birthday, note,
        content = 'contacts', content_rowid = 'id'${searchIndex === 'prefix' ? ", tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6'" : ''}
      );
    `);
    const text = new TextDecoder('windows-1252').decode(bytes);
    const { data } = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true });
    const insert = db.prepare('INSERT INTO contacts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const index = db.prepare('INSERT INTO contacts_fts (rowid, first_name, last_name, e164, email, company, city, postcode, customer_no, birthday, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    let rows = 0;
    db.transaction(() => {
      for (let i = 1; i < data.length; i++) {
        const [first, last, phone, email, company, city, postcode, customerNo, birthday, note] = data[i]!;
        const e164 = parsePhoneNumberWithError(phone!, 'DK').number;
        insert.run(i, first, last, e164, email, company, city, postcode, customerNo, birthday, note);
        index.run(i, first, last, e164, email, company, city, postcode, customerNo, birthday, note);
        rows++;
      }
    })();
    return { seconds: (performance.now() - start) / 1000, rows };
  } finally {
    db.close();
  }
}
