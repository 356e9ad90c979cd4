// Schema 11: what a send chunk's answer said and why its recipients are uncertain, kept so that nothing the gateway
// accepted is ever marked failed or sent again: the raw answer as it arrived, the recipients of an accepted chunk
// the answer did not account for, and the reason with its error code (so the campaign page says it in the shop
// owner's language), how many uncertain recipients a delivery report later confirmed, and ids to poll that settle them.
import type { Migration } from '../migrations';

export const m011ChunkAnswers: Migration = {
  version: 11,
  name: 'chunk-answers',
  up(db) {
    db.exec(`
      -- The gateway's 2xx answer to the chunk's request, as it arrived (JSON); NULL while none was recorded.
      ALTER TABLE send_chunks ADD COLUMN answer TEXT;
      -- An accepted chunk's recipients that the answer did not account for (JSON array of recipient ids): uncertain.
      ALTER TABLE send_chunks ADD COLUMN uncertain_ids TEXT;
      -- JSON {"code", "params"} from src-shared/error-codes.ts for error; NULL when it has none.
      ALTER TABLE send_chunks ADD COLUMN error_code TEXT;
      -- How many of a chunk's uncertain recipients a delivery report has since confirmed (they are accepted now).
      ALTER TABLE send_chunks ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 0;
      -- An id from an answer that did not say which recipients it holds: polling it settles them (status-store.ts).
      ALTER TABLE gateway_messages ADD COLUMN probe INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
