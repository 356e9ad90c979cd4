// Writes one backup of the database into a folder so that nothing half-written is ever taken for a backup: SQLite's
// online backup (or VACUUM INTO before a migration) into a `.partial` file, sessions and invitation links removed,
// fsync, rename, then the copy opened read-only and checked, and its manifest written beside it.
import { PRIVATE_FILE } from '../private-folder';
import Database from 'better-sqlite3';
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupReason } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { storageProblemOf } from '../db/storage-errors';
import { BeskedError } from '../errors';
import { backupFileName, writeManifest, type BackupManifest } from './backup-manifest';
import { verifyBackup, verifyBackupInSlices, type BackupCheck } from './backup-verify';
import { writeTakenAt } from './never-twice';

/** Pages copied per step of the online backup (1 MiB): a millisecond or two each, so a campaign's writes go on between steps. */
export const PAGES_PER_STEP = 256;

/** Rows that must not outlive their use or leave the PC: signed-in sessions and unused invitation and reset links. */
const LEFT_OUT = ['team_sessions', 'team_invitations'];

export const PARTIAL = '.partial';

/** Backs up an open database while it stays in use (a campaign may be sending): SQLite's online backup in steps. */
export async function writeBackup(db: Db, dir: string, at: number, reason: BackupReason): Promise<BackupManifest> {
  const name = backupFileName(at, reason);
  const partial = join(dir, name + PARTIAL);
  try {
    await db.backup(partial, { progress: () => PAGES_PER_STEP });
  } catch (err) {
    rmSync(partial, { force: true });
    throw backupWriteError(err);
  }
  finish(partial, dir, name, at);
  return manifestOf(dir, name, at, reason, await verifyBackupInSlices(join(dir, name)));
}

/** Backs up a database that nothing else uses yet (before a migration at start): one statement, no event loop to keep free. */
export function writeBackupNow(db: Db, dir: string, at: number, reason: BackupReason): BackupManifest {
  const name = backupFileName(at, reason);
  const partial = join(dir, name + PARTIAL);
  try {
    db.prepare('VACUUM INTO ?').run(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    throw backupWriteError(err);
  }
  finish(partial, dir, name, at);
  return manifestFor(dir, name, at, reason);
}

function finish(partial: string, dir: string, name: string, at: number): void {
  try {
    leaveOut(partial, new Date(at).toISOString());
    fsyncFile(partial);
    // The data folder's files are the owner's alone (core/private-folder.ts); SQLite made this one with the umask's mode.
    chmodSync(partial, PRIVATE_FILE);
    renameSync(partial, join(dir, name));
    fsyncFile(dir);
  } catch (err) {
    rmSync(partial, { force: true });
    throw backupWriteError(err);
  }
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

/** Removes sessions and invitation links from the copy (overwriting their bytes), notes its time, and makes it one self-contained file. */
function leaveOut(file: string, takenAt: string): void {
  const copy = new Database(file);
  try {
    copy.pragma('secure_delete = ON');
    const tables = new Set(copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    copy.transaction(() => {
      for (const t of LEFT_OUT) if (tables.has(t)) copy.prepare(`DELETE FROM ${t}`).run();
      // The copy carries its own time, so a restore from a bare file knows what it cannot know about.
      writeTakenAt(copy, takenAt);
    })();
    // The live database runs in WAL mode; a backup is one file that opens without a -wal beside it.
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
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
