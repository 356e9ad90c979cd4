// Schema 17: a customer's data on request (issue 28): what an erasure keeps of a number is a keyed hash, never the
// number; the gateway's ids of erased inbound texts, so a poll that sees them again does not store (or answer) them
// anew; and the audit trail may have an erased number taken out of an entry's words, and nothing else, while an
// erasure runs.
import type { Migration } from '../migrations';

export const m017Privacy: Migration = {
  version: 17,
  name: 'privacy',
  up(db) {
    db.exec(`
      CREATE TABLE erased_numbers (
        -- HMAC-SHA256 (hex) of the number's digits with the database's own key (settings 'privacy.numberKey')
        hash TEXT PRIMARY KEY,
        -- 1 while the number had opted out when it was erased: it stays refused (contacts/consent.ts)
        opted_out INTEGER NOT NULL DEFAULT 0,
        erased_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE erased_inbound (
        gateway TEXT NOT NULL,
        mosms_id INTEGER NOT NULL,
        PRIMARY KEY (gateway, mosms_id)
      ) STRICT, WITHOUT ROWID;
      -- one row only inside an erasure's transaction: the one time an audit entry's words may change
      CREATE TABLE privacy_erasing (one INTEGER PRIMARY KEY CHECK (one = 1)) STRICT;
      DROP TRIGGER audit_log_no_update;
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        WHEN NOT EXISTS (SELECT 1 FROM privacy_erasing)
          OR new.id IS NOT old.id OR new.at IS NOT old.at OR new.user_id IS NOT old.user_id
          OR new.user_name IS NOT old.user_name OR new.role IS NOT old.role OR new.address IS NOT old.address
          OR new.action IS NOT old.action OR new.call IS NOT old.call OR new.outcome IS NOT old.outcome
      BEGIN SELECT RAISE(ABORT, 'the audit trail cannot be changed'); END;
    `);
  },
};
