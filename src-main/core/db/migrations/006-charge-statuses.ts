// Schema 6: the charge status of overcharged SMS as the delivery callbacks report it, for refunds. Charged messages
// usually come from the shop's other systems on the same account, so the rows are keyed by the gateway's message id,
// not by a Besked campaign.
import type { Migration } from '../migrations';

export const m006ChargeStatuses: Migration = {
  version: 6,
  name: 'charge-statuses',
  up(db) {
    db.exec(`
      -- One row per charged message and recipient in a mode (gateway ids are numbered per gateway, like
      -- account_refunds). The callback with the latest status time wins, so a late, older report cannot undo a newer one.
      CREATE TABLE charge_statuses (
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        mtsms_id INTEGER NOT NULL,
        -- digits only, as in account_refunds
        msisdn TEXT NOT NULL,
        charge_status TEXT NOT NULL,
        -- the callback's own time of the status event, ISO
        status_at TEXT NOT NULL,
        -- when Besked received it, ISO
        seen_at TEXT NOT NULL,
        PRIMARY KEY (mode, mtsms_id, msisdn)
      ) STRICT;
    `);
  },
};
