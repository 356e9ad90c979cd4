// A Besked server's restore (`npm run server -- --restore FILE`): the same steps as a restore from Settings, before
// any core runs over the folder, holding the folder's lock so that no running Besked has the database open.
import { makePrivateDir } from '../private-folder';
import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RestoreResult } from '../../../src-shared/contract';
import { openDatabase } from '../db/database';
import { InstanceLock } from '../instance-lock';
import { writeBackupNow } from './backup-file';
import { verifyBackup } from './backup-verify';
import { makeSafeAfterRestore } from './never-twice';
import { databaseFile, loadCandidate, prepareCandidate, swapIn } from './restore';

export interface RestoreAtStartOptions {
  dataDir: string;
  file: string;
  /** For an encrypted copy (the server reads it from BESKED_BACKUP_PASSPHRASE). */
  passphrase?: string;
  now: () => number;
}

export async function restoreAtStart(o: RestoreAtStartOptions): Promise<RestoreResult> {
  makePrivateDir(o.dataDir);
  const lock = InstanceLock.acquire(o.dataDir, 'server');
  const dir = join(o.dataDir, 'backups');
  makePrivateDir(dir);
  const candidate = join(dir, `restore-${randomBytes(6).toString('hex')}.db.partial`);
  try {
    await loadCandidate(o.file, candidate, async () => o.passphrase ?? null);
    const takenAt = prepareCandidate(candidate, null, verifyBackup(candidate));
    let safetyCopy: string | null = null;
    const live = databaseFile(o.dataDir);
    if (existsSync(live)) {
      const current = new Database(live);
      try {
        safetyCopy = writeBackupNow(current, dir, o.now(), 'restore').file;
      } finally {
        current.close();
      }
    }
    openDatabase(candidate).close();
    const safe = makeSafeAfterRestore(candidate, takenAt, o.now());
    swapIn(o.dataDir, candidate);
    return { takenAt, ...safe, safetyCopy };
  } finally {
    rmSync(candidate, { force: true });
    lock.release();
  }
}
