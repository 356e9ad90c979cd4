// Schema 9: why a campaign stopped, kept with its error code and parameters too, so the UI can say it in the shop
// owner's language instead of the core's English sentence.
import type { Migration } from '../migrations';

export const m009CodedLastError: Migration = {
  version: 9,
  name: 'coded-last-error',
  up(db) {
    db.exec(`
      -- JSON {"code", "params"} from src-shared/error-codes.ts for last_error; NULL when it has none.
      ALTER TABLE campaigns ADD COLUMN last_error_code TEXT;
    `);
  },
};
