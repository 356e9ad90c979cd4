// An erasure's last steps, owed from its commit until the write-ahead log is empty (schema 22): the mark written in
// the erasure's transaction, the rewrite of the search index and the file that drops every copy in old segments and
// free pages, and the emptying of the log (db/log-wipe.ts). Killed in between, the next start finds the mark and
// does them again, so a crash never leaves a copy of an erased person behind.
import type { Db } from '../db/database';
import { LogWiper } from '../db/log-wipe';
import type { Logger } from '../log';

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
  db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')").run();
  db.exec('VACUUM');
}

export class ErasureFinisher {
  private readonly wiper: LogWiper;
  /** The start's rewrite failed: the mark stays for the next start, even once the log is empty. */
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
   * After an erasure's rewrite: empties the log within the call if no reader holds it long, else in the background
   * (LogWiper); the mark goes once it is empty. Never rejects: the erasure is committed.
   */
  async afterErasure(): Promise<void> {
    if (await this.wiper.wipe()) this.clear();
  }

  /** At start: an erasure a crash or a stop cut short is finished (rewrite, then the log), before any call is served. */
  resumeAtStart(): void {
    if (!wipeDue(this.db)) return;
    this.log.warn('finishing an erasure that Besked stopped before it was complete: rewriting the database file and emptying its log');
    try {
      rewriteFile(this.db);
    } catch (err) {
      // The mark stays: the next start tries again. The log is still emptied now.
      this.log.error('rewriting the database file after an erasure failed; it is tried again at the next start', { err });
      this.rewriteFailed = true;
      void this.wiper.wipe();
      return;
    }
    void this.afterErasure();
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
