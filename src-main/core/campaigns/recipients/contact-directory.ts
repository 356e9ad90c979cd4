// The contacts store as recipient resolution sees it: contacts by id, group and search, numbers' owners and
// opt-outs, read from the tables of schema 2 (opt-outs and the default country through the contacts module).
import type { RecipientSpec } from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { optedOutAmong } from '../../contacts/consent';
import { defaultCountry } from '../../contacts/contact-prefs';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import { BUILTIN_MERGE_FIELDS } from '../../contacts/merge-field-keys';
import { ftsMatchQuery } from '../../contacts/search-query';
import { hasFresh, searchMatchSql } from '../../contacts/search-index';
import type { ContactDirectory, DirectoryContact } from './recipients';

/**
 * A contact row as read: a plain array in COLUMNS order. better-sqlite3 builds row objects property by property,
 * which for the 100,000 contacts of a big campaign costs more than the query itself.
 */
type ContactRowDb = [id: number, firstName: string, lastName: string, e164: string, msisdn: number, email: string, company: string, custom: string];

const COLUMNS = 'c.id, c.first_name, c.last_name, c.e164, c.msisdn, c.email, c.company, c.custom';

/**
 * Contacts read per statement (see contacts()): a page is read within one turn of the event loop, and 5,000 took
 * tens of milliseconds on a loaded machine, 1,000 with a young-generation collection 20–28 ms (the send's longest
 * stretches, bench core.max_loop_block_ms); keyset pages cost the same at any depth, so smaller ones cost little.
 */
const PAGE = 500;

/** Every page of a keyset query whose last parameter is the id after which it starts (`first` come before it). */
function* pages(page: Statement, ...first: unknown[]): Iterable<DirectoryContact> {
  let after = 0;
  for (;;) {
    const rows = page.all(...first, after) as ContactRowDb[];
    for (const r of rows) yield toContact(r);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]![0];
  }
}

function toContact([id, firstName, lastName, e164, msisdn, email, company, customJson]: ContactRowDb): DirectoryContact {
  let custom: Record<string, string> = {};
  if (customJson !== '{}') {
    try {
      // The contacts module writes string values only (CustomValues in the contract).
      const parsed = JSON.parse(customJson) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) custom = parsed as Record<string, string>;
    } catch {
      // A damaged custom-field cell leaves the contact's built-in fields usable.
    }
  }
  return { id, firstName, lastName, e164, msisdn, email, company, custom };
}

export class SqlContactDirectory implements ContactDirectory {
  constructor(private readonly db: Db) {}

  /**
   * Read a page at a time, each page with a statement of its own that is done before its contacts are handed out:
   * a plan that lets the event loop turn between contacts (resolveRecipientsInTurns) leaves the connection free for
   * the calls let in meanwhile. Pages follow the order's key (keyset), so a page costs the same at any depth.
   */
  *contacts(spec: Pick<RecipientSpec, 'contactIds' | 'groupIds' | 'searches'>): Iterable<DirectoryContact> {
    for (let i = 0; i < spec.contactIds.length; i += PAGE) {
      const rows = this.db
        .prepare(`SELECT ${COLUMNS} FROM json_each(?) j JOIN contacts c ON c.id = j.value ORDER BY j.key`)
        .raw(true)
        .all(JSON.stringify(spec.contactIds.slice(i, i + PAGE))) as ContactRowDb[];
      for (const r of rows) yield toContact(r);
    }
    if (spec.groupIds.length) {
      // In the order the contacts were added (an import's row order): walking the members' primary key and the
      // contacts' is far cheaper for 100,000 than sorting by name, and reads as the user's own list.
      const page = this.db
        .prepare(
          spec.groupIds.length === 1
            ? `SELECT ${COLUMNS} FROM contact_group_members m JOIN contacts c ON c.id = m.contact_id
               WHERE m.group_id = ? AND m.contact_id > ? ORDER BY m.contact_id LIMIT ${PAGE}`
            : `SELECT ${COLUMNS} FROM contacts c
               WHERE c.id IN (SELECT contact_id FROM contact_group_members WHERE group_id IN (SELECT value FROM json_each(?))) AND c.id > ?
               ORDER BY c.id LIMIT ${PAGE}`,
        )
        .raw(true);
      yield* pages(page, spec.groupIds.length === 1 ? spec.groupIds[0] : JSON.stringify(spec.groupIds));
    }
    for (const search of spec.searches) {
      const match = ftsMatchQuery(search);
      if (match === null) continue;
      // An import's contacts not in the search index yet are found in the fresh one (schema 23).
      const m = searchMatchSql(hasFresh(this.db));
      const page = this.db
        .prepare(
          `SELECT ${COLUMNS} FROM contacts c
           WHERE ${m.sql} AND c.id > ?
           ORDER BY c.id LIMIT ${PAGE}`,
        )
        .raw(true);
      yield* pages(page, ...Array<string>(m.binds).fill(match));
    }
  }

  byMsisdn(msisdns: readonly number[]): Map<number, DirectoryContact> {
    const out = new Map<number, DirectoryContact>();
    if (msisdns.length === 0) return out;
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM contacts c WHERE c.msisdn IN (SELECT value FROM json_each(?))`)
      .raw(true)
      .all(JSON.stringify(msisdns)) as ContactRowDb[];
    for (const r of rows) {
      const c = toContact(r);
      out.set(c.msisdn, c);
    }
    return out;
  }

  optedOut(msisdns: readonly number[]): Set<number> {
    return optedOutAmong(this.db, msisdns);
  }

  defaultCountry(): CountryCode {
    return defaultCountry(this.db);
  }

  fieldKeys(): string[] {
    const custom = this.db.prepare('SELECT key FROM contact_fields ORDER BY key').pluck().all() as string[];
    return [...BUILTIN_MERGE_FIELDS.map((f) => f.key), ...custom];
  }
}
