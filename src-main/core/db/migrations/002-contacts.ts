// Schema 2: contacts with an FTS5 search index, groups, opt-outs with their consent log, custom merge fields,
// remembered import mappings and the undo trash for deleted contacts.
import type { Migration } from '../migrations';

export const m002Contacts: Migration = {
  version: 2,
  name: 'contacts',
  up(db) {
    db.exec(`
      -- AUTOINCREMENT so a deleted contact's id is never reused: undo can put it back under the same id.
      CREATE TABLE contacts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        e164 TEXT NOT NULL,
        -- One phone number belongs to one contact.
        msisdn INTEGER NOT NULL UNIQUE,
        email TEXT NOT NULL DEFAULT '',
        company TEXT NOT NULL DEFAULT '',
        custom TEXT NOT NULL DEFAULT '{}',
        notes TEXT NOT NULL DEFAULT '',
        -- Derived on write: the name in Danish alphabetical order, and the search texts below.
        sort_key TEXT NOT NULL,
        search_phone TEXT NOT NULL,
        search_custom TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX contacts_by_sort_key ON contacts (sort_key, id);

      CREATE VIRTUAL TABLE contacts_fts USING fts5(
        first_name, last_name, email, company, search_phone, search_custom,
        content = 'contacts', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3 4 5 6'
      );
      -- A bulk write indexes its rows in one statement (several times faster than row by row); while this
      -- table has its row, the row triggers stand aside.
      CREATE TABLE contacts_fts_deferred (one INTEGER PRIMARY KEY CHECK (one = 1)) STRICT;
      -- Contacts an import has saved but the search index does not hold yet: ids in (lo, hi]. The index
      -- catches up in small steps after the import commits (and at start, if Besked stopped meanwhile),
      -- so saving 100,000 contacts does not hold the core for the seconds indexing takes. The triggers
      -- leave these rows alone: the catch-up indexes whatever they hold when it gets to them.
      CREATE TABLE contacts_fts_pending (
        lo INTEGER NOT NULL,
        hi INTEGER NOT NULL CHECK (hi > lo)
      ) STRICT;
      CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts
        WHEN NOT EXISTS (SELECT 1 FROM contacts_fts_deferred)
      BEGIN
        INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
        VALUES (new.id, new.first_name, new.last_name, new.email, new.company, new.search_phone, new.search_custom);
      END;
      CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts
        WHEN NOT EXISTS (SELECT 1 FROM contacts_fts_deferred)
          AND NOT EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE old.id > p.lo AND old.id <= p.hi)
      BEGIN
        INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company, search_phone, search_custom)
        VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company, old.search_phone, old.search_custom);
      END;
      CREATE TRIGGER contacts_fts_update AFTER UPDATE OF first_name, last_name, email, company, search_phone, search_custom ON contacts
        WHEN NOT EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE old.id > p.lo AND old.id <= p.hi)
      BEGIN
        INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company, search_phone, search_custom)
        VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company, old.search_phone, old.search_custom);
        INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
        VALUES (new.id, new.first_name, new.last_name, new.email, new.company, new.search_phone, new.search_custom);
      END;

      CREATE TABLE contact_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE contact_group_members (
        group_id INTEGER NOT NULL REFERENCES contact_groups (id) ON DELETE CASCADE,
        contact_id INTEGER NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, contact_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX contact_group_members_by_contact ON contact_group_members (contact_id, group_id);

      -- Opt-outs are by number, not by contact: a STOP from a number that is no contact still counts,
      -- and deleting a contact does not make its number reachable again.
      CREATE TABLE opt_outs (
        msisdn INTEGER PRIMARY KEY,
        source TEXT NOT NULL CHECK (source IN ('manual', 'keyword', 'import')),
        by TEXT NOT NULL,
        at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE consent_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        msisdn INTEGER NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('opt_in', 'opt_out')),
        source TEXT NOT NULL CHECK (source IN ('manual', 'keyword', 'import')),
        by TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX consent_log_by_msisdn ON consent_log (msisdn, id);

      -- Custom fields ever used, with the label shown to the user; each is a merge field {key}.
      CREATE TABLE contact_fields (
        key TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      -- The column mapping last used for a file with a given header row.
      CREATE TABLE contact_import_mappings (
        signature TEXT PRIMARY KEY,
        mapping TEXT NOT NULL,
        saved_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE contact_prefs (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      -- Deleted contacts with their groups, until the undo window passes.
      CREATE TABLE contact_trash (
        token TEXT NOT NULL,
        contact_id INTEGER NOT NULL,
        data TEXT NOT NULL,
        deleted_at TEXT NOT NULL,
        PRIMARY KEY (token, contact_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX contact_trash_by_time ON contact_trash (deleted_at);
    `);
  },
};
