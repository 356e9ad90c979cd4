// A backup never holds up the core's event loop (issue 28's campaign_ratio): the copy and its check run on the
// backup's thread with a read connection of their own, so a backup is written while the core's thread is busy, and
// it is a consistent copy even while the core goes on committing.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../src-main/core/db/database';
import { writeBackup } from '../../../src-main/core/backup/backup-file';
import { backupFileName } from '../../../src-main/core/backup/backup-manifest';
import { makePrivateDir } from '../../../src-main/core/private-folder';
import { removeTempDirs, tempDir, T0 } from './helpers';

afterEach(() => removeTempDirs());

function seeded(dataDir: string) {
  const db = openDatabase(join(dataDir, 'besked.db'));
  const put = db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) put.run(`pad-${i}`, 'x'.repeat(2000));
  })();
  return db;
}

describe('a backup of the running database', () => {
  it('is written and renamed into place while the core’s thread is busy and never turns its event loop', async () => {
    const dataDir = tempDir();
    const dir = join(dataDir, 'backups');
    makePrivateDir(dir);
    const db = seeded(dataDir);
    const file = join(dir, backupFileName(T0, 'manual'));
    const written = writeBackup(db, dir, T0, 'manual');
    // The core's thread stays busy (no turn of its event loop) until the backup is in place, or 20 s have passed.
    const until = performance.now() + 20_000;
    while (!existsSync(file) && performance.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    expect(existsSync(file)).toBe(true);
    const m = await written;
    expect(m.ok).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    db.close();
  });

  it('is one snapshot while the core goes on committing, and none of the later commits', async () => {
    const dataDir = tempDir();
    const dir = join(dataDir, 'backups');
    makePrivateDir(dir);
    const db = seeded(dataDir);
    const put = db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?)');
    let n = 0;
    const written = writeBackup(db, dir, T0, 'manual');
    // Commits on the core's connection all the while the thread copies.
    let done = false;
    void written.finally(() => (done = true));
    while (!done) {
      put.run(`later-${n++}`, 'y'.repeat(500));
      await new Promise((r) => setImmediate(r));
    }
    const m = await written;
    expect(m.ok).toBe(true);
    expect(n).toBeGreaterThan(0);
    const copy = new Database(join(dir, m.file), { readonly: true });
    const later = copy.prepare("SELECT count(*) FROM sync_state WHERE key LIKE 'later-%'").pluck().get() as number;
    // A prefix of the commits, each whole: the snapshot the thread read, and the copy opens without a -wal file.
    expect(later).toBeLessThanOrEqual(n);
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    db.close();
  });
});
