// Keeps the data folder private to the user who runs Besked (issue 26.10): it holds contacts, the consent log, the
// audit trail and password hashes, so the folder and every folder in it are 0700 and every file 0600 in each mode
// (desktop, web, server). Files are created so (PRIVATE_FILE), and a pass at start narrows whatever is not, saying so.
// On Windows Node can only set a read-only flag, not an ACL: there the per-user %APPDATA% folder is private already.
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import type { Logger } from './log';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Whether this platform has Unix permissions to narrow. */
export const hasUnixModes = (platform: NodeJS.Platform = process.platform) => platform !== 'win32';

/** The folder made (0700) if missing, as `mkdirSync(…, { recursive: true })` would, but never readable to others. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

/**
 * A file created empty with 0600 if missing, so that what opens it later keeps that mode: SQLite gives its -wal and
 * -shm files the database file's own mode.
 */
export function touchPrivate(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE));
}

export interface Narrowed {
  path: string;
  was: string;
  now: string;
}

/**
 * Narrows the folder, its folders and its files to the user alone; returns what was wider. Symbolic links are left
 * (their own mode means nothing, and the target may be outside the folder).
 */
export function narrowToOwner(dir: string, platform: NodeJS.Platform = process.platform): Narrowed[] {
  if (!hasUnixModes(platform)) return [];
  const narrowed: Narrowed[] = [];
  const visit = (path: string, st: Stats) => {
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    const mode = st.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(path, mode & want);
      narrowed.push({ path, was: octal(mode), now: octal(mode & want) });
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) visitSafely(join(path, name));
  };
  const visitSafely = (path: string) => {
    let st: Stats;
    try {
      st = lstatSync(path);
    } catch {
      return; // gone meanwhile (a WAL file checkpointed away)
    }
    visit(path, st);
  };
  visitSafely(dir);
  return narrowed;
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;

/** The pass at start: the folder made if missing, narrowed to the user, and one log line naming what was not. */
export function keepDataFolderPrivate(dir: string, log: Pick<Logger, 'warn'>, platform: NodeJS.Platform = process.platform): Narrowed[] {
  makePrivateDir(dir);
  const narrowed = narrowToOwner(dir, platform);
  if (narrowed.length > 0) {
    const shown = narrowed.slice(0, 20).map((n) => `${relative(dir, n.path) || '.'} ${n.was} → ${n.now}`);
    log.warn('the data folder was readable to other users of this computer: made private to this user', { count: narrowed.length, entries: shown });
  }
  return narrowed;
}
