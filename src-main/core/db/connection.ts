// What every connection to Besked's database sets for itself (WAL is the file's, set once by database.ts): the core's
// own connection and a worker thread's (contacts/import/apply-worker.ts) behave alike. Kept apart from database.ts so
// a worker's bundle does not carry the migrations.
import type Database from 'better-sqlite3';
import { configureCheckpoints } from './checkpoints';

export function configureConnection(db: Database.Database): void {
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  immediateTransactions(db);
  // NORMAL is durable in WAL mode across application crashes; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  // SQLite still checkpoints by itself past a backstop; a worker's large commit copies the log there, off the core.
  configureCheckpoints(db);
}

/**
 * Every `db.transaction(fn)` of this connection begins IMMEDIATE (takes the write lock at its start) rather than
 * DEFERRED. Two connections write to the database (the core's, and an import's worker thread while it saves and
 * indexes), and a deferred transaction that reads before its first write cannot wait for a lock the other holds:
 * SQLite answers "database is locked" at once, without its busy handler (to avoid a deadlock), so a colleague's
 * write during an import failed (48 of them during one save of 40,000 in test/integration/contacts/
 * import-index-thread.test.ts). Begun IMMEDIATE, it waits for the lock like any single write. `.deferred` stays
 * available to a transaction that only reads.
 */
function immediateTransactions(db: Database.Database): void {
  const transaction = db.transaction.bind(db);
  // better-sqlite3 gives each of a transaction's variants the others as properties (.deferred, .exclusive…).
  db.transaction = (<F extends (...args: never[]) => unknown>(fn: F) => transaction(fn).immediate) as typeof db.transaction;
}
