// Schema 7: a send chunk carries its outcome for its recipients until it is settled onto their rows, so sending a
// chunk writes two small rows instead of rewriting a thousand recipient rows twice (see campaigns/recipients/settlement.ts).
import type { Migration } from '../migrations';

export const m007ChunkSettlement: Migration = {
  version: 7,
  name: 'chunk-settlement',
  up(db) {
    db.exec(`
      -- The recipient ids a chunk covers: the queued rows (chunk_id NULL) with ids from first_id to last_id when the
      -- chunk was made. settled = 0 while its outcome lives only here; chunks from before schema 7 are settled.
      ALTER TABLE send_chunks ADD COLUMN first_id INTEGER;
      ALTER TABLE send_chunks ADD COLUMN last_id INTEGER;
      ALTER TABLE send_chunks ADD COLUMN settled INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX send_chunks_unsettled ON send_chunks (campaign_id) WHERE settled = 0;

      -- When one chunk became several legacy messages (GSM-7 and UCS-2 groups), the recipient ids of each but the
      -- last, as a JSON array; NULL means "the rest of the chunk".
      ALTER TABLE gateway_messages ADD COLUMN recipient_ids TEXT;

      -- Frozen rows have no gateway id yet: an index of only the rows that have one costs nothing at freeze.
      DROP INDEX campaign_recipients_gateway;
      CREATE INDEX campaign_recipients_gateway ON campaign_recipients (gateway_id) WHERE gateway_id IS NOT NULL;
      -- Delivery counts group the rows that have a status; frozen and unsettled rows have none.
      CREATE INDEX campaign_recipients_status ON campaign_recipients (campaign_id, status) WHERE status IS NOT NULL;
    `);
  },
};
