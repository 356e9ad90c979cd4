// Schema 19: an automation's history is append-only (issue 27.5). automation_occurrences stays the at-most-once
// record of each run and its state now; every state a run reaches is also appended to automation_history, by
// triggers, so no writer (the runner, withdrawals, a restore from a backup) can move a run on without leaving an
// entry, and an entry is never changed. `cause` on the occurrence says why its latest move happened (paused, edited,
// opted out …), for the entry that move appends. Rows recorded before this schema become one entry each.
import type { Migration } from '../migrations';

/** The states a user reads as something that happened; 'planned' and 'withdrawing' are the runner's own steps. */
const RECORDED = "('handed_over', 'sending', 'sent', 'failed', 'held', 'missed', 'withdrawn', 'not_withdrawn', 'skipped')";

export const m019AutomationHistory: Migration = {
  version: 19,
  name: 'automation-history',
  up(db) {
    db.exec(`
      ALTER TABLE automation_occurrences ADD COLUMN cause TEXT;

      CREATE TABLE automation_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        occurrence_id INTEGER NOT NULL,
        automation_id INTEGER NOT NULL,
        -- when it happened, on the core's clock for the mode (the occurrence's updated_at of that move)
        at TEXT NOT NULL,
        state TEXT NOT NULL,
        -- the run's own time and campaign as they were then (a run handed over again gets a new campaign)
        due_at TEXT NOT NULL,
        campaign_id INTEGER,
        -- how many texts the entry is about (a whole run's recipients, 1 for one contact's)
        recipients INTEGER NOT NULL,
        -- why: paused, edited, deleted, resumed, opted_out, contact_deleted, date_changed (null: the run's own course)
        cause TEXT,
        reason TEXT,
        reason_code TEXT,
        -- handed to the gateway again after a withdrawal
        again INTEGER NOT NULL DEFAULT 0,
        -- one recipient of a whole run (withdrawn for an opt-out); null: the occurrence's own contact
        contact_id INTEGER
      ) STRICT;
      CREATE INDEX automation_history_by_automation ON automation_history (automation_id, id);
      CREATE INDEX automation_history_by_occurrence ON automation_history (occurrence_id, state);

      INSERT INTO automation_history (id, occurrence_id, automation_id, at, state, due_at, campaign_id, recipients, reason, reason_code)
        SELECT id, id, automation_id, updated_at,
               -- A withdrawal still waiting for the gateway's answer: handed over until then (its outcome is appended).
               CASE state WHEN 'withdrawing' THEN 'handed_over' ELSE state END,
               due_at, campaign_id, recipients, reason, reason_code
        -- A planned run gets its first entry when it is sent, as one planned from now on does.
        FROM automation_occurrences WHERE state <> 'planned' ORDER BY id;

      CREATE TRIGGER automation_history_recorded AFTER INSERT ON automation_occurrences
      WHEN NEW.state IN ${RECORDED}
      BEGIN
        INSERT INTO automation_history (occurrence_id, automation_id, at, state, due_at, campaign_id, recipients, cause, reason, reason_code)
        VALUES (NEW.id, NEW.automation_id, NEW.updated_at, NEW.state, NEW.due_at, NEW.campaign_id, NEW.recipients, NEW.cause, NEW.reason, NEW.reason_code);
      END;

      CREATE TRIGGER automation_history_moved AFTER UPDATE OF state ON automation_occurrences
      WHEN NEW.state IS NOT OLD.state AND NEW.state IN ${RECORDED}
      BEGIN
        INSERT INTO automation_history (occurrence_id, automation_id, at, state, due_at, campaign_id, recipients, cause, reason, reason_code, again)
        VALUES (
          NEW.id, NEW.automation_id, NEW.updated_at, NEW.state, NEW.due_at, NEW.campaign_id, NEW.recipients,
          -- A hand-over after a withdrawal says what it follows: resumed after a pause, or the edit, or the contact's change.
          CASE WHEN NEW.state = 'handed_over' AND NEW.cause IS NULL
               THEN (SELECT CASE h.cause WHEN 'paused' THEN 'resumed' ELSE h.cause END FROM automation_history h
                     WHERE h.occurrence_id = NEW.id AND h.state = 'withdrawn' ORDER BY h.id DESC LIMIT 1)
               ELSE NEW.cause END,
          -- A reason kept from an earlier state (a held run sent later) is not this move's.
          CASE WHEN NEW.reason IS OLD.reason THEN NULL ELSE NEW.reason END,
          CASE WHEN NEW.reason_code IS OLD.reason_code THEN NULL ELSE NEW.reason_code END,
          NEW.state = 'handed_over' AND EXISTS (SELECT 1 FROM automation_history h WHERE h.occurrence_id = NEW.id AND h.state = 'withdrawn')
        );
      END;

      CREATE TRIGGER automation_history_unchangeable BEFORE UPDATE ON automation_history
      BEGIN SELECT RAISE(ABORT, 'automation history is append-only: an entry cannot be changed'); END;
    `);
  },
};
