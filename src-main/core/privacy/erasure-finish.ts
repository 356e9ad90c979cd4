// An erasure's last steps, owed from its commit until the write-ahead log is empty (schema 22): the mark written in
// the erasure's transaction, the rewrite of the search index and the file that drops every copy in old segments and
// free pages, and the emptying of the log (db/log-wipe.ts). Killed in between, the next start finds the mark and
// does them again, so a crash never leaves a copy of an erased person behind.
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

/**
 * The search index keeps deleted terms in its segments until they are merged: rewritten now. Free space in the file
 * may still hold copies from before (rows deleted or rewritten earlier, frozen batches written as rows): VACUUM
 * rewrites the file from the live rows only; the pages it replaced stay in the log until it is emptied.
 */
export function rewriteFile(db: Db): void {
  // Pages the optimize frees are zeroed, so a VACUUM that then fails (a full disk) leaves no old segment readable.
  db.pragma('secure_delete = ON');
  try {
    db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')").run();
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
      rewriteFile(this.db);
    } catch (err) {
      failure = err;
      this.log.error('rewriting the database file after an erasure failed; it is done at the next start', { err });
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
