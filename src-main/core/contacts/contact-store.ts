// The contacts table: windows of a filtered, ordered list for the virtual table, one contact with its
// details, adding and editing by hand, selections, and delete with undo (contact-trash.ts).
import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import type {
  Contact,
  ContactFilter,
  ContactPage,
  ContactRow,
  ContactSelection,
  ContactSort,
} from '../../../src-shared/contract';
import { normalisePhone, phoneRejectionMessage, type CountryCode, type Phone } from '../../../src-shared/phone';
import { ftsMatchQuery } from './search-query';
import { rankWindow, TOTAL_CAP, type RankSource } from './search-walk';
import { freshSql, hasFresh, idOfRankSql, searchMatchSql } from './search-index';
import { nameBucket } from './name-rank';
import { fieldsOf, phonePartsOf, toColumns, type StoredContact } from './contact-columns';
import type { ContactFields } from './merge-rules';
import { consentHistory } from './consent';
import { registerCustomFields } from './custom-fields';
import { ContactTrash } from './contact-trash';
import { coded } from '../../../src-shared/error-codes';
import { changedFields, fieldPath, overwrittenFields, parseFieldRevisions, withChanges } from '../../../src-shared/contacts/contact-changes';
import { prepared } from '../db/prepared';
import { computerClock, isoNow } from '../clock';


interface ListRow {
  id: number;
  first_name: string;
  last_name: string;
  e164: string;
  msisdn: number;
  email: string;
  company: string;
  updated_at: string;
  revision: number;
  opted_out: number;
  group_ids: string | null;
}

export interface ContactDraftInput {
  firstName?: string;
  lastName?: string;
  phone: string;
  email?: string;
  company?: string;
  notes?: string;
  custom?: Record<string, string>;
  groupIds?: number[];
}

const LIST_COLUMNS = `c.id, c.first_name, c.last_name, c.e164, c.msisdn, c.email, c.company, c.updated_at, c.revision,
  EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = c.msisdn) AS opted_out,
  (SELECT group_concat(m.group_id) FROM contact_group_members m WHERE m.contact_id = c.id) AS group_ids`;

const ORDER: Record<ContactSort, string> = { name: 'c.sort_key, c.id', newest: 'c.id DESC' };

export function toRow(r: ListRow): ContactRow {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    e164: r.e164,
    msisdn: r.msisdn,
    email: r.email,
    company: r.company,
    groupIds: r.group_ids ? r.group_ids.split(',').map(Number).sort((a, b) => a - b) : [],
    optedOut: r.opted_out === 1,
    updatedAt: r.updated_at,
    revision: r.revision,
  };
}

export interface FilterSql {
  where: string;
  params: (string | number)[];
  /** The FTS5 expression when the filter searches. */
  match: string | null;
  /** True when the search is the only condition: the count can come from the index alone. */
  searchOnly: boolean;
  /** The conditions besides the search, on `c`. */
  others: string[];
  /** Their parameters (in `params` after the MATCH's). */
  otherParams: (string | number)[];
  /** True when an import's contacts are searched in the fresh index too (schema 23). */
  fresh: boolean;
}

/** SQL for "contacts the filter matches", as a condition on `c`; `fresh` as hasFresh says. */
export function filterSql(filter: ContactFilter | undefined, fresh = false): FilterSql {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  const match = filter?.search ? ftsMatchQuery(filter.search) : null;
  let binds = 0;
  if (match) {
    const m = searchMatchSql(fresh);
    parts.push(m.sql);
    binds = m.binds;
    for (let i = 0; i < binds; i++) params.push(match);
  }
  if (filter?.groupId !== undefined) {
    parts.push('EXISTS (SELECT 1 FROM contact_group_members m WHERE m.group_id = ? AND m.contact_id = c.id)');
    params.push(filter.groupId);
  }
  if (filter?.consent === 'optedOut') parts.push('EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = c.msisdn)');
  if (filter?.consent === 'reachable') parts.push('NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = c.msisdn)');
  return {
    where: parts.length ? `WHERE ${parts.join(' AND ')}` : '',
    params,
    match,
    searchOnly: match !== null && parts.length === 1,
    others: match ? parts.slice(1) : parts,
    otherParams: params.slice(binds),
    fresh,
  };
}


export class ContactStore {
  private readonly trash: ContactTrash;

  constructor(
    private readonly db: Db,
    /** Called after a bulk change to the search index, to tidy it up in the background. */
    afterBulkIndexing: () => void = () => undefined,
    private readonly now: () => number = computerClock.now,
    /** Where the total stops counting (smaller in tests). */
    private readonly limits: { totalCap: number } = { totalCap: TOTAL_CAP },
  ) {
    this.trash = new ContactTrash(db, afterBulkIndexing, now);
  }

  private stmt(sql: string): Database.Statement {
    return prepared(this.db, sql);
  }

  /**
   * A window of the filtered list. With a search the total is exact up to TOTAL_CAP and "more than" beyond
   * it. In name order a search walks the index in rowid order, which is name order up to a bucket
   * (name-rank.ts), counting as far as the cap and reading rows only for the window's buckets (search-walk.ts).
   */
  list(filter: ContactFilter | undefined, sort: ContactSort, offset: number, limit: number): ContactPage {
    const f = filterSql(filter, filter?.search ? hasFresh(this.db) : false);
    const cap = this.limits.totalCap;
    if (f.match && sort === 'name') {
      const others = f.others.map((o) => ` AND ${o}`).join('');
      const sources: RankSource[] = [
        {
          from: f.searchOnly
            ? 'contacts_fts f WHERE f.contacts_fts MATCH ?'
            : `contacts_fts f JOIN contacts c INDEXED BY contacts_by_name_rank ON c.name_rank = f.rowid WHERE f.contacts_fts MATCH ?${others}`,
          rank: 'f.rowid',
          params: [f.match, ...f.otherParams],
        },
      ];
      if (f.fresh) {
        // In rank order too (its rowid is the name_rank), so SQLite merges the two and stops after the window.
        sources.push({
          from: f.searchOnly
            ? `contacts_fts_fresh x WHERE x.contacts_fts_fresh MATCH ? AND ${freshSql(idOfRankSql('x.rowid'))}`
            : `contacts_fts_fresh x JOIN contacts c INDEXED BY contacts_by_name_rank ON c.name_rank = x.rowid WHERE x.contacts_fts_fresh MATCH ? AND ${freshSql('c.id')}${others}`,
          rank: 'x.rowid',
          params: [f.match, ...f.otherParams],
        });
      }
      const w = rankWindow(this.db, sources, offset, limit, cap);
      const total = Math.min(w.matches, cap);
      return { total, totalIsAtLeast: w.matches > cap, offset, rows: offset >= total ? [] : this.rowsInOrder(w.ids) };
    }
    let total: number;
    let totalIsAtLeast = false;
    if (f.match) {
      const n = this.count(f, cap);
      totalIsAtLeast = n > cap;
      total = Math.min(n, cap);
    } else {
      total = (this.stmt(`SELECT count(*) AS n FROM contacts c ${f.where}`).get(...f.params) as { n: number }).n;
    }
    if (offset >= total) return { total, totalIsAtLeast, offset, rows: [] };
    const rows = this.stmt(`SELECT ${LIST_COLUMNS} FROM contacts c ${f.where} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`).all(
      ...f.params,
      limit,
      offset,
    ) as ListRow[];
    return { total, totalIsAtLeast, offset, rows: rows.map(toRow) };
  }

  /** How many contacts a search filter matches, counting no further than cap + 1. */
  private count(f: FilterSql, cap: number): number {
    if (!f.searchOnly) return (this.stmt(`SELECT count(*) AS n FROM (SELECT 1 FROM contacts c ${f.where} LIMIT ${cap + 1})`).get(...f.params) as { n: number }).n;
    // From the indexes alone; the fresh one's rows count only for contacts still in a fresh range.
    const fresh = f.fresh ? ` UNION ALL SELECT 1 FROM contacts_fts_fresh x WHERE x.contacts_fts_fresh MATCH ? AND ${freshSql(idOfRankSql('x.rowid'))}` : '';
    return (this.stmt(`SELECT count(*) AS n FROM (SELECT 1 FROM contacts_fts WHERE contacts_fts MATCH ?${fresh} LIMIT ${cap + 1})`).get(...f.params) as { n: number }).n;
  }

  /** The list rows of these contacts, in name order. */
  private rowsInOrder(ids: readonly number[]): ContactRow[] {
    if (ids.length === 0) return [];
    const rows = this.stmt(`SELECT ${LIST_COLUMNS} FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?)) ORDER BY ${ORDER.name}`).all(
      JSON.stringify(ids),
    ) as ListRow[];
    return rows.map(toRow);
  }

  totals(): { total: number; optedOut: number } {
    const total = (this.stmt('SELECT count(*) AS n FROM contacts').get() as { n: number }).n;
    const optedOut = (
      this.stmt('SELECT count(*) AS n FROM contacts c WHERE EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = c.msisdn)').get() as { n: number }
    ).n;
    return { total, optedOut };
  }

  get(id: number): Contact {
    const r = this.stmt('SELECT * FROM contacts WHERE id = ?').get(id) as StoredContact | undefined;
    if (!r) throw new BeskedError('not_found', 'This contact no longer exists. It may have been deleted.', coded('contact.notFound'));
    const row = this.stmt(`SELECT ${LIST_COLUMNS} FROM contacts c WHERE c.id = ?`).get(id) as ListRow;
    const f = fieldsOf(r);
    return {
      ...toRow(row),
      custom: f.custom,
      notes: f.notes,
      createdAt: r.created_at,
      consent: consentHistory(this.db, r.msisdn),
    };
  }

  idByMsisdn(msisdn: number): number | undefined {
    return (this.stmt('SELECT id FROM contacts WHERE msisdn = ?').get(msisdn) as { id: number } | undefined)?.id;
  }

  create(draft: ContactDraftInput, country: CountryCode): Contact {
    const phone = this.phoneFor(draft.phone, country);
    const fields: ContactFields = {
      firstName: draft.firstName ?? '',
      lastName: draft.lastName ?? '',
      email: draft.email ?? '',
      company: draft.company ?? '',
      notes: draft.notes ?? '',
      custom: dropEmpty(draft.custom ?? {}),
    };
    const id = this.db.transaction(() => {
      this.refuseTaken(phone, undefined);
      const cols = toColumns(phone, fields);
      const now = isoNow(this.now);
      const newId = Number(
        this.stmt(
          `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
           VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @name_bucket, @search_phone, @search_custom, @now, @now)`,
        ).run({ ...cols, name_bucket: nameBucket(cols.sort_key), now }).lastInsertRowid,
      );
      registerCustomFields(this.db, Object.keys(fields.custom).map((key) => ({ key, label: key })), now);
      if (draft.groupIds) this.setGroups(newId, draft.groupIds);
      return newId;
    })();
    return this.get(id);
  }

  /** `revision`: the one the edit began at; a change to a field someone changed since is refused, never written over. */
  update(id: number, patch: Partial<ContactDraftInput> & { revision?: number }, country: CountryCode): Contact {
    this.db.transaction(() => {
      const r = this.stmt('SELECT * FROM contacts WHERE id = ?').get(id) as (StoredContact & { revision: number; field_revisions: string }) | undefined;
      if (!r) throw new BeskedError('not_found', 'This contact no longer exists. It may have been deleted.', coded('contact.notFound'));
      const cur = fieldsOf(r);
      const next: ContactFields = {
        firstName: patch.firstName ?? cur.firstName,
        lastName: patch.lastName ?? cur.lastName,
        email: patch.email ?? cur.email,
        company: patch.company ?? cur.company,
        notes: patch.notes ?? cur.notes,
        custom: patch.custom ? dropEmpty(patch.custom) : cur.custom,
      };
      const phone = patch.phone !== undefined ? this.phoneFor(patch.phone, country) : phonePartsOf(r);
      const groups = prepared(this.db, 'SELECT group_id FROM contact_group_members WHERE contact_id = ?', 'pluck').all(id) as number[];
      const changed = changedFields({ ...cur, phone: r.e164, groupIds: groups }, { ...next, phone: phone.e164, groupIds: patch.groupIds ?? groups });
      const revisions = parseFieldRevisions(r.field_revisions);
      if (patch.revision !== undefined && patch.revision !== r.revision) refuseOverwrite(r, overwrittenFields(changed, revisions, patch.revision));
      if (phone.msisdn !== r.msisdn) this.refuseTaken(phone, id);
      const cols = toColumns(phone, next);
      const revision = changed.length > 0 ? r.revision + 1 : r.revision;
      this.stmt(
        `UPDATE contacts SET first_name = @first_name, last_name = @last_name, e164 = @e164, msisdn = @msisdn, email = @email,
           company = @company, custom = @custom, notes = @notes, sort_key = @sort_key, name_bucket = @name_bucket, search_phone = @search_phone,
           search_custom = @search_custom, updated_at = @now, revision = @revision, field_revisions = @field_revisions WHERE id = @id`,
      ).run({ ...cols, name_bucket: nameBucket(cols.sort_key), now: isoNow(this.now), id, revision, field_revisions: JSON.stringify(withChanges(revisions, changed, revision)) });
      if (patch.custom) registerCustomFields(this.db, Object.keys(next.custom).map((key) => ({ key, label: key })), isoNow(this.now));
      if (patch.groupIds) this.setGroups(id, patch.groupIds);
    })();
    return this.get(id);
  }

  private phoneFor(text: string, country: CountryCode): Phone {
    const p = normalisePhone(text, country);
    if (!p.ok) {
      const message = phoneRejectionMessage(p.reason);
      throw new BeskedError('validation', message, { fields: [{ path: ['phone'], message }], ...coded(`phone.${p.reason}`) });
    }
    return p;
  }

  private refuseTaken(phone: { msisdn: number; e164: string }, self: number | undefined): void {
    const other = this.stmt('SELECT id, first_name, last_name FROM contacts WHERE msisdn = ?').get(phone.msisdn) as
      | { id: number; first_name: string; last_name: string }
      | undefined;
    if (other && other.id !== self) {
      const name = `${other.first_name} ${other.last_name}`.trim();
      const message = `${phone.e164} already belongs to ${name || 'another contact'}. One number belongs to one contact.`;
      throw new BeskedError('conflict', message, {
        fields: [{ path: ['phone'], message }],
        ...(name ? coded('contact.phoneTaken', { phone: phone.e164, name }) : coded('contact.phoneTakenUnnamed', { phone: phone.e164 })),
      });
    }
  }

  private setGroups(contactId: number, groupIds: number[]): void {
    const unique = [...new Set(groupIds)];
    const known = this.stmt('SELECT id FROM contact_groups WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(unique)) as { id: number }[];
    if (known.length !== unique.length) {
      throw new BeskedError('not_found', 'One of the chosen groups no longer exists. Reload and choose again.', {
        fields: [{ path: ['groupIds'], message: 'unknown group' }],
        ...coded('contact.groupGone'),
      });
    }
    this.stmt('DELETE FROM contact_group_members WHERE contact_id = ?').run(contactId);
    const add = this.stmt('INSERT INTO contact_group_members (group_id, contact_id) VALUES (?, ?)');
    for (const g of unique) add.run(g, contactId);
  }

  /** The ids a selection stands for, existing ones only, in list order. */
  resolve(selection: ContactSelection, sort: ContactSort = 'name'): number[] {
    if ('ids' in selection) {
      const rows = this.stmt(
        `SELECT c.id FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?)) ORDER BY ${ORDER[sort]}`,
      ).all(JSON.stringify(selection.ids)) as { id: number }[];
      return rows.map((r) => r.id);
    }
    const { where, params } = filterSql(selection.filter, selection.filter.search ? hasFresh(this.db) : false);
    const ids = (this.stmt(`SELECT c.id FROM contacts c ${where} ORDER BY ${ORDER[sort]}`).all(...params) as { id: number }[]).map((r) => r.id);
    if (!selection.exceptIds?.length) return ids;
    const except = new Set(selection.exceptIds);
    return ids.filter((id) => !except.has(id));
  }

  msisdnsOf(ids: readonly number[]): number[] {
    return (this.stmt('SELECT msisdn FROM contacts WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { msisdn: number }[]).map(
      (r) => r.msisdn,
    );
  }

  /** Deletes contacts and their memberships, keeping a copy for undo (contact-trash.ts). */
  delete(ids: readonly number[]): { deleted: number; undoToken: string } {
    return this.trash.delete(ids);
  }

  /** Puts deleted contacts back under their old ids; one whose number was added again meanwhile is skipped. */
  undoDelete(token: string): { restored: number; skipped: number } {
    return this.trash.undoDelete(token);
  }

  purgeTrash(before: Date): void {
    this.trash.purge(before);
  }
}

/** A save begun at an older revision that would change what someone changed since: refused, naming those fields. */
function refuseOverwrite(r: StoredContact, fields: readonly string[]): void {
  if (fields.length === 0) return;
  const name = `${r.first_name} ${r.last_name}`.trim() || r.e164;
  throw new BeskedError('conflict', `${name} was changed by someone else while you were editing. Look at what changed and choose.`, {
    fields: fields.map((f) => ({ path: fieldPath(f), message: 'changed by someone else meanwhile' })),
    ...coded('contact.changedMeanwhile', { name }),
  });
}

function dropEmpty(custom: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(custom).map(([k, v]) => [k, v.trim()] as const).filter(([, v]) => v !== ''));
}
