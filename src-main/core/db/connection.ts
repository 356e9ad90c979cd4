// What every connection to Besked's database sets for itself (WAL is the file's, set once by database.ts): the core's
// own connection and a worker thread's (contacts/import/apply-worker.ts) behave alike. Kept apart from database.ts so
// a worker's bundle does not carry the migrations.
import type Database from 'better-sqlite3';
import { configureCheckpoints } from './checkpoints';

export function configureConnection(db: Database.Database): void {
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // NORMAL is durable in WAL mode across application crashes; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  // SQLite still checkpoints by itself past a backstop; a worker's large commit copies the log there, off the core.
  configureCheckpoints(db);
}
