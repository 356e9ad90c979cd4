// Schema 22: an erasure's last steps survive a crash. An erasure commits its deletions in one transaction, then
// rewrites the search index and the file (optimize, VACUUM) and empties the write-ahead log (db/log-wipe.ts); until
// those are done, copies of the person's data are still in the file's free pages, the index's old segments and the
// log. Killed in between, Besked used to leave them there for good. The row written here inside the erasure's own
// transaction says those steps are owed; it is cleared once the log is empty, and the next start finishes what a
// crash cut short (privacy/erasure-finish.ts).
import type { Migration } from '../migrations';

export const m022ErasureToFinish: Migration = {
  version: 22,
  name: 'erasure-to-finish',
  up(db) {
    db.exec(`
      -- one row while an erasure's rewrite of the file and emptying of the log are owed; holds no personal data
      CREATE TABLE privacy_wipe_due (one INTEGER PRIMARY KEY CHECK (one = 1), erased_at TEXT NOT NULL) STRICT;
    `);
  },
};
