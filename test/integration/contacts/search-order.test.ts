// Search results in name order whichever way the page is found (a walk of the name index testing each row's
// words, a probe of the match set along the index, or sorting the matches): identical in membership and
// order to a brute-force reference over the search index's own matches, and a total capped at 10,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { ContactStore } from '../../../src-main/core/contacts/contact-store';
import { ftsMatchQuery } from '../../../src-main/core/contacts/search-query';
import { TOTAL_CAP } from '../../../src-main/core/contacts/search-walk';
import { fillDirectory } from '../../bench/danish-directory';

const ROWS = 30_000;
let dir: string;
let db: Db;
let store: ContactStore;
/** The same rules at a smaller scale, so 30,000 contacts reach every path (broad, broad and late, narrow). */
let small: ContactStore;
const SMALL = { totalCap: 1000, walkRows: 300, sortAtMost: 3000 };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'besked-search-order-'));
  db = openDatabase(join(dir, 'besked.db'));
  fillDirectory(db, ROWS);
  store = new ContactStore(db);
  small = new ContactStore(db, undefined, undefined, SMALL);
}, 120_000);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every match the index knows, sorted by (sort_key, id) in JavaScript: the reference. */
function reference(search: string): number[] {
  const rows = db
    .prepare('SELECT c.id, c.sort_key FROM contacts c WHERE c.name_rank IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?)')
    .all(ftsMatchQuery(search)) as { id: number; sort_key: string }[];
  // Byte order, as SQLite compares TEXT.
  const bytes = (s: string) => Buffer.from(s, 'utf8');
  return rows.sort((a, b) => Buffer.compare(bytes(a.sort_key), bytes(b.sort_key)) || a.id - b.id).map((r) => r.id);
}

// Broad and spread ("a", "20", "gmail"), broad and late in the alphabet ("ki", "vibeke" as first names),
// narrow ("åse", "zoë", a full number), numbers in several formats, several words, nothing.
const QUERIES = ['a', 'e', 'j', 'l', 'm', 'p', 's', 't', 'v', 'ha', 'ki', 'Thomas', 'vibeke', 'u', 'åse', 'Zoë', 'øjvind', 'christense', 'Anne Han', 'aarhus', 'kø', 'gmail', '20', '+45 20', '20 12', '2012', '0045 2', 'mette.', 'nobody here'];

describe('search order and membership', () => {
  it.each(QUERIES)('%s: first page and a later window match the reference, total capped', (q) => {
    const ref = reference(q);
    const first = store.list({ search: q }, 'name', 0, 100);
    expect(first.total).toBe(Math.min(ref.length, TOTAL_CAP));
    expect(first.totalIsAtLeast).toBe(ref.length > TOTAL_CAP);
    expect(first.rows.map((r) => r.id)).toEqual(ref.slice(0, 100));
    const later = store.list({ search: q }, 'name', 300, 50);
    expect(later.rows.map((r) => r.id)).toEqual(ref.slice(300, 350));
  });

  it.each(QUERIES)('%s: the same at a smaller scale', (q) => {
    const ref = reference(q);
    const first = small.list({ search: q }, 'name', 0, 100);
    expect(first.total).toBe(Math.min(ref.length, SMALL.totalCap));
    expect(first.totalIsAtLeast).toBe(ref.length > SMALL.totalCap);
    expect(first.rows.map((r) => r.id)).toEqual(ref.slice(0, 100));
    expect(small.list({ search: q }, 'name', 150, 50).rows.map((r) => r.id)).toEqual(ref.slice(150, 200));
  });

  it('the table covers every path: broad spread, broad late, narrow', () => {
    expect(reference('a').length).toBeGreaterThan(TOTAL_CAP);
    // Above the small cap, and none among the first 300 rows in name order: the walk gives way.
    const ki = reference('ki');
    expect(ki.length).toBeGreaterThan(SMALL.totalCap);
    const first300 = new Set((db.prepare('SELECT id FROM contacts ORDER BY sort_key, id LIMIT 300').all() as { id: number }[]).map((r) => r.id));
    expect(ki.some((id) => first300.has(id))).toBe(false);
    expect(reference('åse').length).toBeLessThan(SMALL.totalCap);
    // More than sortAtMost matches and none in the first rows: the probe along the name index.
    expect(QUERIES.some((q) => reference(q).length > SMALL.sortAtMost && !reference(q).some((id) => first300.has(id)))).toBe(true);
  });

  it('a search combined with a filter counts at most 10,001 too', () => {
    const page = store.list({ search: 'a', consent: 'reachable' }, 'name', 0, 10);
    expect(page.total).toBe(TOTAL_CAP);
    expect(page.totalIsAtLeast).toBe(true);
  });
});
