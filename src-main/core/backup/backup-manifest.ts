// The backups folder as a list: each backup's file name (its time and reason), the small manifest JSON beside it, and
// the sweep at start that removes what a crash left half-written and checks a backup whose manifest it kept from being written.
import { PRIVATE_FILE } from '../private-folder';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BackupEntry, BackupReason } from '../../../src-shared/contract';

/** What the card lists of a backup, under the file's name, with the manifest format's version. */
export const BackupManifest = BackupEntry.omit({ id: true }).extend({ version: z.literal(1), file: z.string() });
export type BackupManifest = z.infer<typeof BackupManifest>;

const NAME = /^besked-(\d{8}T\d{9}Z)-([a-z]+)\.db$/;

/** besked-20261127T054000123Z-daily.db: sorts by time, and never ends in .db while it is being written. */
export function backupFileName(at: number, reason: BackupReason): string {
  const stamp = new Date(at).toISOString().replace(/[-:.]/g, '');
  return `besked-${stamp}-${reason}.db`;
}

/** The time and reason a backup's file name carries, or null for any other file. */
export function parseBackupFileName(name: string): { at: number; reason: BackupReason } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const s = m[1]!;
  const at = Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`);
  const reason = BackupReason.safeParse(m[2]);
  return Number.isNaN(at) || !reason.success ? null : { at, reason: reason.data };
}

const manifestPath = (dir: string, file: string) => join(dir, file.replace(/\.db$/, '.json'));

export function writeManifest(dir: string, m: BackupManifest): void {
  const path = manifestPath(dir, m.file);
  writeFileSync(path + '.partial', JSON.stringify(m, null, 2), { mode: PRIVATE_FILE });
  renameSync(path + '.partial', path);
}

/** Every backup in the folder with a manifest, newest first; half-written files are never among them. */
export function listBackups(dir: string): BackupManifest[] {
  if (!existsSync(dir)) return [];
  const out: BackupManifest[] = [];
  for (const name of readdirSync(dir)) {
    if (!parseBackupFileName(name)) continue;
    const m = readManifest(dir, name);
    if (m) out.push(m);
  }
  return out.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
}

export function readManifest(dir: string, file: string): BackupManifest | null {
  try {
    const m = BackupManifest.safeParse(JSON.parse(readFileSync(manifestPath(dir, file), 'utf8')));
    return m.success && m.data.file === file ? m.data : null;
  } catch {
    return null;
  }
}

/**
 * What a crash can leave half-written: a `.partial` file (a backup, a restore's candidate, an upload, a manifest) and
 * the -wal, -shm or -journal file SQLite kept beside one while it was open (a restore's candidate is migrated in WAL
 * mode: its -wal holds a copy of the shop's data, which no retention rule would ever delete).
 */
const HALF_WRITTEN = /\.partial(-wal|-shm|-journal)?$/;

/**
 * After a crash: removes half-written files, and returns the backups that were renamed into place but have no manifest
 * yet (the caller checks them); a manifest without its backup is removed.
 */
export function sweepBackups(dir: string): { at: number; reason: BackupReason; file: string }[] {
  if (!existsSync(dir)) return [];
  const names = new Set(readdirSync(dir));
  const unchecked: { at: number; reason: BackupReason; file: string }[] = [];
  for (const name of names) {
    if (HALF_WRITTEN.test(name)) rmSync(join(dir, name), { force: true });
    else if (name.endsWith('.json') && name.startsWith('besked-') && !names.has(name.replace(/\.json$/, '.db'))) rmSync(join(dir, name), { force: true });
    else {
      const parsed = parseBackupFileName(name);
      if (parsed && !names.has(name.replace(/\.db$/, '.json'))) unchecked.push({ ...parsed, file: name });
    }
  }
  return unchecked;
}
