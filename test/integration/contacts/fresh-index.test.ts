// An import's contacts are searchable the moment it commits (schema 23): the save writes them to the fresh index, and
// until the catch-up has moved them into the search index every way of searching (the list in name order and in
// other orders, with a group, a campaign's search audience) finds exactly what it finds afterwards, edits, deletes
// and undos in between included. Then the fresh index is emptied.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { migrations } from '../../../src-main/core/db/migrations';
import { m023ContactsFreshIndex } from '../../../src-main/core/db/migrations/023-contacts-fresh-index';
import { ContactStore } from '../../../src-main/core/contacts/contact-store';
import { hasFresh, markPending, SearchIndexUpkeep } from '../../../src-main/core/contacts/search-index';
import { saveAsImported } from './import-saved';
import { SqlContactDirectory } from '../../../src-main/core/campaigns/recipients/contact-directory';
import { nameBucket } from '../../../src-main/core/contacts/name-rank';
import { toColumns } from '../../../src-main/core/contacts/contact-columns';
import { createLogger } from '../../../src-main/core/log';
import type { ContactFilter, ContactSort } from '../../../src-shared/contract';

let dir: string;
let db: Db;
afterEach(() => {
  if (db?.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const FIRST = ['Søren', 'Åse', 'Zoë', 'Anne-Mette', 'Émile', 'Bjørn', 'Kirsten', 'Mads', ''];
const LAST = ['Østergård', 'Jensen', 'Kjær', 'Sørensen', 'Holm', 'Ærø'];
const COMPANY = ['Bager Bælt ApS', 'Frisør Nørrebro', '', 'Café Øst'];

/** `n` contacts saved the way an import's save leaves them (apply.ts): inserted in one go, then in the fresh index. */
function saveFresh(db: Db, n: number, from: number): void {
  saveAsImported(
    db,
    Array.from({ length: n }, (_, k) => {
      const i = from + k;
      const first = FIRST[i % FIRST.length]!;
      return {
        national: String(20_000_000 + i * 37),
        firstName: first,
        lastName: LAST[i % LAST.length]!,
        email: first ? `${first.toLowerCase()}.${i}@firma${i % 7}.dk` : '',
        company: COMPANY[i % COMPANY.length]!,
        custom: { by: i % 2 ? 'Næstved' : 'Århus', kundenr: `K-${1000 + i}` },
      };
    }),
  );
}

const QUERIES = ['søren', 'so', 'ø', 'a', 'østergård', 'oster', 'aero', 'zoe', 'emile', 'anne mette', 'k', 'kjær', 'firma3', 'bager', 'cafe', 'næstved', 'k-10', '2000', '+45 2000 0', 'nobody'];
const SORTS: ContactSort[] = ['name', 'newest'];

/** Everything a search shows, every way it is asked. */
function everySearch(store: ContactStore, directory: SqlContactDirectory, groupId: number) {
  const out: Record<string, unknown> = {};
  for (const q of QUERIES) {
    for (const sort of SORTS) {
      for (const filter of [{ search: q }, { search: q, groupId }] as ContactFilter[]) {
        const key = `${q}|${sort}|${filter.groupId ? 'group' : 'all'}`;
        const first = store.list(filter, sort, 0, 50);
        const later = store.list(filter, sort, 120, 30);
        out[key] = { total: first.total, atLeast: first.totalIsAtLeast, first: first.rows.map((r) => r.id), later: later.rows.map((r) => r.id) };
      }
    }
    out[`${q}|directory`] = [...directory.contacts({ contactIds: [], groupIds: [], searches: [q] })].map((c) => c.id);
    out[`${q}|selection`] = store.resolve({ filter: { search: q } });
  }
  return out;
}

const integrity = (db: Db) => db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)").run();
const freshSegments = (db: Db) => db.prepare('SELECT count(*) FROM contacts_fts_fresh_idx').pluck().get() as number;

describe("an import's contacts in the fresh index", () => {
  it('are found by every search exactly as after the catch-up, with edits, deletes and an undo in between', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fresh-'));
    db = openDatabase(join(dir, 'besked.db'));
    const upkeep = new SearchIndexUpkeep(db, createLogger({}), { merge: false });
    const store = new ContactStore(db, () => undefined, () => Date.parse('2026-11-29T12:00:00Z'), { totalCap: 400 });
    const directory = new SqlContactDirectory(db);
    // Contacts in the search index already, whose names fall between the new ones'.
    for (let i = 0; i < 40; i++) store.create({ firstName: FIRST[(i * 5) % FIRST.length] || 'Ib', lastName: `${LAST[i % LAST.length]}${i}`, phone: `+4560${String(i).padStart(6, '0')}` }, 'DK');
    saveFresh(db, 3_000, 0);
    expect(hasFresh(db)).toBe(true);
    const groupId = Number(db.prepare("INSERT INTO contact_groups (name, created_at) VALUES ('Hver tredje', 'now')").run().lastInsertRowid);
    db.prepare('INSERT INTO contact_group_members (group_id, contact_id) SELECT ?, id FROM contacts WHERE id % 3 = 0').run(groupId);

    // Before the search index has any of them: a rename, a delete, a delete undone, and a restore into the range.
    const id = (national: number) => store.idByMsisdn(Number(`45${20_000_000 + national * 37}`))!;
    store.update(id(5), { firstName: 'Omdøbt' }, 'DK');
    store.delete([id(6)]);
    const undo = store.delete([id(7), id(8)]);
    store.undoDelete(undo.undoToken);
    expect(store.list({ search: 'omdøbt' }, 'name', 0, 10).rows.map((r) => r.id)).toEqual([id(5)]);
    // By number: the 6th and 7th contacts' own.
    expect(store.list({ search: '20 00 02 22' }, 'name', 0, 10).total).toBe(0);
    expect(store.list({ search: '+45 2000 0259' }, 'name', 0, 10).rows.map((r) => r.id)).toEqual([id(7)]);
    expect(db.prepare("SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH 'omdøbt'").pluck().get()).toBe(0);

    const before = everySearch(store, directory, groupId);
    // Not an empty comparison: most queries find contacts, and some more than the list counts.
    const found = Object.values(before).filter((v) => (Array.isArray(v) ? v.length : (v as { total: number }).total) > 0);
    expect(found.length).toBeGreaterThan(QUERIES.length * 4);
    expect(Object.values(before).some((v) => (v as { atLeast?: boolean }).atLeast)).toBe(true);

    await upkeep.catchUp();
    expect(hasFresh(db)).toBe(false);
    expect(freshSegments(db)).toBe(0);
    integrity(db);
    expect(everySearch(store, directory, groupId)).toEqual(before);
  });

  it('count only while their range is fresh: a contact the catch-up has moved is found once, from the search index', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fresh-'));
    db = openDatabase(join(dir, 'besked.db'));
    const store = new ContactStore(db);
    saveFresh(db, 2_000, 0);
    const all = store.list({ search: 'k' }, 'name', 0, 5_000);
    // One step of 500: those 500 are in both indexes now, the fresh one's rows left for the end.
    let steps = 0;
    const upkeep = new SearchIndexUpkeep(db, createLogger({}), { merge: false, steps: { ms: 60_000, min: 500, first: 500, max: 500 }, stopped: () => steps++ >= 1 });
    await upkeep.catchUp();
    expect(db.prepare('SELECT lo, hi, fresh FROM contacts_fts_pending').all()).toEqual([{ lo: 500, hi: 2_000, fresh: 1 }]);
    expect(freshSegments(db)).toBeGreaterThan(0);
    expect(store.list({ search: 'k' }, 'name', 0, 5_000)).toEqual(all);
    expect(new Set(store.resolve({ filter: { search: 'k' } })).size).toBe(all.total);
    // Edited since it moved: the fresh index still holds its old name, which must find it nowhere.
    const first = store.idByMsisdn(4520000000)!;
    const search = 'østergård 1000';
    expect(store.resolve({ filter: { search } })).toEqual([first]);
    store.update(first, { lastName: 'Nyt' }, 'DK');
    expect(store.list({ search }, 'name', 0, 10).total).toBe(0);
    expect(store.list({ search }, 'newest', 0, 10).total).toBe(0);
    expect(store.resolve({ filter: { search } })).toEqual([]);
    expect([...new SqlContactDirectory(db).contacts({ contactIds: [], groupIds: [], searches: [search] })]).toEqual([]);
    expect(store.resolve({ filter: { search: 'nyt 1000' } })).toEqual([first]);
  });

  it('are not what an older pending range holds: contacts marked pending otherwise wait for the catch-up, as before', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fresh-'));
    db = openDatabase(join(dir, 'besked.db'));
    const store = new ContactStore(db);
    saveFresh(db, 100, 0);
    // What schema 20 and a big undo do: a range marked pending without the fresh index.
    db.transaction(() => {
      db.prepare('DELETE FROM contacts_fts_pending').run();
      markPending(db, 0, 100);
    })();
    expect(hasFresh(db)).toBe(false);
    expect(store.list({ search: 'k' }, 'name', 0, 10).total).toBe(0);
    await new SearchIndexUpkeep(db, createLogger({}), { merge: false }).catchUp();
    expect(store.list({ search: 'k' }, 'name', 0, 10).total).toBe(100);
    // The fresh index's rows went with the last range.
    expect(freshSegments(db)).toBe(0);
  });
});

describe('schema 23 as an upgrade', () => {
  it('keeps a pending range from before as not fresh, and the catch-up finishes it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fresh-'));
    const file = join(dir, 'besked.db');
    const old = openDatabase(file, { migrations: migrations.slice(0, m023ContactsFreshIndex.version - 1) });
    old.transaction(() => {
      old.prepare('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
      const cols = toColumns({ e164: '+4520000001', msisdn: 4520000001, national: '20000001' }, { firstName: 'Gammel', lastName: 'Ventende', email: '', company: '', notes: '', custom: {} });
      old.prepare(
        `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
         VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @name_bucket, @search_phone, @search_custom, 'then', 'then')`,
      ).run({ ...cols, name_bucket: nameBucket(cols.sort_key) });
      old.prepare('DELETE FROM contacts_fts_deferred').run();
      old.prepare('INSERT INTO contacts_fts_pending (lo, hi) VALUES (0, 1)').run();
    })();
    old.close();
    db = openDatabase(file);
    expect(db.prepare('SELECT lo, hi, fresh FROM contacts_fts_pending').all()).toEqual([{ lo: 0, hi: 1, fresh: 0 }]);
    expect(freshSegments(db)).toBe(0);
    await new SearchIndexUpkeep(db, createLogger({}), { merge: false }).catchUp();
    expect(new ContactStore(db).list({ search: 'ventende' }, 'name', 0, 10).total).toBe(1);
    integrity(db);
  });
});
