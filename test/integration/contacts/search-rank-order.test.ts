// A search's pages in name order through the name-ordered index (name-rank.ts, search-walk.ts) are exactly the
// pages of a plain ORDER BY sort_key, id over the same matches: for random directories whose names share buckets
// (same first 7 characters, written in an order unlike their names), renamed contacts, prefixes, filters and offsets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { ContactStore } from '../../../src-main/core/contacts/contact-store';
import { ftsMatchQuery } from '../../../src-main/core/contacts/search-query';
import type { ContactFilter } from '../../../src-shared/contract';

let dir: string;
let db: Db;
let store: ContactStore;
/** A small cap, so "more than" totals and their windows are reached with a few hundred contacts. */
let capped: ContactStore;
const CAP = 60;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'besked-rank-order-'));
  db = openDatabase(join(dir, 'besked.db'));
  store = new ContactStore(db);
  capped = new ContactStore(db, undefined, undefined, { totalCap: CAP });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

// First names that share their first 7 sort-key characters ("christi…", "maria h…"), Danish letters, hyphens,
// accents, other scripts, and no name at all (sorted last, by number).
const FIRST = ['Christian', 'Christina', 'Christine', 'Maria', 'Marianne', 'Anne-Marie', 'Anne', 'Åse', 'Øjvind', 'Zoë', 'Ægir', 'Émile', 'Ib', "O'Neil", 'Søren', 'Ωmega', ''];
const LAST = ['Hansen', 'Hansson', 'Hanssen', 'Holm', 'Andersen', 'Ærø', 'Østergård', 'Christiansen', 'Berg-Olsen', 'Lund', ''];
const contact = fc.record({ first: fc.constantFrom(...FIRST), last: fc.constantFrom(...LAST), group: fc.boolean() });
const query = fc.oneof(
  fc.constantFrom(...[...FIRST, ...LAST].filter((w) => w !== '')).map((w) => w.slice(0, 1 + (w.length % 7))),
  fc.constantFrom('c', 'chr', 'christ', 'christia', 'maria h', 'han', 'h', 'a', 'ø', 'anne-m', '2', '+45 2', 'zo'),
);

/** The contacts a filter matches, by (sort_key, id): the reference. */
function reference(filter: ContactFilter): number[] {
  const group = filter.groupId !== undefined ? 'AND EXISTS (SELECT 1 FROM contact_group_members m WHERE m.group_id = ? AND m.contact_id = c.id)' : '';
  return db
    .prepare(`SELECT c.id FROM contacts c WHERE c.name_rank IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?) ${group} ORDER BY c.sort_key, c.id`)
    .pluck()
    .all(ftsMatchQuery(filter.search!), ...(filter.groupId !== undefined ? [filter.groupId] : [])) as number[];
}

describe('search pages through the name-ordered index', () => {
  it('complete a bucket that runs past the matches counted', () => {
    db.exec('DELETE FROM contacts');
    // 80 contacts in one bucket ("christian hans…"), written in an order unlike their names; the count stops at 61.
    for (let i = 0; i < 80; i++) store.create({ firstName: 'Christian', lastName: i % 2 ? 'Hansen' : 'Hanssen', phone: `+4530${String(i).padStart(6, '0')}` }, 'DK');
    const ref = reference({ search: 'christian' });
    for (const [offset, limit] of [[0, 50], [30, 30], [55, 20]] as const) {
      const page = capped.list({ search: 'christian' }, 'name', offset, limit);
      expect(page).toMatchObject({ total: CAP, totalIsAtLeast: true });
      expect(page.rows.map((r) => r.id)).toEqual(ref.slice(offset, offset + limit));
    }
  });


  it('equal the pages of ORDER BY sort_key, id over the matches', () => {
    const groupId = Number(db.prepare("INSERT INTO contact_groups (name, created_at) VALUES ('Rank', 'now')").run().lastInsertRowid);
    let phone = 20_000_000;
    fc.assert(
      fc.property(
        fc.array(contact, { minLength: 30, maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.record({ q: query, offset: fc.oneof(fc.nat({ max: 10 }), fc.nat({ max: 80 })), limit: fc.integer({ min: 1, max: 30 }), inGroup: fc.boolean() }), { minLength: 1, maxLength: 6 }),
        (people, renames, windows) => {
          db.exec('DELETE FROM contacts');
          const ids = people.map((p) => store.create({ firstName: p.first, lastName: p.last, phone: `+45${phone++}`, groupIds: p.group ? [groupId] : [] }, 'DK').id);
          // A rename moves the contact to another rank (the index's old row out, the new one in).
          for (const r of renames) store.update(ids[r % ids.length]!, { firstName: FIRST[r % FIRST.length]!, lastName: LAST[r % LAST.length]! }, 'DK');
          for (const w of windows) {
            const filter: ContactFilter = w.inGroup ? { search: w.q, groupId } : { search: w.q };
            const ref = reference(filter);
            for (const s of [store, capped]) {
              const page = s.list(filter, 'name', w.offset, w.limit); 
              const cap = s === capped ? CAP : 10_000;
              expect(page.total).toBe(Math.min(ref.length, cap));
              // A window that starts before the cap is read whole (as before the name-ordered index).
              const expected = w.offset < page.total ? ref.slice(w.offset, w.offset + w.limit) : [];
              expect(page.rows.map((r) => r.id), `${w.q} ${w.offset}+${w.limit}`).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
