// Upkeep of the FTS5 search index around bulk writes. FTS5 merges its segments while rows are inserted,
// which doubles the cost of indexing 100,000 contacts in one go; during a bulk write that merging is
// switched off, and afterwards it is done in small steps between other calls.
import type { Db } from '../db/database';
import type { Logger } from '../log';

/** FTS5's default; restored after every bulk write. */
const AUTOMERGE = 4;
/** Leaf pages written per merge step: a few milliseconds each. */
const MERGE_PAGES = 200;

/** Runs fn (inside the caller's transaction) with FTS5's automatic merging off. */
export function withBulkIndexing<T>(db: Db, fn: () => T): T {
  db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('automerge', 0)").run();
  const out = fn();
  db.prepare(`INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('automerge', ${AUTOMERGE})`).run();
  return out;
}

export class SearchIndexUpkeep {
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Merges the index's segments a step at a time until FTS5 reports nothing left to do. */
  schedule(): void {
    if (this.running) return;
    this.running = true;
    const step = () => {
      if (!this.db.open) {
        this.running = false;
        return;
      }
      try {
        const before = this.changes();
        this.db.prepare(`INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('merge', ${MERGE_PAGES})`).run();
        // FTS5's own signal: fewer than two changes means the merge found no work.
        if (this.changes() - before >= 2) {
          setImmediate(step);
          return;
        }
      } catch (err) {
        // Only tidiness is lost: search stays correct with unmerged segments.
        this.log.warn('search index merge step failed', { err });
      }
      this.running = false;
    };
    setImmediate(step);
  }

  private changes(): number {
    return (this.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  }
}
