// The search index catching up after an import: contacts saved but not yet indexed can be edited, deleted
// and restored meanwhile without corrupting it, and a catch-up cut short by a stop finishes at the next start.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { ContactStore } from '../../../src-main/core/contacts/contact-store';
import { markPending, SearchIndexUpkeep } from '../../../src-main/core/contacts/search-index';
import { writeGate } from '../../../src-main/core/db/write-gate';
import { nameBucket } from '../../../src-main/core/contacts/name-rank';
import { toColumns } from '../../../src-main/core/contacts/contact-columns';
import { createLogger } from '../../../src-main/core/log';
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';

let dir: string;
let db: Db;
afterEach(() => {
  if (db?.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the import's apply step does: contacts inserted in one go, marked pending for the index. */
function saveUnindexed(db: Db, n: number, first = 0): void {
  db.transaction(() => {
    const maxId = (db.prepare('SELECT coalesce(max(id), 0) AS m FROM contacts').get() as { m: number }).m;
    db.prepare('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
    const ins = db.prepare(
      `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
       VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @name_bucket, @search_phone, @search_custom, 'now', 'now')`,
    );
    for (let i = first; i < first + n; i++) {
      const national = String(20000000 + i);
      const cols = toColumns({ e164: `+45${national}`, msisdn: Number(`45${national}`), national }, { firstName: `Kunde${i}`, lastName: 'Import', email: '', company: '', notes: '', custom: {} });
      ins.run({ ...cols, name_bucket: nameBucket(cols.sort_key) });
    }
    db.prepare('DELETE FROM contacts_fts_deferred').run();
    markPending(db, maxId, maxId + n);
  })();
}

const integrity = (db: Db) => db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)").run();
const names = (store: ContactStore, q: string) => store.list({ search: q }, 'name', 0, 100).rows.map((r) => r.firstName);

describe('search index catch-up', () => {
  it("on the core's thread makes each step and merge with the write gate claimed (no worker's step begins under it)", async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fts-'));
    db = openDatabase(join(dir, 'besked.db'));
    const gate = writeGate(db);
    // Each step ends a pending range or moves it on; a temporary trigger asks the gate at that moment.
    const seen: boolean[] = [];
    db.function('gate_claimed', () => (seen.push(gate.claimed), null));
    db.exec(`CREATE TEMP TRIGGER probe_done AFTER DELETE ON contacts_fts_pending BEGIN SELECT gate_claimed(); END;
             CREATE TEMP TRIGGER probe_on AFTER UPDATE ON contacts_fts_pending BEGIN SELECT gate_claimed(); END;`);
    saveUnindexed(db, 12_000);
    await new SearchIndexUpkeep(db, createLogger({}), { merge: false }).catchUp();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((c) => c)).toBe(true);
  });

  it('survives edits, deletes and restores of contacts it has not indexed yet', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fts-'));
    db = openDatabase(join(dir, 'besked.db'));
    const log = createLogger({});
    const upkeep = new SearchIndexUpkeep(db, log);
    const store = new ContactStore(db, () => upkeep.schedule());
    store.create({ firstName: 'Indexed', phone: '+4540000000' }, 'DK');
    saveUnindexed(db, 10_000);
    expect(upkeep.hasPending()).toBe(true);
    expect(names(store, 'kunde5')).toEqual([]);
    expect(store.list({ search: 'kunde5' }, 'name', 0, 1).total).toBe(0);

    // Meanwhile: an edit, a delete, a delete that is undone, all of rows still pending.
    const id = (msisdn: number) => store.idByMsisdn(msisdn)!;
    store.update(id(4520000005), { firstName: 'Renamed' }, 'DK');
    store.delete([id(4520000006)]);
    const undo = store.delete([id(4520000007), store.idByMsisdn(4540000000)!]);
    store.undoDelete(undo.undoToken);
    // (FTS5's integrity check would fail here by design: saved rows are missing from the index until it catches up.)

    await upkeep.catchUp();
    expect(upkeep.hasPending()).toBe(false);
    integrity(db);
    expect(names(store, 'renamed')).toEqual(['Renamed']);
    expect(names(store, 'kunde5')).not.toContain('Kunde5');
    expect(names(store, 'kunde6')).not.toContain('Kunde6');
    expect(names(store, 'kunde7')).toContain('Kunde7');
    expect(names(store, 'indexed')).toEqual(['Indexed']);
    expect(store.list({ search: 'import' }, 'name', 0, 1).total).toBe(9_999);
    expect(db.prepare("SELECT v FROM contacts_fts_config WHERE k = 'automerge'").get()).toEqual({ v: 4 });
  });

  it('finishes at the next start when Besked stopped before the index caught up', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fts-'));
    db = openDatabase(join(dir, 'besked.db'));
    saveUnindexed(db, 5000);
    db.close();
    const core = await startCore({ dataDir: dir, shell: 'web', version: 'test', vault: new MemoryVault(), checkOutputs: true });
    try {
      // The catch-up goes in 20 ms steps between other work: a second on a quiet machine, longer on a loaded one
      // (expect.poll's default of 1 s failed there).
      await expect
        .poll(async () => {
          const r = await core.dispatch('contacts.list', { filter: { search: 'kunde4999' } });
          return r.ok ? (r.value as { total: number }).total : -1;
        }, { timeout: 30_000 })
        .toBe(1);
      expect(core.db.prepare('SELECT count(*) AS n FROM contacts_fts_pending').get()).toEqual({ n: 0 });
      integrity(core.db);
    } finally {
      await core.close();
    }
  });

  it('empties the index for a big delete, re-indexes what stays, and indexes a big undo in steps', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fts-'));
    db = openDatabase(join(dir, 'besked.db'));
    const upkeep = new SearchIndexUpkeep(db, createLogger({}));
    const store = new ContactStore(db, () => upkeep.schedule());
    saveUnindexed(db, 30_000);
    await upkeep.catchUp();
    integrity(db);

    // Delete 25,000 of 30,000: the 5,000 that stay are searchable again once the index caught up.
    const gone = store.resolve({ filter: {} }, 'newest').slice(0, 25_000);
    const del = store.delete(gone);
    expect(del.deleted).toBe(25_000);
    expect(upkeep.hasPending()).toBe(true);
    await upkeep.catchUp();
    integrity(db);
    expect(store.list({ search: 'import' }, 'name', 0, 1).total).toBe(5_000);
    expect(names(store, 'kunde29999')).toEqual([]);
    expect(names(store, 'kunde4999')).toEqual(['Kunde4999']);

    // Undo: one run of ids, so indexed in steps afterwards.
    expect(store.undoDelete(del.undoToken)).toEqual({ restored: 25_000, skipped: 0 });
    expect(db.prepare('SELECT lo, hi FROM contacts_fts_pending').all()).toEqual([{ lo: 5_000, hi: 30_000 }]);
    await upkeep.catchUp();
    integrity(db);
    // The list counts up to 10,000; the index itself holds all 30,000.
    expect(store.list({ search: 'import' }, 'name', 0, 1)).toMatchObject({ total: 10_000, totalIsAtLeast: true });
    expect(db.prepare("SELECT count(*) AS n FROM contacts_fts WHERE contacts_fts MATCH 'import'").get()).toEqual({ n: 30_000 });
    expect(names(store, 'kunde29999')).toEqual(['Kunde29999']);
  });

  it("indexes in the caller's step size: the import's worker takes few large steps, the core many short ones", async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-fts-'));
    db = openDatabase(join(dir, 'besked.db'));
    // FTS5 writes out a segment at the end of each step (merging off while it catches up), and within a step whenever
    // its pending terms outgrow their 1 MB: the segments count the steps, give or take.
    const segments = () => (db.prepare('SELECT count(DISTINCT segid) AS n FROM contacts_fts_idx').get() as { n: number }).n;
    const fixed = (n: number) => ({ ms: 60_000, min: n, first: n, max: n });
    saveUnindexed(db, 24_000);
    await new SearchIndexUpkeep(db, createLogger({}), { merge: false, steps: fixed(6_000) }).catchUp();
    const large = segments();
    expect(large).toBeGreaterThanOrEqual(4);
    expect(large).toBeLessThanOrEqual(8);
    integrity(db);
    saveUnindexed(db, 24_000, 24_000);
    await new SearchIndexUpkeep(db, createLogger({}), { merge: false, steps: fixed(1_000) }).catchUp();
    expect(segments() - large).toBeGreaterThanOrEqual(24);
    integrity(db);
    expect(db.prepare("SELECT count(*) AS n FROM contacts_fts WHERE contacts_fts MATCH 'import'").get()).toEqual({ n: 48_000 });
  });
});
