// The backup's copy as a file: SQLite's online backup from a read connection of its own, sessions and invitation
// links removed, one self-contained file, fsync, mode 0600, rename. Runs on the backup's thread (backup-worker.ts),
// so it imports nothing the thread does not need.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE } from '../private-folder';
import { writeTakenAt } from './restored-window';

export const PARTIAL = '.partial';

/**
 * All pages in one step: the step reads one snapshot of the WAL database, so the copy is consistent and a campaign's
 * commits on the core's connection neither wait for it nor make it start over (they would between smaller steps).
 */
export const ALL_PAGES = 0x7fffffff;

/** Tests slow the copy down to kill it in the middle: pages per step, a pause after each, and word of each step. */
export interface CopyPace {
  pagesPerStep: number;
  pauseMs: number;
}

/** Rows that must not outlive their use or leave the PC: signed-in sessions and unused invitation and reset links. */
const LEFT_OUT = ['team_sessions', 'team_invitations'];

/** Copies the live database at `source` (WAL, in use by the core) to `dir/name`, never listed while half-written. */
export async function copyLiveDatabase(source: string, dir: string, name: string, takenAt: string, pace: CopyPace | null, onStep: () => void): Promise<void> {
  const partial = join(dir, name + PARTIAL);
  try {
    createPrivately(partial);
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(partial, {
        progress: () => {
          onStep();
          if (!pace) return ALL_PAGES;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pace.pauseMs);
          return pace.pagesPerStep;
        },
      });
    } finally {
      db.close();
    }
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  finishCopy(partial, dir, name, takenAt);
}

/**
 * Creates the empty file a copy is written into with the owner's mode alone: SQLite writes into it as it is (an empty
 * file is an empty database), and gives its journal the same mode. Made by SQLite instead, the copy took the umask's
 * mode (0644 under a permissive one) until finishCopy narrowed it: the data readable to others while it was written.
 */
export function createPrivately(partial: string): void {
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'wx', PRIVATE_FILE));
}

/** Makes a written `.partial` copy a backup: leaves out what must not be kept, fsyncs, narrows its mode, renames. */
export function finishCopy(partial: string, dir: string, name: string, takenAt: string): void {
  try {
    leaveOut(partial, takenAt);
    fsyncFile(partial);
    // The data folder's files are the owner's alone (core/private-folder.ts); SQLite made this one with the umask's mode.
    chmodSync(partial, PRIVATE_FILE);
    renameSync(partial, join(dir, name));
    fsyncFile(dir);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
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
