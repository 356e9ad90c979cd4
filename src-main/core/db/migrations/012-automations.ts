// Schema 12: automations (issue 20). The rules as the user set them, the at-most-once record of every
// (automation, occurrence, recipient), each date-field automation's next occurrence per contact (so finding what is
// due reads an index instead of 100,000 contacts' fields), the welcome queue a trigger fills when a contact joins a
// group, and one decision per inbound message for keyword auto-replies.
import type { Migration } from '../migrations';

export const m012Automations: Migration = {
  version: 12,
  name: 'automations',
  up(db) {
    db.exec(`
      CREATE TABLE automations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('recurring', 'date_field', 'keyword', 'welcome')),
        name TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'paused')),
        -- JSON AutomationDraft (src-shared/contract/automations.ts): name, time zone, spec and message
        draft TEXT NOT NULL,
        -- for the welcome trigger: the group whose new members get the text (NULL for other kinds)
        group_id INTEGER,
        -- bumped on every edit: occurrences planned under an older revision are planned again
        revision INTEGER NOT NULL DEFAULT 1,
        -- when last switched on (UTC ISO): occurrences before it are not owed
        activated_at TEXT,
        -- the end of the span the runner has looked at (UTC ISO): occurrences up to it are recorded
        scanned_to TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      -- The at-most-once record: written before the run's campaign is frozen, one row per (automation,
      -- occurrence, contact); contact_id 0 is a whole run (a recurring campaign's occurrence).
      CREATE TABLE automation_occurrences (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        automation_id INTEGER NOT NULL,
        -- the occurrence: its UTC ISO instant (recurring), or the contact's date it comes from (date-field: ISO
        -- instant of the occurrence), or 'welcome'
        occurrence TEXT NOT NULL,
        contact_id INTEGER NOT NULL DEFAULT 0,
        due_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN
          ('planned', 'handed_over', 'sending', 'sent', 'failed', 'held', 'missed', 'withdrawn', 'withdrawing', 'not_withdrawn', 'skipped')),
        campaign_id INTEGER,
        recipients INTEGER NOT NULL DEFAULT 0,
        reason TEXT,
        -- JSON {"code", "params"} (src-shared/error-codes.ts)
        reason_code TEXT,
        revision INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (automation_id, occurrence, contact_id)
      ) STRICT;
      CREATE INDEX automation_occurrences_by_campaign ON automation_occurrences (campaign_id) WHERE campaign_id IS NOT NULL;
      CREATE INDEX automation_occurrences_by_contact ON automation_occurrences (contact_id, state) WHERE contact_id <> 0;
      CREATE INDEX automation_occurrences_by_state ON automation_occurrences (state, due_at);

      -- Each active date-field automation's next occurrence per contact, kept when contacts or the rule change.
      CREATE TABLE automation_due (
        automation_id INTEGER NOT NULL,
        contact_id INTEGER NOT NULL,
        due_at TEXT NOT NULL,
        occurrence TEXT NOT NULL,
        PRIMARY KEY (automation_id, contact_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX automation_due_by_time ON automation_due (due_at);
      -- One rule's rows due by a time: what the runner reads for each date-field automation.
      CREATE INDEX automation_due_by_rule ON automation_due (automation_id, due_at);

      -- Contacts whose date-field occurrences must be worked out again (they came or went, changed, joined or left a
      -- group, opted out or in) while a date-field automation is on: on contacts.changed the due index reads only these.
      CREATE TABLE automation_due_dirty (contact_id INTEGER PRIMARY KEY) STRICT;
      CREATE TRIGGER automation_due_contact_added AFTER INSERT ON contacts
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) VALUES (new.id); END;
      CREATE TRIGGER automation_due_contact_changed AFTER UPDATE ON contacts
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) VALUES (new.id); END;
      CREATE TRIGGER automation_due_contact_gone AFTER DELETE ON contacts
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) VALUES (old.id); END;
      CREATE TRIGGER automation_due_member_added AFTER INSERT ON contact_group_members
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) VALUES (new.contact_id); END;
      CREATE TRIGGER automation_due_member_gone AFTER DELETE ON contact_group_members
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) VALUES (old.contact_id); END;
      -- An opt-out or opt-in: the runner withdraws or skips the contact's run, and its occurrence is worked out anew.
      CREATE TRIGGER automation_due_opted_out AFTER INSERT ON opt_outs
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) SELECT id FROM contacts WHERE msisdn = new.msisdn; END;
      CREATE TRIGGER automation_due_opted_in AFTER DELETE ON opt_outs
      WHEN EXISTS (SELECT 1 FROM automations WHERE kind = 'date_field' AND state = 'active')
      BEGIN INSERT OR IGNORE INTO automation_due_dirty (contact_id) SELECT id FROM contacts WHERE msisdn = old.msisdn; END;

      -- Contacts who joined a welcome automation's group and have not been handled yet. The trigger catches every
      -- way of joining (import, by hand, a keyword rule) in the same transaction as the join.
      CREATE TABLE automation_welcome_queue (
        automation_id INTEGER NOT NULL,
        contact_id INTEGER NOT NULL,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (automation_id, contact_id)
      ) STRICT, WITHOUT ROWID;
      CREATE TRIGGER automation_welcome_join AFTER INSERT ON contact_group_members
      BEGIN
        INSERT OR IGNORE INTO automation_welcome_queue (automation_id, contact_id, joined_at)
        SELECT a.id, new.contact_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        FROM automations a
        WHERE a.kind = 'welcome' AND a.state = 'active' AND a.group_id = new.group_id;
      END;

      -- One decision per inbound message (at most one auto-reply to it), whatever the decision was.
      CREATE TABLE auto_replies (
        inbound_id INTEGER PRIMARY KEY,
        automation_id INTEGER,
        mode TEXT NOT NULL,
        msisdn INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN
          ('replied', 'no_rule', 'limited', 'opted_out', 'not_a_phone', 'loop', 'opt_out_word', 'too_old', 'failed')),
        campaign_id INTEGER,
        reason TEXT,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX auto_replies_by_rule ON auto_replies (automation_id, msisdn, at);

      -- Which automation a campaign (a run or an auto-reply) came from.
      ALTER TABLE campaigns ADD COLUMN automation_id INTEGER;
      CREATE INDEX campaigns_by_automation ON campaigns (automation_id) WHERE automation_id IS NOT NULL;
    `);
  },
};
