// Schema 20: the search index numbers contacts in name order (issue 30.1). Each contact gets name_bucket (a number
// that grows with its sort key, name-rank.ts) and the generated name_rank (bucket, then id), and the FTS5
// index is rebuilt with name_rank as its rowid, so a search reads its matches in (nearly) name order and stops after
// a page. A large directory's index is rebuilt by the step-wise catch-up (search-index.ts) after the start, every
// contact marked pending, instead of one statement holding its first start for many seconds.
import type { Migration } from '../migrations';
import { NAME_BUCKET_SQL, registerNameBucket } from '../../contacts/name-rank';

/** The search index's triggers (as in schema 2), with name_rank as the rowid; a name change moves the row. */
const TRIGGERS = `
  CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts
    WHEN NOT EXISTS (SELECT 1 FROM contacts_fts_deferred)
  BEGIN
    INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES (new.name_rank, new.first_name, new.last_name, new.email, new.company, new.search_phone, new.search_custom);
  END;
  CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts
    WHEN NOT EXISTS (SELECT 1 FROM contacts_fts_deferred)
      AND NOT EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE old.id > p.lo AND old.id <= p.hi)
  BEGIN
    INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES ('delete', old.name_rank, old.first_name, old.last_name, old.email, old.company, old.search_phone, old.search_custom);
  END;
  CREATE TRIGGER contacts_fts_update AFTER UPDATE OF first_name, last_name, email, company, search_phone, search_custom, name_bucket ON contacts
    WHEN NOT EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE old.id > p.lo AND old.id <= p.hi)
  BEGIN
    INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES ('delete', old.name_rank, old.first_name, old.last_name, old.email, old.company, old.search_phone, old.search_custom);
    INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES (new.name_rank, new.first_name, new.last_name, new.email, new.company, new.search_phone, new.search_custom);
  END;`;

/** Up to this many contacts are indexed by the migration itself (a fifth of a second); more catch up in steps. */
export const INDEX_AT_ONCE_AT_MOST = 20_000;

export const m020ContactsNameRank: Migration = {
  version: 20,
  name: 'contacts-name-rank',
  up(db) {
    registerNameBucket(db);
    // Filling the new column changes no contact: the other triggers on contacts (the automations' due index)
    // stand aside while it is filled, and come back as they were.
    const others = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'contacts' AND name NOT LIKE 'contacts_fts_%' ORDER BY name")
      .all() as { name: string; sql: string }[];
    for (const t of others) db.exec(`DROP TRIGGER "${t.name}"`);
    db.exec(`
      DROP TRIGGER contacts_fts_insert;
      DROP TRIGGER contacts_fts_delete;
      DROP TRIGGER contacts_fts_update;
      DROP TABLE contacts_fts;
      -- Written with the sort key by every writer (0 only for rows written outside Besked's code).
      ALTER TABLE contacts ADD COLUMN name_bucket INTEGER NOT NULL DEFAULT 0;
      UPDATE contacts SET name_bucket = ${NAME_BUCKET_SQL}(sort_key);
    `);
    for (const t of others) db.exec(t.sql);
    db.exec(`
      -- 2^26 = 67108864: ids below it keep ranks unique (name-rank.ts).
      ALTER TABLE contacts ADD COLUMN name_rank INTEGER GENERATED ALWAYS AS (name_bucket * 67108864 + id % 67108864) VIRTUAL;
      CREATE UNIQUE INDEX contacts_by_name_rank ON contacts (name_rank);
      -- Schema 18's id → sort_key index served the sorts of matches this replaces; every saved contact paid for it.
      DROP INDEX contacts_id_sort;
      -- The prefix indexes make a 1- to 6-letter prefix one doclist read in rowid order.
      CREATE VIRTUAL TABLE contacts_fts USING fts5(
        first_name, last_name, email, company, search_phone, search_custom,
        content = 'contacts', content_rowid = 'name_rank',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3 4 5 6'
      );
      ${TRIGGERS}
      DELETE FROM contacts_fts_pending;
    `);
    const count = (db.prepare('SELECT count(*) FROM contacts').pluck().get() as number);
    if (count <= INDEX_AT_ONCE_AT_MOST) {
      // In rank order: FTS5 writes out a segment whenever a rowid is not above the last one it took.
      db.exec(`INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
        SELECT name_rank, first_name, last_name, email, company, search_phone, search_custom FROM contacts ORDER BY name_rank`);
    } else {
      db.exec('INSERT INTO contacts_fts_pending (lo, hi) SELECT 0, max(id) FROM contacts');
    }
  },
};
