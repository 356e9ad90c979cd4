// Schema 11: why a send chunk's recipients are uncertain, kept so that nothing the gateway accepted is ever marked
// failed or sent again: the recipients of an accepted chunk the answer did not account for, and the reason with its error code (so the campaign page says it in the shop
// owner's language), how many uncertain recipients a delivery report later confirmed, and ids to poll that settle them.
import type { Migration } from '../migrations';

export const m011ChunkAnswers: Migration = {
  version: 11,
  name: 'chunk-answers',
  up(db) {
    db.exec(`
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
