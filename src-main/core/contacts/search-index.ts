// Upkeep of the FTS5 search index around bulk writes. An import saves its contacts in one transaction and marks
// their ids as pending; the index then catches up in small steps: in the import's worker thread right after its save,
// else between other calls on the core's thread (and at the next start, if Besked stopped first), because indexing
// 100,000 contacts at once would hold the core, or every other writer, for over a second. FTS5's segment merging is
// off while it catches up (even the "crisis" merges FTS5 would do inside a step once a level holds 16 segments, which
// held the core for hundreds of milliseconds) and is done in small steps afterwards.
import type { Db } from '../db/database';
import { writeGate } from '../db/write-gate';
import type { Logger } from '../log';
import { nextTurn } from '../event-loop-turns';
import { RANK_ID_BITS } from './name-rank';

/** FTS5's defaults; restored when a catch-up ends. */
const AUTOMERGE = 4;
const CRISISMERGE = 16;
/** FTS5's upper bound for crisismerge (FTS5_MAX_SEGMENT - 1): no level ever fills while it catches up. */
const NO_CRISISMERGE = 1999;
/**
 * How long an indexing step takes and how many contacts it indexes: sized by the last step's pace to `ms` (a busy
 * machine gets smaller steps), between `min` and `max` contacts each, `first` to begin with.
 */
export interface StepSize {
  ms: number;
  min: number;
  first: number;
  max: number;
}
/** On the core's thread a step holds the core: 20 ms. */
export const CORE_STEPS: StepSize = { ms: 20, min: 200, first: 1000, max: 8000 };
/**
 * Pages written per merge step. Merging after an import of 100,000 is 7–9 s of work in all (load 5); a step of 200
 * pages held the lock (and, on the core's thread, the core) 80 ms typically and up to 500, one of 16 pages 17 ms
 * typically and up to 80, for about a third more work in all.
 */
const MERGE_PAGES = 16;

/** SQL true when the contact id `col` is saved but not in the search index yet. */
export const pendingSql = (col: string) => `EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE ${col} > p.lo AND ${col} <= p.hi)`;

/** SQL true when the contact id `col` is not in the search index yet but in the fresh one (schema 23): searchable. */
export const freshSql = (col: string) => `EXISTS (SELECT 1 FROM contacts_fts_pending p WHERE p.fresh = 1 AND ${col} > p.lo AND ${col} <= p.hi)`;

/** The contact id in a name rank `col` (its low bits, name-rank.ts): the fresh index's rows are told apart by it. */
export const idOfRankSql = (col: string) => `(${col} & ${(1n << RANK_ID_BITS) - 1n})`;

/** True while some contacts are searchable through the fresh index only (a search then reads both). */
export function hasFresh(db: Db): boolean {
  return db.prepare('SELECT 1 FROM contacts_fts_pending WHERE fresh = 1 LIMIT 1').get() !== undefined;
}

/**
 * "The contact `c` matches the search", as a condition on `c`, and how many times its parameter (the MATCH
 * expression) is bound. `fresh` (hasFresh): the fresh index is asked too.
 */
export function searchMatchSql(fresh: boolean): { sql: string; binds: number } {
  // Both indexes' rowid is the contact's name_rank (name-rank.ts).
  const main = 'c.name_rank IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?)';
  if (!fresh) return { sql: main, binds: 1 };
  return { sql: `(${main} OR (c.name_rank IN (SELECT rowid FROM contacts_fts_fresh WHERE contacts_fts_fresh MATCH ?) AND ${freshSql('c.id')}))`, binds: 2 };
}

/**
 * Marks ids in (lo, hi] as saved but not yet in the search index (inside the caller's transaction). `fresh`: the
 * caller has written them to the fresh index (an import's save), so they are searchable meanwhile.
 */
export function markPending(db: Db, lo: number, hi: number, fresh = false): void {
  if (hi > lo) db.prepare('INSERT INTO contacts_fts_pending (lo, hi, fresh) VALUES (?, ?, ?)').run(lo, hi, fresh ? 1 : 0);
}

/**
 * The fresh index anew, holding only the contacts still in a fresh range, as they are now. The words of contacts the
 * catch-up has already moved stay in its segments until no fresh range is left; an erasure cannot wait for that
 * (privacy/erasure-finish.ts), so it has the index rewritten: at most one import's contacts, a fraction of a second.
 */
export function rebuildFresh(db: Db): void {
  db.transaction(() => {
    db.prepare("INSERT INTO contacts_fts_fresh (contacts_fts_fresh) VALUES ('delete-all')").run();
    db.prepare(
      `INSERT INTO contacts_fts_fresh (rowid, first_name, last_name, email, company, search_phone, search_custom)
       SELECT c.name_rank, c.first_name, c.last_name, c.email, c.company, c.search_phone, c.search_custom FROM contacts c
       WHERE ${freshSql('c.id')} ORDER BY c.name_rank`,
    ).run();
  })();
}

/**
 * Writes the contacts with ids in (lo, hi] to the fresh index and marks them pending and fresh, in the caller's
 * transaction: searchable when it commits, for about a quarter of what the main index's prefix indexes cost.
 */
export function indexFresh(db: Db, lo: number, hi: number): void {
  if (hi <= lo) return;
  db.prepare(
    // In rank order: FTS5 writes out a segment whenever a rowid is not above the last one it took.
    `INSERT INTO main.contacts_fts_fresh (rowid, first_name, last_name, email, company, search_phone, search_custom)
     SELECT name_rank, first_name, last_name, email, company, search_phone, search_custom FROM main.contacts WHERE id > ? AND id <= ? ORDER BY name_rank`,
  ).run(lo, hi);
  markPending(db, lo, hi, true);
}

export interface UpkeepOptions {
  /** What happens between two steps: on the core's thread the loop turns; in a worker, a pause lets other writers in. */
  between?: () => Promise<void>;
  /** Whether segments are merged (mergeSteps) once caught up without being asked: the core's upkeep does. */
  merge?: boolean;
  /** Asked between steps: true ends the catch-up early (a worker told to stop); what is left stays pending. */
  stopped?: () => boolean;
  /** Runs each step's transaction: in a worker, with the flag the core's writers wait on raised (db/write-gate.ts). */
  around?: <T>(step: () => T) => T;
  /** How large the steps are: CORE_STEPS unless given. */
  steps?: StepSize;
}

export class SearchIndexUpkeep {
  private catching: Promise<void> | null = null;
  private merging = false;
  private readonly between: () => Promise<void>;
  private readonly merge: boolean;
  private readonly stopped: () => boolean;
  private readonly around: <T>(step: () => T) => T;
  private readonly steps: StepSize;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    { between, merge = true, stopped = () => false, around, steps = CORE_STEPS }: UpkeepOptions = {},
  ) {
    this.steps = steps;
    // On the core's thread a step claims the write gate, so that an import's thread begins no step of its own under it.
    this.around =
      around ??
      ((step) => {
        const release = writeGate(db).claim();
        try {
          return step();
        } finally {
          release?.();
        }
      });
    // On the core's thread a step also waits for an import's save to commit, and for a step of the import's thread
    // to end, and the gate stays claimed to the end of the turn the step then runs in (db/write-gate.ts turn): claimed
    // only around the step, a step of that thread begun in between left the claim refused, and the step waited for
    // it in SQLite's busy handler on the core's thread.
    this.between =
      between ??
      (async () => {
        await nextTurn();
        await writeGate(db).turn();
      });
    this.merge = merge;
    this.stopped = stopped;
  }

  /** True while some saved contacts are not searchable yet. */
  hasPending(): boolean {
    return this.db.prepare('SELECT 1 FROM contacts_fts_pending LIMIT 1').get() !== undefined;
  }

  /**
   * Indexes every pending contact, a step at a time with the event loop turning in between; resolves when
   * all are searchable. Calls made meanwhile share the one run.
   */
  catchUp(): Promise<void> {
    this.catching ??= this.run().then(
      (indexed) => {
        this.catching = null;
        // Only after indexing something: a catch-up that found the index current (an import's worker indexed it, and
        // merges it too) leaves the merging to whoever indexed.
        if (indexed && this.merge) this.scheduleMerge();
      },
      (err: unknown) => {
        this.catching = null;
        if (this.merge) this.scheduleMerge();
        throw err;
      },
    );
    return this.catching;
  }

  /** Resolves true when it indexed anything. */
  private async run(): Promise<boolean> {
    // The write that marked contacts pending answers its caller first.
    await this.between();
    if (!this.db.open || !this.hasPending()) return false;
    // Merging off while it catches up; each step's transaction says so again, as another connection (the core's and
    // an import's worker both catch up) may have ended its own catch-up and turned it back on meanwhile.
    const automerge = this.db.prepare("SELECT v FROM contacts_fts_config WHERE k = 'automerge'").pluck();
    const next = this.db.prepare('SELECT rowid AS r, lo, hi FROM contacts_fts_pending ORDER BY lo LIMIT 1');
    // In rank order: FTS5 writes out a segment whenever a rowid is not above the last one it took.
    const index = this.db.prepare(
      `INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
       SELECT name_rank, first_name, last_name, email, company, search_phone, search_custom FROM contacts WHERE id > ? AND id <= ?
       ORDER BY name_rank`,
    );
    const advance = this.db.prepare('UPDATE contacts_fts_pending SET lo = ? WHERE rowid = ?');
    const done = this.db.prepare('DELETE FROM contacts_fts_pending WHERE rowid = ?');
    const freshLeft = this.db.prepare('SELECT 1 FROM contacts_fts_pending WHERE fresh = 1 LIMIT 1');
    // The fresh index's rows of contacts already moved count for nothing (searches ask freshSql); once no fresh range
    // is left they all go, at once (FTS5 drops its segments).
    const clearFresh = this.db.prepare("INSERT INTO contacts_fts_fresh (contacts_fts_fresh) VALUES ('delete-all')");
    const size = this.steps;
    let rows = size.first;
    const step = this.db.transaction((): boolean => {
      const range = next.get() as { r: number; lo: number; hi: number } | undefined;
      if (!range) {
        this.mergeSettings(AUTOMERGE, CRISISMERGE);
        return false;
      }
      if (automerge.get() !== 0) this.mergeSettings(0, NO_CRISISMERGE);
      const upto = Math.min(range.hi, range.lo + rows);
      index.run(range.lo, upto);
      if (upto === range.hi) {
        done.run(range.r);
        if (!freshLeft.get()) clearFresh.run();
      } else advance.run(upto, range.r);
      return true;
    });
    for (;;) {
      if (!this.db.open || this.stopped()) return true;
      const t0 = performance.now();
      const stepRows = rows;
      // Immediate: the step reads which range is next and indexes it under one write lock, so two connections
      // catching up never index the same range twice.
      if (!this.around(() => step.immediate())) return true;
      const ms = performance.now() - t0;
      rows = Math.round(Math.min(size.max, Math.max(size.min, (stepRows * size.ms) / Math.max(ms, 1))));
      await this.between();
    }
  }

  /**
   * At start: indexes what a stop left pending, then merges what was left unmerged (an import's thread, told to stop
   * when Besked closed, leaves its merging undone; search stays right but slower until it is done).
   */
  resumeAtStart(): void {
    this.catchUp().then(
      () => this.scheduleMerge(),
      (err: unknown) => this.log.warn('search index catch-up failed; it resumes at the next start', { err }),
    );
  }

  /** Starts the catch-up (if anything is pending) without waiting for it; logs a failure. */
  schedule(): void {
    this.catchUp().catch((err: unknown) => this.log.warn('search index catch-up failed; it resumes at the next start', { err }));
  }

  /** Merges the segments in steps (mergeSteps) without waiting for it; a failure is logged. */
  private scheduleMerge(): void {
    if (this.merging) return;
    this.merging = true;
    this.between()
      .then(() => this.mergeSteps())
      // Only tidiness is lost: search stays correct with unmerged segments.
      .catch((err: unknown) => this.log.warn('search index merge step failed', { err }))
      .finally(() => (this.merging = false));
  }

  /**
   * Merges the index's segments a step at a time (`pages` each, MERGE_PAGES unless given; `between` in between: the
   * upkeep's own unless given) until FTS5 reports nothing left to do, a catch-up begins or the upkeep is stopped.
   */
  async mergeSteps(between = this.between, pages = MERGE_PAGES): Promise<void> {
    const merge = this.db.prepare(`INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('merge', ${Math.max(2, Math.floor(pages))})`);
    while (this.db.open && !this.catching && !this.stopped()) {
      const before = this.changes();
      this.around(() => merge.run());
      // FTS5's own signal: fewer than two changes means the merge found no work.
      if (this.changes() - before < 2) return;
      await between();
    }
  }

  /** FTS5's merge options (it takes them as literals only: a bound value is "SQL logic error"). */
  private mergeSettings(automerge: number, crisismerge: number): void {
    this.db.prepare(`INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('automerge', ${automerge})`).run();
    this.db.prepare(`INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('crisismerge', ${crisismerge})`).run();
  }

  private changes(): number {
    return (this.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  }
}
