// The copy that leaves the PC: a backup encrypted into the folder the owner chose (a USB drive, a network share, a
// synced folder), written under a `.partial` name, fsynced, renamed, then decrypted once into the data folder and
// checked. Says whether the place is missing or full instead of failing silently.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SecondPlaceProblem } from '../../../src-shared/contract';
import { decryptFile, encryptFile, type BackupKey } from './backup-crypto';
import { fsyncFile } from './backup-copy';
import { inBackupThread } from './backup-thread';

export const ENCRYPTED_EXTENSION = '.besked-backup';

export type CopyOutcome = { ok: true } | { ok: false; problem: SecondPlaceProblem; detail: string };

export const copyName = (file: string) => file.replace(/\.db$/, ENCRYPTED_EXTENSION);

export async function copyToSecondPlace(localFile: string, place: string, key: BackupKey, scratchDir: string): Promise<CopyOutcome> {
  if (!isFolder(place)) return { ok: false, problem: 'missing', detail: `The folder ${place} is not there (is the drive connected?).` };
  const name = copyName(localFile.split(/[\\/]/).pop()!);
  const dest = join(place, name);
  const partial = dest + '.partial';
  try {
    await encryptFile(localFile, partial, key);
    fsyncFile(partial);
    renameSync(partial, dest);
  } catch (err) {
    rmSync(partial, { force: true });
    const code = (err as { code?: string }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return { ok: false, problem: 'full', detail: `The folder ${place} is full.` };
    if (code === 'ENOENT') return { ok: false, problem: 'missing', detail: `The folder ${place} went away while the copy was written.` };
    return { ok: false, problem: 'failed', detail: (err as Error).message };
  }
  // Read back: the copy is only counted when it decrypts and passes the same check as the backup it came from.
  const check = join(scratchDir, name + '.check.partial');
  try {
    await decryptFile(dest, check, key.key);
    const verified = await inBackupThread({ kind: 'check', file: check });
    if (!verified.ok) return { ok: false, problem: 'failed', detail: verified.problem ?? 'The copy did not pass its check.' };
    return { ok: true };
  } catch (err) {
    return { ok: false, problem: 'failed', detail: (err as Error).message };
  } finally {
    rmSync(check, { force: true });
  }
}

/** Removes the copies of backups the retention rule deleted here, so the second place keeps the same generations. */
export function removeCopies(place: string | null, files: readonly string[]): void {
  if (!place || !isFolder(place)) return;
  for (const f of files) rmSync(join(place, copyName(f)), { force: true });
}

function isFolder(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory();
  } catch {
    return false;
  }
}
