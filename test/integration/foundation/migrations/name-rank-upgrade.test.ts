// Schema 20 (the search index in name order) on a directory too large to index inside the migration: every contact
// gets its name bucket, the old index goes, and the step-wise catch-up rebuilds it with name_rank rowids, after which
// search pages are in name order. (Small directories are indexed by the migration itself: views.test.ts searches them.)
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../../src-main/core/db/database';
import { migrations } from '../../../../src-main/core/db/migrations';
import { INDEX_AT_ONCE_AT_MOST, m020ContactsNameRank } from '../../../../src-main/core/db/migrations/020-contacts-name-rank';
import { toColumns } from '../../../../src-main/core/contacts/contact-columns';
import { nameBucket } from '../../../../src-main/core/contacts/name-rank';
import { SearchIndexUpkeep } from '../../../../src-main/core/contacts/search-index';
import { ContactStore } from '../../../../src-main/core/contacts/contact-store';
import { createLogger } from '../../../../src-main/core/log';

const BEFORE = m020ContactsNameRank.version - 1;
const FIRST = ['Christian', 'Anne', 'Åse', 'Maria', 'Kirsten', 'Zoë', ''];
const LAST = ['Hansen', 'Holm', 'Østergård', 'Andersen', ''];

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('schema 20 on a large directory', () => {
  it('marks every contact for the catch-up, which indexes them by name rank', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-name-rank-'));
    const file = join(dir, 'besked.db');
    const rows = INDEX_AT_ONCE_AT_MOST + 500;
    const old = openDatabase(file, { migrations: migrations.slice(0, BEFORE) });
    const insert = old.prepare(
      `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, search_phone, search_custom, created_at, updated_at)
       VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @search_phone, @search_custom, 'then', 'then')`,
    );
    old.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const national = String(20_000_000 + i);
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
        insert.run(toColumns({ e164: `+45${national}`, msisdn: Number(`45${national}`), national }, { firstName: first, lastName: last, email: '', company: '', notes: '', custom: {} }));
      }
    })();
    old.close();

    const db = openDatabase(file);
    try {
      expect(db.prepare('SELECT lo, hi FROM contacts_fts_pending').all()).toEqual([{ lo: 0, hi: rows }]);
      const stored = db.prepare('SELECT sort_key, name_bucket FROM contacts').all() as { sort_key: string; name_bucket: number }[];
      expect(stored.filter((r) => r.name_bucket !== nameBucket(r.sort_key))).toEqual([]);
      expect(db.prepare("SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH 'hansen'").pluck().get()).toBe(0);

      await new SearchIndexUpkeep(db, createLogger({})).catchUp();
      db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)").run();
      const store = new ContactStore(db);
      for (const q of ['christian', 'hansen', 'a', 'ø', '2000', 'zo']) {
        const ref = db
          .prepare(`SELECT id FROM contacts c WHERE c.name_rank IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?) ORDER BY sort_key, id`)
          .pluck()
          .all(`"${q}"*`) as number[];
        expect(ref.length, q).toBeGreaterThan(0);
        expect(store.list({ search: q }, 'name', 0, 100).rows.map((r) => r.id), q).toEqual(ref.slice(0, 100));
        expect(store.list({ search: q }, 'name', 250, 30).rows.map((r) => r.id), q).toEqual(ref.slice(250, 280));
      }
    } finally {
      db.close();
    }
  }, 120_000);
});
