// Emptying the write-ahead log after an erasure (src-main/core/db/log-wipe.ts): a reader on another connection is
// waited out between tries, not inside SQLite's busy handler; one that holds on past the call's tries is waited for in
// the background, and the log is emptied once it lets go.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { LogWiper, wipeLog } from '../../../src-main/core/db/log-wipe';

const dirs: string[] = [];
const open: { close(): void }[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A database with a commit in its log and a reader on another connection holding the snapshot before it. */
function heldLog(): { db: Db; wal: string; reader: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'besked-logwipe-'));
  dirs.push(dir);
  const file = join(dir, 'besked.db');
  const db = openDatabase(file);
  open.push(db);
  db.exec('CREATE TABLE words (w TEXT)');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const reader = new Database(file, { readonly: true });
  open.push(reader);
  reader.exec('BEGIN');
  reader.prepare('SELECT COUNT(*) FROM words').get();
  db.prepare('INSERT INTO words VALUES (?)').run('Quistgaardsen');
  return { db, wal: `${file}-wal`, reader };
}

const walSize = (wal: string) => (existsSync(wal) ? statSync(wal).size : 0);

describe('wiping the log', () => {
  it('gives up for now without waiting in the busy handler while a reader holds an older snapshot, and empties it once the reader is gone', async () => {
    const { db, wal, reader } = heldLog();
    expect(walSize(wal)).toBeGreaterThan(0);
    const timeout = db.pragma('busy_timeout', { simple: true });
    // Three tries 10 ms apart: with the busy handler's 5 s per try this would take 15 s.
    const started = process.hrtime.bigint();
    expect(await wipeLog(db, { tries: 3, pauseMs: 10 })).toBe(false);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2_000);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(timeout);
    expect(walSize(wal)).toBeGreaterThan(0);
    reader.exec('COMMIT');
    expect(await wipeLog(db, { tries: 3, pauseMs: 10 })).toBe(true);
    expect(walSize(wal)).toBe(0);
  });

  it('ends without an error when the database closes while it waits for a reader', async () => {
    const { db, reader } = heldLog();
    const wiping = wipeLog(db, { tries: 50, pauseMs: 10 });
    await new Promise((r) => setTimeout(r, 30));
    db.close();
    expect(await wiping).toBe(false);
    reader.exec('COMMIT');
  });

  it('counts a checkpoint that fails as not yet done, in the call and in the background, never rejecting', async () => {
    const { db, reader } = heldLog();
    const real = db.pragma.bind(db);
    let failing = true;
    // As a disk error would: the checkpoint itself throws.
    db.pragma = ((source: string, o?: { simple?: boolean }) => {
      if (failing && source.startsWith('wal_checkpoint')) throw new Error('disk I/O error');
      return real(source, o);
    }) as typeof db.pragma;
    reader.exec('COMMIT');
    const told: boolean[] = [];
    const failed: unknown[] = [];
    const wiper = new LogWiper(db, (emptied) => told.push(emptied), { tries: 2, pauseMs: 5, retryMs: 20 }, (err) => failed.push(err));
    expect(await wiper.wipe()).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    failing = false;
    for (let i = 0; i < 100 && told.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(told).toEqual([false, true]);
    wiper.stop();
  });

  it('keeps trying in the background after the call, says when it is done, and stops with the core', async () => {
    const { db, wal, reader } = heldLog();
    const told: boolean[] = [];
    const wiper = new LogWiper(db, (emptied) => told.push(emptied), { tries: 2, pauseMs: 5, retryMs: 30 });
    expect(await wiper.wipe()).toBe(false);
    expect(told).toEqual([false]);
    await new Promise((r) => setTimeout(r, 150));
    expect(told).toEqual([false]);
    reader.exec('COMMIT');
    for (let i = 0; i < 200 && told.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(told).toEqual([false, true]);
    expect(walSize(wal)).toBe(0);

    // Stopped, it tries no more: a reader holding on again leaves the log as it is.
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM words').get();
    db.prepare('INSERT INTO words VALUES (?)').run('Xeniabeth');
    expect(await wiper.wipe()).toBe(false);
    wiper.stop();
    reader.exec('COMMIT');
    await new Promise((r) => setTimeout(r, 120));
    expect(told).toEqual([false, true, false]);
    expect(walSize(wal)).toBeGreaterThan(0);
  });
});
