// Deleting contacts with undo: a copy of each deleted contact (its revision too, so an editor left open on it still
// knows what changed) kept for 24 hours in contact_trash, the search index updated set-wise, and the restore.
import { ulid } from 'ulid';
import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import { coded } from '../../../src-shared/error-codes';
import { freshSql, markPending, pendingSql } from './search-index';
import { NAME_BUCKET_SQL, registerNameBucket } from './name-rank';
import { prepared } from '../db/prepared';
import { computerClock, isoNow } from '../clock';

/** How long deleted contacts can be brought back. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;
/** From this many contacts, a delete or undo leaves the search index to catch up in steps afterwards. */
const BULK_REINDEX_MIN = 20_000;
/** At most this many separate id ranges are marked pending by one undo. */
const MAX_PENDING_RUNS = 64;

export class ContactTrash {

  constructor(
    private readonly db: Db,
    /** Called after a bulk change to the search index, to tidy it up in the background. */
    private readonly afterBulkIndexing: () => void,
    private readonly now: () => number = computerClock.now,
  ) {
    registerNameBucket(db);
  }

  private stmt(sql: string): Database.Statement {
    return prepared(this.db, sql);
  }

  /**
   * Deletes contacts and their memberships, keeping a copy for undo. The search index is updated in one
   * statement for all of them, which is many times faster than the row trigger for large selections.
   */
  delete(ids: readonly number[]): { deleted: number; undoToken: string } {
    const token = ulid();
    const json = JSON.stringify(ids);
    const now = isoNow(this.now);
    const deleted = this.db.transaction(() => {
      this.purge(new Date(this.now() - UNDO_WINDOW_MS));
      return this.deleteRows(token, now, json, ids.length);
    })();
    this.afterBulkIndexing();
    return { deleted, undoToken: token };
  }

  private deleteRows(token: string, now: string, json: string, count: number): number {
    this.stmt(
      `INSERT INTO contact_trash (token, contact_id, data, deleted_at)
       SELECT ?, c.id, json_object('first_name', c.first_name, 'last_name', c.last_name, 'e164', c.e164, 'msisdn', c.msisdn,
         'email', c.email, 'company', c.company, 'custom', c.custom, 'notes', c.notes, 'sort_key', c.sort_key,
         'search_phone', c.search_phone, 'search_custom', c.search_custom, 'created_at', c.created_at, 'updated_at', c.updated_at,
         'revision', c.revision, 'field_revisions', c.field_revisions,
         'groups', (SELECT json_group_array(m.group_id) FROM contact_group_members m WHERE m.contact_id = c.id)), ?
       FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?))`,
    ).run(token, now, json);
    const total = (this.stmt('SELECT count(*) AS n FROM contacts').get() as { n: number }).n;
    // Taking most contacts out of the index one by one costs seconds; emptying it and letting the few
    // that stay be indexed again in steps costs nothing up front.
    const reindex = count >= BULK_REINDEX_MIN && count * 2 >= total;
    if (reindex) {
      this.stmt("INSERT INTO contacts_fts (contacts_fts) VALUES ('delete-all')").run();
    } else {
      this.stmt(
        `INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company, search_phone, search_custom)
         SELECT 'delete', c.name_rank, c.first_name, c.last_name, c.email, c.company, c.search_phone, c.search_custom
         FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?)) AND NOT ${pendingSql('c.id')} ORDER BY c.name_rank`,
      ).run(json);
    }
    this.stmt('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
    const n = this.stmt('DELETE FROM contacts WHERE id IN (SELECT value FROM json_each(?))').run(json).changes;
    this.stmt('DELETE FROM contacts_fts_deferred').run();
    if (reindex) {
      this.stmt('DELETE FROM contacts_fts_pending').run();
      markPending(this.db, 0, (this.stmt('SELECT coalesce(max(id), 0) AS m FROM contacts').get() as { m: number }).m);
    }
    return n;
  }

  /** Puts deleted contacts back under their old ids; one whose number was added again meanwhile is skipped. */
  undoDelete(token: string): { restored: number; skipped: number } {
    const r = this.db.transaction(() => this.restoreRows(token))();
    this.afterBulkIndexing();
    return r;
  }

  private restoreRows(token: string): { restored: number; skipped: number } {
    const total = (this.stmt('SELECT count(*) AS n FROM contact_trash WHERE token = ?').get(token) as { n: number }).n;
    if (total === 0) throw new BeskedError('not_found', 'There is nothing to undo any more: deleted contacts can be restored for 24 hours.', coded('contact.nothingToUndo'));
    this.stmt('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
    const restored = this.stmt(
      `INSERT INTO contacts (id, first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom,
                             created_at, updated_at, revision, field_revisions)
       SELECT t.contact_id, d->>'first_name', d->>'last_name', d->>'e164', d->>'msisdn', d->>'email', d->>'company', d->>'custom',
         d->>'notes', d->>'sort_key', ${NAME_BUCKET_SQL}(d->>'sort_key'), d->>'search_phone', d->>'search_custom', d->>'created_at', d->>'updated_at',
         coalesce(d->>'revision', 1), coalesce(d->>'field_revisions', '{}')
       FROM (SELECT contact_id, data AS d FROM contact_trash WHERE token = ?) t
       WHERE NOT EXISTS (SELECT 1 FROM contacts c WHERE c.msisdn = t.d->>'msisdn' OR c.id = t.contact_id)`,
    ).run(token).changes;
    this.stmt('DELETE FROM contacts_fts_deferred').run();
    // Back in an import's fresh range (deleted before the search index took it): searchable again at once, as the
    // rest of its range is (schema 23).
    this.stmt(
      `INSERT INTO contacts_fts_fresh (rowid, first_name, last_name, email, company, search_phone, search_custom)
       SELECT c.name_rank, c.first_name, c.last_name, c.email, c.company, c.search_phone, c.search_custom
       FROM contacts c JOIN contact_trash t ON t.contact_id = c.id AND t.token = ? AND c.msisdn = t.data->>'msisdn'
       WHERE ${freshSql('c.id')} ORDER BY c.name_rank`,
    ).run(token);
    const back = (
      this.stmt(
        `SELECT c.id FROM contacts c JOIN contact_trash t ON t.contact_id = c.id AND t.token = ? AND c.msisdn = t.data->>'msisdn'
         WHERE NOT ${pendingSql('c.id')} ORDER BY c.id`,
      ).all(token) as { id: number }[]
    ).map((r) => r.id);
    const runs = idRuns(back);
    if (back.length >= BULK_REINDEX_MIN && runs.length <= MAX_PENDING_RUNS) {
      // Many contacts back in a few runs of ids (an undone import, say): indexed in steps afterwards.
      for (const [lo, hi] of runs) markPending(this.db, lo, hi);
    } else {
      this.stmt(
        `INSERT INTO contacts_fts (rowid, first_name, last_name, email, company, search_phone, search_custom)
         SELECT c.name_rank, c.first_name, c.last_name, c.email, c.company, c.search_phone, c.search_custom
         FROM contacts c JOIN contact_trash t ON t.contact_id = c.id AND t.token = ? AND c.msisdn = t.data->>'msisdn'
         WHERE NOT ${pendingSql('c.id')} ORDER BY c.name_rank`,
      ).run(token);
    }
    this.stmt(
      `INSERT OR IGNORE INTO contact_group_members (group_id, contact_id)
       SELECT g.value, t.contact_id FROM contact_trash t, json_each(t.data, '$.groups') g
       WHERE t.token = ? AND g.value IN (SELECT id FROM contact_groups)
         AND EXISTS (SELECT 1 FROM contacts c WHERE c.id = t.contact_id AND c.msisdn = t.data->>'msisdn')`,
    ).run(token);
    this.stmt('DELETE FROM contact_trash WHERE token = ?').run(token);
    return { restored, skipped: total - restored };
  }

  purge(before: Date): void {
    this.stmt('DELETE FROM contact_trash WHERE deleted_at < ?').run(before.toISOString());
  }
}

/** Sorted ids as ranges (lo, hi]: [3, 4, 5, 9] → [[2, 5], [8, 9]]. */
export function idRuns(sorted: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const id of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[1] === id - 1) last[1] = id;
    else runs.push([id - 1, id]);
  }
  return runs;
}
