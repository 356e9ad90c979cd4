// An erasure's last steps, owed from its commit until the write-ahead log is empty (schema 22): the mark written in
// the erasure's transaction, the rewrite of the search index and the file that drops every copy in old segments and
// free pages, and the emptying of the log (db/log-wipe.ts). Killed in between, the next start finds the mark and
// does them again, so a crash never leaves a copy of an erased person behind.
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { rebuildFresh } from '../contacts/search-index';
import type { Db } from '../db/database';
import { LogWiper } from '../db/log-wipe';
import type { Logger } from '../log';
import { BeskedError } from '../errors';
import { coded } from '../../../src-shared/error-codes';

/** Inside the erasure's transaction: its rewrite and the emptying of the log are owed from the commit on. */
export function markWipeDue(db: Db, at: string): void {
  db.prepare('INSERT OR REPLACE INTO privacy_wipe_due (one, erased_at) VALUES (1, ?)').run(at);
}

export function wipeDue(db: Db): boolean {
  return db.prepare('SELECT 1 FROM privacy_wipe_due').get() !== undefined;
}

/** Free bytes on the disk that holds a folder, or null where the system cannot say: an edge, replaced in tests. */
export type FreeSpace = (folder: string) => number | null;
export const freeSpaceOf: FreeSpace = (folder) => {
  try {
    const s = statfsSync(folder);
    return s.bavail * s.bsize;
  } catch {
    // A file system that does not answer statfs: the rewrite is tried, as before the check, rather than never.
    return null;
  }
};

/** Room beyond the copies themselves, so a rewrite that only just fits does not leave the disk full. */
const REWRITE_MARGIN_BYTES = 64 * 1024 * 1024;

/**
 * Whether the disk has room for VACUUM: it writes the file's live pages to a temporary copy (in the system's temporary
 * folder, on most machines the same disk), then back through the write-ahead log, so about twice their size.
 * Tried without the room, it fills the disk (for the shop's other programs too) and fails all the same.
 */
export function rewriteFits(liveBytes: number, freeBytes: number): boolean {
  return freeBytes >= 2 * liveBytes + REWRITE_MARGIN_BYTES;
}

/** The bytes of the file's pages that hold data (its free pages are not copied by a rewrite). */
function liveBytes(db: Db): number {
  const pages = (db.pragma('page_count', { simple: true }) as number) - (db.pragma('freelist_count', { simple: true }) as number);
  return pages * (db.pragma('page_size', { simple: true }) as number);
}

class NoRoomToRewrite extends Error {
  constructor(live: number, free: number) {
    super(`the disk has ${Math.round(free / 1e6)} MB free; rewriting the ${Math.round(live / 1e6)} MB database needs about ${Math.round((2 * live + REWRITE_MARGIN_BYTES) / 1e6)} MB`);
  }
}

/**
 * The search index keeps deleted terms in its segments until they are merged: rewritten now, and the fresh index
 * (schema 23) too. Free space in the file
 * may still hold copies from before (rows deleted or rewritten earlier, frozen batches written as rows): VACUUM
 * rewrites the file from the live rows only; the pages it replaced stay in the log until it is emptied. Without room
 * on the disk for the VACUUM it is not tried (NoRoomToRewrite), the index's rewrite is done all the same.
 */
export function rewriteFile(db: Db, freeSpace: FreeSpace = freeSpaceOf): void {
  // Pages the optimize frees are zeroed, so a VACUUM that then fails (a full disk) leaves no old segment readable.
  db.pragma('secure_delete = ON');
  try {
    db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')").run();
    rebuildFresh(db);
    const live = liveBytes(db);
    const free = freeSpace(dirname(db.name));
    if (free !== null && !rewriteFits(live, free)) throw new NoRoomToRewrite(live, free);
    db.exec('VACUUM');
  } finally {
    db.pragma('secure_delete = OFF');
  }
}

/** The erasure is committed, but its rewrite failed (a full disk, most often): owed until a start does it. */
function rewriteOwed(cause: unknown): BeskedError {
  return new BeskedError(
    'internal',
    'Everything about the person is deleted, but Besked could not yet rewrite its database file to clear old copies of their data (the disk may be full). Free some space; Besked finishes this the next time it starts.',
    { cause, ...coded('privacy.rewriteOwed') },
  );
}

export class ErasureFinisher {
  private readonly wiper: LogWiper;
  /** The last rewrite failed: the mark stays for the next start, even once the log is empty. */
  private rewriteFailed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly freeSpace: FreeSpace = freeSpaceOf,
  ) {
    this.wiper = new LogWiper(
      db,
      (emptied) => {
        if (!emptied) {
          log.warn('an erasure could not empty the write-ahead log: another connection is still reading; trying again every minute');
          return;
        }
        log.info('the write-ahead log held since an erasure is empty now');
        this.clear();
      },
      {},
      (err) => log.warn('emptying the write-ahead log after an erasure failed; trying again every minute', { err }),
    );
  }

  /**
   * After an erasure's commit: rewrites the index and the file, then empties the log within the call if no reader
   * holds it long, else in the background (LogWiper); the mark goes once both are done. The rewrite runs before the
   * first await, so nothing else runs on the connection between the commit and it. Rejects only when the rewrite
   * failed (privacy.rewriteOwed; the log is emptied all the same and the next start rewrites).
   */
  async finish(): Promise<void> {
    let failure: unknown = null;
    try {
      rewriteFile(this.db, this.freeSpace);
    } catch (err) {
      failure = err;
      if (err instanceof NoRoomToRewrite) this.log.warn(`the database file is not rewritten after an erasure: ${err.message}; it is done at a start with room`);
      else this.log.error('rewriting the database file after an erasure failed; it is done at the next start', { err });
    }
    this.rewriteFailed = failure !== null;
    if (await this.wiper.wipe()) this.clear();
    if (failure !== null) throw rewriteOwed(failure);
  }

  /** At start: an erasure a crash or a stop cut short is finished (the rewrite at once, then the log). */
  resumeAtStart(): void {
    if (!wipeDue(this.db)) return;
    this.log.warn('finishing an erasure that Besked stopped before it was complete: rewriting the database file and emptying its log');
    // Logged inside; the mark stays for the next start if the rewrite failed.
    this.finish().catch(() => undefined);
  }

  stop(): void {
    this.wiper.stop();
  }

  private clear(): void {
    if (this.rewriteFailed) return;
    try {
      if (this.db.open) this.db.prepare('DELETE FROM privacy_wipe_due').run();
    } catch (err) {
      // Left marked, the next start does the rewrite again: slower, never less private.
      this.log.warn('could not clear the mark of a finished erasure', { err });
    }
  }
}
