// Opens Besked's SQLite database: WAL, foreign keys, and the numbered migrations over PRAGMA user_version.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { BeskedError } from '../errors';
import { migrations, type Migration } from './migrations';
import { configureConnection } from './connection';

export type Db = Database.Database;

export interface OpenOptions {
  migrations?: readonly Migration[];
  /** Called with the open database before the first migration of an existing one runs (core/backup keeps a copy). */
  beforeMigrate?: (db: Db, version: number) => void;
}

export function openDatabase(file: string, opts: OpenOptions = {}): Db {
  const list = opts.migrations ?? migrations;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // Checked before any pragma writes, so a newer database is left byte for byte as it was.
    refuseNewer(db, list);
    db.pragma('journal_mode = WAL');
    configureConnection(db);
    const version = schemaVersion(db);
    // A new database (version 0) has nothing to lose; one at the latest version is not migrated.
    if (opts.beforeMigrate && version > 0 && version < list.length) opts.beforeMigrate(db, version);
    migrate(db, list);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies each migration above the database's version in its own transaction; refuses a newer database untouched. */
function refuseNewer(db: Db, list: readonly Migration[]): void {
  const known = list.length ? list[list.length - 1]!.version : 0;
  const current = schemaVersion(db);
  if (current > known) {
    throw new BeskedError(
      'conflict',
      `This data folder was written by a newer version of Besked (database version ${current}; this version knows up to ${known}). ` +
        'Install the newer Besked to open it. Nothing was changed.',
    );
  }
}

export function migrate(db: Db, list: readonly Migration[]): void {
  list.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  refuseNewer(db, list);
  const current = schemaVersion(db);
  for (const m of list) {
    if (m.version <= current) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
