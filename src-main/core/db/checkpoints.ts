// When the write-ahead log is copied into the database file: while Besked is idle, not inside whichever commit
// happens to cross SQLite's threshold. A checkpoint copies and syncs every page written since the last one; left to
// SQLite (every 1,000 pages), it landed on the commit that freezes a large campaign, between Send and the first
// request, and on chunks' commits while sending.

/**
 * SQLite still checkpoints by itself once the log holds this many pages (16 MB of 4 KB pages), so a core that is
 * never idle (a long import, an endless stream of chunks) cannot grow the log without bound.
 */
export const WAL_BACKSTOP_PAGES = 4_000;

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
  const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  return r ? Math.max(0, r.checkpointed) : 0;
}
