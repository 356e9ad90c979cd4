// The outbox's answer to a disk that refuses writes: the request's outcome is kept in memory and written before
// anything else happens; sending waits until the disk takes writes again. Nothing is marked uncertain, nothing resent.
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { storageProblemOf, type StorageProblem } from '../../db/storage-errors';
import type { Logger } from '../../log';

export class StorageGuard {
  /** The disk refused a write: sending waits and retries (retry) until it takes writes again. */
  private storage: { problem: StorageProblem; since: number } | null = null;
  /** An answer whose recording the disk refused: written before anything else happens. */
  private unrecorded: { write: () => void; after: () => void } | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly now: () => number,
    /** Told when writes start failing (the problem) and when they succeed again (null). */
    private readonly onStorage?: (problem: StorageProblem | null) => void,
  ) {}

  /** Whether sending waits for the disk. */
  get waiting(): boolean {
    return this.storage !== null;
  }

  /** Why sending waits for the disk, or null. */
  problem(): StorageProblem | null {
    return this.storage?.problem ?? null;
  }

  /** Records a request's outcome, or keeps it when the disk refuses the write; `after` runs once it is written. */
  record(write: () => void, after: () => void): void {
    try {
      write();
    } catch (err) {
      const problem = storageProblemOf(err);
      if (!problem) throw err;
      this.unrecorded = { write, after };
      this.failed(problem, err);
      return;
    }
    after();
  }

  failed(problem: StorageProblem, err: unknown): void {
    if (this.storage?.problem !== problem) {
      this.log.error('the outbox cannot write; sending waits until it can', { problem, err });
      this.storage = { problem, since: this.now() };
      this.onStorage?.(problem);
    }
  }

  /** While writes fail: the kept outcome first, else a small write to see whether the disk takes writes again. */
  retry(): boolean {
    try {
      if (this.unrecorded) this.unrecorded.write();
      else
        prepared(this.db, "INSERT INTO sync_state (key, value) VALUES ('outbox.writable', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
          new Date(this.now()).toISOString(),
        );
    } catch (err) {
      const problem = storageProblemOf(err);
      if (!problem) throw err;
      this.failed(problem, err);
      return false;
    }
    const after = this.unrecorded?.after;
    this.unrecorded = null;
    this.storage = null;
    this.log.info('the outbox can write again; sending goes on');
    this.onStorage?.(null);
    after?.();
    return true;
  }
}
