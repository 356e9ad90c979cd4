// When the write-ahead log is copied into the database file: by the checkpointer's thread (checkpointer.ts), and
// while Besked is idle, not inside whichever commit happens to cross SQLite's threshold. A checkpoint copies and
// syncs every page written since the last one; left to SQLite (every 1,000 pages), it landed on the commit that
// freezes a large campaign, between Send and the first request, and on chunks' commits while sending.

/**
 * SQLite still checkpoints by itself once the log holds this many pages (64 MB of 4 KB pages), so that a log the
 * checkpointer's thread (checkpointer.ts) cannot keep up with, or a core without one, cannot grow without bound. At
 * 16 MB it was crossed a dozen times while a 100,000-recipient campaign was sent, inside the core's commits.
 */
export const WAL_BACKSTOP_PAGES = 16_000;

interface CheckpointingDb {
  pragma(source: string, options?: { simple?: boolean }): unknown;
}

/** Sets the backstop; called once when the database is opened. */
export function configureCheckpoints(db: CheckpointingDb): void {
  db.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
}

/**
 * Copies what the log holds into the database file, now that nothing waits for the core. PASSIVE: it never waits
 * for a reader or writer, and costs microseconds when there is nothing to copy. Returns the pages copied.
 */
export function checkpointWhileIdle(db: CheckpointingDb): number {
  return idleCheckpoint(db).copied;
}

/**
 * As checkpointWhileIdle, also saying how many pages of the log it could not copy yet: a reader on another
 * connection (a backup's or an import's thread) still needs them, and the caller looks again a little later rather
 * than leaving them uncopied until some later commit.
 */
export function idleCheckpoint(db: CheckpointingDb): { copied: number; left: number } {
  const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  if (!r) return { copied: 0, left: 0 };
  return { copied: Math.max(0, r.checkpointed), left: Math.max(0, r.log - r.checkpointed) };
}
