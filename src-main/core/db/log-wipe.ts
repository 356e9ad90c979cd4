// Empties the write-ahead log after an erasure, so no copy of a deleted page outlives it there or in the database
// file's pages the log had not yet replaced. The checkpointer's thread rests meanwhile: a checkpoint it is running
// makes SQLite refuse another at once, without asking the busy handler (CI saw an erasure's bytes left in both files
// that way). A reader on another connection (a backup's or an import's thread) holding an older snapshot is waited
// out between tries, never inside SQLite's busy handler, which would hold the core's thread up to busy_timeout.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './database';
import { pauseCheckpointer } from './checkpointer';

export interface LogWipeOptions {
  /** Tries before giving up for now; a try that finds the log in use costs microseconds. */
  tries?: number;
  /** Pause between tries, in ms. */
  pauseMs?: number;
}

/** 400 tries 25 ms apart: a reader has 10 s to let go, as long as a backup's copy of a large shop takes. */
const TRIES = 400;
const PAUSE_MS = 25;

/** True once the log is empty and everything it held is in the database file; false if it was still in use. */
export async function wipeLog(db: Db, opts: LogWipeOptions = {}): Promise<boolean> {
  if (db.memory) return true;
  const resume = pauseCheckpointer(db);
  try {
    const tries = opts.tries ?? TRIES;
    for (let i = 0; i < tries; i++) {
      if (i > 0) await sleep(opts.pauseMs ?? PAUSE_MS);
      // Closed meanwhile (Besked quitting): the next start finds the log and copies it in as it opens the file.
      if (!db.open) return false;
      if (truncateNow(db)) return true;
    }
    return false;
  } finally {
    resume();
  }
}

/**
 * Wipes the log now, and if a reader still holds it after wipeLog's tries, keeps trying in the background (a minute
 * apart) until it is done or the core stops: the erasure itself has been committed and is not undone by a busy log.
 */
export class LogWiper {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly onLeft: (emptied: boolean) => void,
    private readonly opts: LogWipeOptions & { retryMs?: number } = {},
    private readonly onFailed: (err: unknown) => void = () => undefined,
  ) {}

  /** True if the log was emptied within the call's tries; never rejects (the erasure before it is committed). */
  async wipe(): Promise<boolean> {
    const done = await this.tryWipe();
    if (!done) {
      this.onLeft(false);
      this.later();
    }
    return done;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A failing checkpoint (a disk error, say) counts as "not yet": tried again later, never a rejection. */
  private async tryWipe(): Promise<boolean> {
    try {
      return await wipeLog(this.db, this.opts);
    } catch (err) {
      this.onFailed(err);
      return false;
    }
  }

  private later(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      void this.tryWipe().then((done) => (done ? this.onLeft(true) : this.later()));
    }, this.opts.retryMs ?? 60_000);
    this.timer.unref();
  }
}

/** One TRUNCATE checkpoint that does not wait: busy is 0 only when every frame was copied and the log emptied. */
function truncateNow(db: Db): boolean {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    const [r] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    return r !== undefined && r.busy === 0 && r.log === 0;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}
