import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, schemaVersion } from '../../../src-main/core/db/database';
import { migrations, type Migration } from '../../../src-main/core/db/migrations';
import { BeskedError } from '../../../src-main/core/errors';
import { checkpointWhileIdle, WAL_BACKSTOP_PAGES } from '../../../src-main/core/db/checkpoints';
import { statSync } from 'node:fs';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'besked-db-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the database', () => {
  it('opens with WAL and foreign keys and the latest schema', () => {
    const db = openDatabase(join(tmp(), 'b.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBe(migrations.length);
    db.close();
  });

  it('migrates an older database forward, keeping its data', () => {
    const file = join(tmp(), 'b.db');
    const v1: Migration[] = [{ version: 1, name: 'a', up: (db) => db.exec('CREATE TABLE t (x INTEGER)') }];
    const v2: Migration[] = [...v1, { version: 2, name: 'b', up: (db) => db.exec('ALTER TABLE t ADD COLUMN y TEXT') }];
    const old = openDatabase(file, { migrations: v1 });
    old.prepare('INSERT INTO t (x) VALUES (7)').run();
    old.close();
    const db = openDatabase(file, { migrations: v2 });
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare('SELECT x, y FROM t').get()).toEqual({ x: 7, y: null });
    db.close();
  });

  it('rolls back a failing migration whole', () => {
    const file = join(tmp(), 'b.db');
    const bad: Migration[] = [
      {
        version: 1,
        name: 'half',
        up: (db) => {
          db.exec('CREATE TABLE t (x INTEGER)');
          throw new Error('boom');
        },
      },
    ];
    expect(() => openDatabase(file, { migrations: bad })).toThrow('boom');
    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(0);
    expect(raw.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 't'").get()).toEqual({ n: 0 });
    raw.close();
  });

  it('refuses a database from a newer version with a clear message and leaves it untouched', () => {
    const file = join(tmp(), 'b.db');
    openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma('journal_mode = DELETE');
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    const before = readFileSync(file);
    let error: unknown;
    try {
      openDatabase(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(BeskedError);
    expect((error as BeskedError).message).toMatch(/newer version of Besked/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('leaves a large commit in the log until Besked is idle, then copies it into the file', () => {
    const file = join(tmp(), 'b.db');
    const db = openDatabase(file);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_BACKSTOP_PAGES);
    db.exec('CREATE TABLE big (x BLOB)');
    checkpointWhileIdle(db);
    const before = statSync(file).size;
    // 6 MB in one commit: past SQLite's own threshold of 1,000 pages, below the backstop.
    db.prepare('INSERT INTO big VALUES (?)').run(Buffer.alloc(6 << 20, 7));
    expect(statSync(file).size).toBe(before);
    expect(checkpointWhileIdle(db)).toBeGreaterThan(1_500);
    expect(statSync(file).size).toBeGreaterThan(6 << 20);
    db.close();
  });
});

