// Schema 14: the shared inbox of a Besked server (issue 21): who a conversation is assigned to, internal notes, and
// who wrote each reply.
import type { Migration } from '../migrations';

export const m014SharedInbox: Migration = {
  version: 14,
  name: 'shared-inbox',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_assignments (
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        msisdn INTEGER NOT NULL,
        user_id INTEGER NOT NULL REFERENCES team_users (id),
        assigned_by TEXT NOT NULL,
        assigned_at TEXT NOT NULL,
        PRIMARY KEY (mode, msisdn)
      ) STRICT;

      CREATE TABLE conversation_notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        msisdn INTEGER NOT NULL,
        user_id INTEGER,
        -- the author's name at the time (kept after removal)
        author TEXT NOT NULL,
        text TEXT NOT NULL,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX conversation_notes_thread ON conversation_notes (mode, msisdn, at);

      -- who wrote a campaign or a reply (NULL: this PC without accounts, or an automation)
      ALTER TABLE campaigns ADD COLUMN author_id INTEGER;
      ALTER TABLE campaigns ADD COLUMN author_name TEXT;
    `);
  },
};
