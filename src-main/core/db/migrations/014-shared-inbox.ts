// Schema 14: the shared inbox of a Besked server (issue 21): who a conversation is assigned to, internal notes, and
// who wrote each reply; a keyword auto-reply's decision may now be 'assigned' (a colleague answers in person).
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

      -- SQLite cannot widen a CHECK in place: the decisions are copied into a table that also allows 'assigned'.
      CREATE TABLE auto_replies_14 (
        inbound_id INTEGER PRIMARY KEY,
        automation_id INTEGER,
        mode TEXT NOT NULL,
        msisdn INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN
          ('replied', 'no_rule', 'limited', 'opted_out', 'not_a_phone', 'loop', 'opt_out_word', 'too_old', 'assigned', 'failed')),
        campaign_id INTEGER,
        reason TEXT,
        at TEXT NOT NULL
      ) STRICT;
      INSERT INTO auto_replies_14 (inbound_id, automation_id, mode, msisdn, outcome, campaign_id, reason, at)
        SELECT inbound_id, automation_id, mode, msisdn, outcome, campaign_id, reason, at FROM auto_replies;
      DROP TABLE auto_replies;
      ALTER TABLE auto_replies_14 RENAME TO auto_replies;
      CREATE INDEX auto_replies_by_rule ON auto_replies (automation_id, msisdn, at);
    `);
  },
};
