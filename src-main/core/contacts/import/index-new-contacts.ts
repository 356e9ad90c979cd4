// An import's new contacts into the search index inside the save's own transaction, in the save's worker thread: a
// search sees all of an import or none of it, and the core's thread does none of the indexing (it caught up in 20 ms
// steps with turns between them, 2–3.5 s of the core's time for 100,000; here it is one statement).
import type { Db } from '../../db/database';

/** FTS5's defaults, put back before the commit. */
const AUTOMERGE = 4;
const CRISISMERGE = 16;
/** FTS5's upper bound for crisismerge: no level fills during the insert, merges are left to the core's idle steps. */
const NO_CRISISMERGE = 1999;

/**
 * Indexes the contacts with ids in (lo, hi], inside the caller's transaction. The one place the import writes the
 * index's rows (rowid = the contact's id): a change of the index's rowid changes this statement.
 */
export function indexNewContacts(db: Db, lo: number, hi: number): void {
  if (hi <= lo) return;
  const config = (k: string, v: number) => db.prepare(`INSERT INTO main.contacts_fts (contacts_fts, rank) VALUES ('${k}', ${v})`).run();
  // Segments stay unmerged here (the merge would lengthen the save's write lock); the core merges them in small
  // steps afterwards (search-index.ts), as after any bulk indexing.
  config('automerge', 0);
  config('crisismerge', NO_CRISISMERGE);
  db.prepare(
    `INSERT INTO main.contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
     SELECT id, first_name, last_name, email, company, search_phone, search_custom FROM main.contacts WHERE id > ? AND id <= ? ORDER BY id`,
  ).run(lo, hi);
  config('automerge', AUTOMERGE);
  config('crisismerge', CRISISMERGE);
}
