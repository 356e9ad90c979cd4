// Restore: the backup (from the list or a file, decrypted with its passphrase) is checked before anything changes,
// a safety copy of the current database is taken, the backup is migrated forward and made safe against sending twice,
// and only then does the core close, the file swap in and the core start again. Each step is told to the window.
import { PRIVATE_FILE } from '../private-folder';
import { chmodSync, copyFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CallParsedInput, RestoreResult, RestoreStep } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { openDatabase } from '../db/database';
import { migrations } from '../db/migrations';
import { BeskedError } from '../errors';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { decryptFile, readHeader } from './backup-crypto';
import { parseBackupFileName, readManifest } from './backup-manifest';
import type { BackupService } from './backup-service';
import { inBackupThread } from './backup-thread';
import type { BackupCheck } from './backup-verify';
import { makeSafeAfterRestore, readTakenAt } from './never-twice';
import type { Passphrases } from './passphrase';
import type { RestoreUpload } from './restore-upload';

/**
 * Given by whoever runs the core (the desktop app's host): after the call has answered, closes this core, runs `swap`
 * and starts a core again over the same data folder; the window stays open.
 */
export type RestartControl = (swap: () => Promise<void>) => void;

export interface RestoreDeps {
  dataDir: string;
  dir: string;
  events: EventBus;
  log: Logger;
  now: () => number;
  service: BackupService;
  passphrases: Passphrases;
  /** The picked file staged chunk by chunk, when the call names it. */
  upload: RestoreUpload;
  restart: RestartControl | null;
}

/** The database file of a data folder. */
export const databaseFile = (dataDir: string) => join(dataDir, 'besked.db');

export async function restoreBackup(d: RestoreDeps, i: CallParsedInput<'backup.restore'>): Promise<RestoreResult> {
  if (!d.restart) throw restoreAtStartRefusal();
  const progress = (step: RestoreStep, fraction: number) => d.events.emit('backup.restoreProgress', { step, fraction }, { roles: ['owner'] });
  const candidate = join(d.dir, `restore-${randomBytes(6).toString('hex')}.db.partial`);
  try {
    progress('read', 0.05);
    const source = await sourceFile(d, i, candidate);
    progress('verify', 0.2);
    const takenAt = prepareCandidate(candidate, source.takenAt, await inBackupThread({ kind: 'check', file: candidate }));
    progress('safetyCopy', 0.35);
    const safety = await d.service.backUp('restore');
    progress('migrate', 0.6);
    openDatabase(candidate).close();
    progress('neverTwice', 0.75);
    const safe = makeSafeAfterRestore(candidate, takenAt, d.now());
    progress('swap', 0.85);
    d.restart(async () => swapIn(d.dataDir, candidate));
    d.log.info('restoring a backup', { takenAt, ...safe });
    return { takenAt, ...safe, safetyCopy: safety.file };
  } catch (err) {
    rmSync(candidate, { force: true });
    throw err;
  }
}

/** Where no host can restart the core (a running team server): the restore is done at its start. */
export const restoreAtStartRefusal = () =>
  new BeskedError('unavailable', 'A running Besked server cannot restore itself. Stop it and start it with --restore FILE.', coded('backup.restoreAtStart'));

/** Puts the backup's plain database at `candidate`; encrypted copies are decrypted and authenticated first. */
async function sourceFile(d: RestoreDeps, i: CallParsedInput<'backup.restore'>, candidate: string): Promise<{ takenAt: string | null }> {
  let path: string;
  let takenAt: string | null = null;
  let staged: string | null = null;
  if (i.id) {
    const m = parseBackupFileName(i.id) ? readManifest(d.dir, i.id) : null;
    if (!m) throw new BeskedError('not_found', 'That backup is not in the list any more.', coded('backup.notFound'));
    path = join(d.dir, m.file);
    takenAt = m.takenAt;
  } else if (i.upload) {
    // Read from where the chunks were written; used up by this attempt whatever its outcome.
    staged = i.upload;
    path = d.upload.complete(staged);
  } else {
    throw new BeskedError('validation', 'Choose a backup from the list or a backup file.', coded('backup.nothingChosen'));
  }
  try {
    await loadCandidate(path, candidate, async (keyId) => i.passphrase ?? (await d.passphrases.known(keyId)));
    return { takenAt };
  } finally {
    if (staged) await d.upload.discard(staged);
  }
}

/** Copies a plain backup to `candidate`, or decrypts an encrypted one there with the key its key id asks for. */
export async function loadCandidate(path: string, candidate: string, keyFor: (keyId: string) => Promise<string | Buffer | null>): Promise<void> {
  const enc = readHeader(path);
  if (!enc) {
    copyFileSync(path, candidate);
    chmodSync(candidate, PRIVATE_FILE);
    return;
  }
  const key = await keyFor(enc.header.keyId);
  if (!key) throw new BeskedError('validation', 'This backup is encrypted: type the recovery passphrase it was made with.', coded('backup.passphraseNeeded'));
  await decryptFile(path, candidate, key);
}

/** Swaps a prepared database in for the data folder's (the core over it is closed). */
export function swapIn(dataDir: string, candidate: string): void {
  const live = databaseFile(dataDir);
  for (const f of [live + '-wal', live + '-shm']) rmSync(f, { force: true });
  renameSync(candidate, live);
}

/** Accepts the candidate as a backup by its check: whole, a Besked database, and not newer than this Besked. Returns its time. */
export function prepareCandidate(candidate: string, listed: string | null, check: BackupCheck): string {
  if (!check.ok) throw new BeskedError('validation', `This backup cannot be restored: ${check.problem} Nothing was changed.`, coded('backup.unusable', { problem: check.problem ?? '' }));
  const known = migrations.length;
  if (check.schemaVersion > known) {
    throw new BeskedError('conflict', `This backup was made by a newer Besked (database version ${check.schemaVersion}; this one knows up to ${known}). Install the newer Besked to restore it. Nothing was changed.`, coded('backup.newerSchema', { version: check.schemaVersion, known }));
  }
  const db = new Database(candidate, { readonly: true });
  try {
    return listed ?? readTakenAt(db) ?? statSync(candidate).mtime.toISOString();
  } finally {
    db.close();
  }
}
