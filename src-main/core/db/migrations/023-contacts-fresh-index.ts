// Schema 23: an import's contacts are searchable the moment it commits (issue 30.5). The prefix indexes of the
// search index (contacts_fts, schema 20) cost 1.5–2 s for 100,000 contacts, so an import used to answer only after
// they were built. Now its save also writes the same columns into contacts_fts_fresh, a plain FTS5 index with the same
// tokenizer and no prefix indexes (a quarter of the cost), and marks its id range `fresh` in contacts_fts_pending.
// A search reads both (contact-store.ts, search-walk.ts) while the step-wise catch-up (search-index.ts) moves the
// contacts into the main index; a fresh contact's match counts only while its id is still in a fresh pending range,
// and the table is emptied when no fresh range is left. Its rowid is the contact's name_rank, as the search index's
// is (schema 20), so a search reads both in name order and stops after a page (search-walk.ts).
import type { Migration } from '../migrations';

/**
 * The triggers keep the fresh index current for contacts in a fresh range whatever changes them (an edit, the trash).
 * None for inserts: a new contact's id is above every range (ids are never reused), and the one writer that puts
 * contacts back under their old ids, the trash's undo, writes them to the fresh index itself (contact-trash.ts); a
 * trigger run for each of an import's 100,000 new rows cost 0.2 s (bench contacts.import100k).
 */
export const FRESH_TRIGGERS = `
  CREATE TRIGGER contacts_fts_fresh_delete AFTER DELETE ON contacts
    WHEN EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE p.fresh = 1 AND old.id > p.lo AND old.id <= p.hi)
  BEGIN
    INSERT INTO contacts_fts_fresh (contacts_fts_fresh, rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES ('delete', old.name_rank, old.first_name, old.last_name, old.email, old.company, old.search_phone, old.search_custom);
  END;
  CREATE TRIGGER contacts_fts_fresh_update AFTER UPDATE OF first_name, last_name, email, company, search_phone, search_custom, name_bucket ON contacts
    WHEN EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE p.fresh = 1 AND old.id > p.lo AND old.id <= p.hi)
  BEGIN
    INSERT INTO contacts_fts_fresh (contacts_fts_fresh, rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES ('delete', old.name_rank, old.first_name, old.last_name, old.email, old.company, old.search_phone, old.search_custom);
    INSERT INTO contacts_fts_fresh (rowid, first_name, last_name, email, company, search_phone, search_custom)
    VALUES (new.name_rank, new.first_name, new.last_name, new.email, new.company, new.search_phone, new.search_custom);
  END;`;

export const m023ContactsFreshIndex: Migration = {
  version: 23,
  name: 'contacts-fresh-index',
  up(db) {
    db.exec(`
      -- 1: the range's contacts are in contacts_fts_fresh until the catch-up moves them into contacts_fts.
      ALTER TABLE contacts_fts_pending ADD COLUMN fresh INTEGER NOT NULL DEFAULT 0 CHECK (fresh IN (0, 1));
      -- detail=none and columnsize=0: a search only asks which contacts have a word starting so (no phrases, no
      -- columns, no ranking), and this is the cheapest index FTS5 writes (0.34 s for 100,000 against 0.47 s plain).
      -- One prefix index, for one letter: "a" otherwise merges every word starting with a, 12 ms for 100,000
      -- (0.7 ms with it), on the core's thread while the catch-up takes CPU; it costs 0.06 s to write.
      CREATE VIRTUAL TABLE contacts_fts_fresh USING fts5(
        first_name, last_name, email, company, search_phone, search_custom,
        content = 'contacts', content_rowid = 'name_rank',
        tokenize = 'unicode61 remove_diacritics 2',
        detail = none, columnsize = 0, prefix = '1'
      );
      ${FRESH_TRIGGERS}
    `);
  },
};
