// Writes one backup of the database into a folder so that nothing half-written is ever taken for a backup: SQLite's
// online backup on the backup's thread (or VACUUM INTO before a migration) into a `.partial` file, sessions and
// invitation links removed, fsync, rename, then the copy opened read-only and checked, and its manifest written beside it.
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupReason } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { storageProblemOf } from '../db/storage-errors';
import { BeskedError } from '../errors';
import { createPrivately, finishCopy, PARTIAL, type CopyPace } from './backup-copy';
import { backupFileName, writeManifest, type BackupManifest } from './backup-manifest';
import { inBackupThread } from './backup-thread';
import { verifyBackup, type BackupCheck } from './backup-verify';

export { PARTIAL };

export interface WriteBackupOptions {
  /** Tests only: a slow copy, told step by step, to be killed in the middle. */
  pace?: CopyPace;
  onStep?: () => void;
}

/**
 * Backs up an open database while it stays in use (a campaign may be sending): the copy and its check run on a thread
 * with a read connection of its own, so the core's event loop goes on answering meanwhile.
 */
export async function writeBackup(db: Db, dir: string, at: number, reason: BackupReason, o: WriteBackupOptions = {}): Promise<BackupManifest> {
  const name = backupFileName(at, reason);
  let check: BackupCheck;
  try {
    check = await inBackupThread({ kind: 'copy', source: db.name, dir, name, takenAt: new Date(at).toISOString(), pace: o.pace ?? null }, o.onStep);
  } catch (err) {
    // The thread removes its half-written file; a thread that died could not.
    rmSync(join(dir, name + PARTIAL), { force: true });
    throw backupWriteError(err);
  }
  return manifestOf(dir, name, at, reason, check);
}

/** Backs up a database that nothing else uses yet (before a migration at start): one statement, no event loop to keep free. */
export function writeBackupNow(db: Db, dir: string, at: number, reason: BackupReason): BackupManifest {
  const name = backupFileName(at, reason);
  const partial = join(dir, name + PARTIAL);
  try {
    createPrivately(partial);
    db.prepare('VACUUM INTO ?').run(partial);
    finishCopy(partial, dir, name, new Date(at).toISOString());
  } catch (err) {
    rmSync(partial, { force: true });
    throw backupWriteError(err);
  }
  return manifestFor(dir, name, at, reason);
}

/** Checks a written backup read-only and writes its manifest (also for one whose manifest a crash kept from being written). */
export function manifestFor(dir: string, name: string, at: number, reason: BackupReason): BackupManifest {
  return manifestOf(dir, name, at, reason, verifyBackup(join(dir, name)));
}

function manifestOf(dir: string, name: string, at: number, reason: BackupReason, check: BackupCheck): BackupManifest {
  const file = join(dir, name);
  const manifest: BackupManifest = { version: 1, file: name, takenAt: new Date(at).toISOString(), reason, bytes: statSync(file).size, ...check, copiedAt: null };
  writeManifest(dir, manifest);
  return manifest;
}

/** A failed backup in words: a full disk keeps the older backups, and says so. */
export function backupWriteError(err: unknown): BeskedError {
  if (err instanceof BeskedError) return err;
  const code = (err as { code?: unknown }).code;
  if (storageProblemOf(err) === 'full' || code === 'ENOSPC') {
    return new BeskedError('unavailable', 'The backup could not be written: the disk is full. The earlier backups are kept. Free some space.', { cause: err, ...coded('backup.diskFull') });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new BeskedError('internal', `The backup could not be written (${reason}). The earlier backups are kept.`, { cause: err, ...coded('backup.writeFailed', { reason }) });
}
