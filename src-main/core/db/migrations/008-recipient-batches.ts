// Schema 8: a large legacy campaign's frozen recipients may wait as batches of JSON entries until they are written as
// rows, off the sending path (see campaigns/recipients/frozen-batches.ts).
import type { Migration } from '../migrations';

export const m008RecipientBatches: Migration = {
  version: 8,
  name: 'recipient-batches',
  up(db) {
    db.exec(`
      -- Recipient ids first_id..last_id of one campaign, frozen but not yet campaign_recipients rows. data is a JSON
      -- array of [msisdn, contact_id, name, tagvalues, parts, cost, ucs2] in id order. A batch is deleted in the
      -- transaction that writes its rows.
      CREATE TABLE recipient_batches (
        id INTEGER PRIMARY KEY,
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        first_id INTEGER NOT NULL,
        last_id INTEGER NOT NULL,
        size INTEGER NOT NULL,
        data TEXT NOT NULL
      ) STRICT;
      CREATE INDEX recipient_batches_campaign ON recipient_batches (campaign_id, first_id);
    `);
  },
};
