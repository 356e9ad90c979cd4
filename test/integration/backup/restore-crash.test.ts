// A restore killed with SIGKILL in the middle (issue 28.6): at the next start the data folder holds either the data
// as it was or the restored backup made safe against sending twice — never a mix — and nothing of the half-done
// restore is left in backups/ (a half-migrated copy of every customer in a -wal file would outlive every retention).
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../src-main/core/db/database';
import { databaseAt, ANNA, LATEST } from '../foundation/migrations/old-rows';
import { backupWorld, removeTempDirs, tempDir, type BackupWorld } from './helpers';

const ROOT = resolve(__dirname, '../../..');
const CHILD = join(__dirname, 'restore-child.ts');

let w: BackupWorld | null = null;
afterEach(async () => {
  await w?.close().catch(() => undefined);
  w = null;
  removeTempDirs();
});

/** Runs the restore in a child and kills it the moment `when` holds for the backups folder; false when it finished first. */
async function killedWhen(dataDir: string, file: string, when: (names: string[]) => boolean): Promise<boolean> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let ended = false;
  void exited.then(() => (ended = true));
  const backups = join(dataDir, 'backups');
  while (!ended) {
    if (existsSync(backups) && when(readdirSync(backups))) {
      child.kill('SIGKILL');
      await exited;
      return true;
    }
    await new Promise((r) => setImmediate(r));
  }
  expect(out).toContain('restored');
  return false;
}

describe('a restore killed in the middle', () => {
  it('leaves the data as it was, and no half-done restore in the backups folder', { timeout: 120_000 }, async () => {
    // A backup of an old schema: the restore migrates it in a WAL-mode copy for a while, wide open for a kill.
    const backup = join(tempDir(), 'old.db');
    databaseAt(backup, 1);
    let killed = 0;
    for (let attempt = 0; attempt < 6 && killed === 0; attempt++) {
      const dataDir = tempDir();
      const db = openDatabase(join(dataDir, 'besked.db'));
      db.prepare("INSERT INTO sync_state (key, value) VALUES ('marker', 'before the restore')").run();
      db.close();
      if (!(await killedWhen(dataDir, backup, (names) => names.some((n) => n.startsWith('restore-') && n.endsWith('-wal'))))) continue;
      killed++;

      w = await backupWorld(dataDir);
      // The data as it was: the restore never reached its swap.
      expect(w.core.db.prepare("SELECT value FROM sync_state WHERE key = 'marker'").pluck().get()).toBe('before the restore');
      expect(w.core.db.pragma('user_version', { simple: true })).toBe(LATEST);
      // Nothing of the restore left: no candidate, no -wal or -shm of it; the safety copy is a listed, checked backup.
      const left = readdirSync(join(dataDir, 'backups'));
      expect(left.filter((n) => n.includes('.partial') || n.startsWith('restore-') || n.startsWith('upload-'))).toEqual([]);
      for (const e of (await w.calls.ok('backup.status', {})).entries) expect(e.ok).toBe(true);
      await w.close();
      w = null;
    }
    expect(killed).toBe(1);
  });

  it('killed right after its swap, starts on the restored backup with every campaign paused', { timeout: 120_000 }, async () => {
    const backup = join(tempDir(), 'old.db');
    databaseAt(backup, LATEST);
    const dataDir = tempDir();
    const db = openDatabase(join(dataDir, 'besked.db'));
    db.prepare("INSERT INTO sync_state (key, value) VALUES ('marker', 'before the restore')").run();
    db.close();
    const live = join(dataDir, 'besked.db');
    const marker = () => {
      try {
        const d = new Database(live, { readonly: true, fileMustExist: true });
        try {
          return d.prepare("SELECT value FROM sync_state WHERE key = 'marker'").pluck().get() as string | undefined;
        } finally {
          d.close();
        }
      } catch {
        return 'unreadable';
      }
    };
    // Killed as soon as the candidate is gone from backups/ (renamed over the live file), or it finished.
    let sawCandidate = false;
    await killedWhen(dataDir, backup, (names) => {
      const has = names.some((n) => n.startsWith('restore-') && n.endsWith('.db.partial'));
      if (has) sawCandidate = true;
      return sawCandidate && !has;
    });
    expect(marker()).toBeUndefined();
    w = await backupWorld(dataDir);
    expect(w.core.db.prepare('SELECT count(*) FROM contacts WHERE msisdn = ?').pluck().get(ANNA)).toBe(1);
    // Made safe before the swap: nothing the backup had on its way goes out by itself.
    expect(w.core.db.prepare("SELECT count(*) FROM campaigns WHERE state IN ('waiting', 'scheduled', 'sending')").pluck().get()).toBe(0);
    expect(readdirSync(join(dataDir, 'backups')).filter((n) => n.includes('.partial') || n.startsWith('restore-'))).toEqual([]);
  });
});
