// An import's contacts reach the search index in its save thread (apply-worker.ts), not in steps on the core's thread:
// searchable when contacts.importRun answers (the fresh index, schema 23) and nothing left pending soon after; the core's own catch-up of older pending
// contacts running at the same time indexes nothing twice; and Besked stopping while the thread indexes ends it
// between two steps, the rest indexed at the next start.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { openDatabase } from '../../../src-main/core/db/database';
import { markPending } from '../../../src-main/core/contacts/search-index';
import { writeGate } from '../../../src-main/core/db/write-gate';
import { checkpointsElsewhere } from '../../../src-main/core/db/checkpointer';
import { nameBucket } from '../../../src-main/core/contacts/name-rank';
import { toColumns } from '../../../src-main/core/contacts/contact-columns';
import { generateCsv, importThroughContract } from '../../bench/contacts.bench';

const dirs: string[] = [];
let core: Core | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'besked-index-thread-'));
  dirs.push(d);
  return d;
}

const open = (dataDir: string) => startCore({ dataDir, shell: 'web', version: 'test', vault: new MemoryVault(), checkOutputs: true });
const pending = (c: Core) => (c.db.prepare('SELECT count(*) AS n FROM contacts_fts_pending').get() as { n: number }).n;
// FTS5's own check: throws when the index and the contacts differ (a contact indexed twice, or missing).
const integrity = (c: Core) => c.db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)").run();
async function total(c: Core, search: string): Promise<number> {
  const r = await c.dispatch('contacts.list', { filter: { search }, limit: 1 });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { total: number }).total;
}

/** Contacts saved the way an import's save leaves them before indexing: in one go, their ids marked pending. */
function savedUnindexed(dataDir: string, n: number): void {
  const db = openDatabase(join(dataDir, 'besked.db'));
  try {
    db.transaction(() => {
      db.prepare('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
      const ins = db.prepare(
        `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
         VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @name_bucket, @search_phone, @search_custom, 'now', 'now')`,
      );
      for (let i = 0; i < n; i++) {
        const national = String(90000000 + i);
        const cols = toColumns({ e164: `+45${national}`, msisdn: Number(`45${national}`), national }, { firstName: `Tidligere${i}`, lastName: 'Ventende', email: '', company: '', notes: '', custom: {} });
        ins.run({ ...cols, name_bucket: nameBucket(cols.sort_key) });
      }
      db.prepare('DELETE FROM contacts_fts_deferred').run();
      markPending(db, 0, n);
    })();
  } finally {
    db.close();
  }
}

describe("an import's search indexing in its save thread", () => {
  it('has every imported contact searchable when the import answers, and in the search index with nothing pending soon after', async () => {
    core = await open(folder());
    const report = (await importThroughContract(core, generateCsv(20_000))) as { created: number };
    expect(report.created).toBe(20_000);
    // The bench's file: the last row's customer number and e-mail, and a name every row shares. Searchable at once,
    // through the fresh index while the thread indexes (schema 23).
    const searches = async () => [await total(core!, 'firma499'), await total(core!, '@firma1.dk'), await total(core!, 'Jensen')];
    const now = await searches();
    expect(now[0]).toBe(40);
    expect(now[1]).toBeGreaterThan(0);
    expect(now[2]).toBeGreaterThan(1000);
    await expect.poll(() => pending(core!), { timeout: 30_000 }).toBe(0);
    // The thread merges the index's new segments for a while yet; the checkpointer's thread copies the log meanwhile
    // again (resting till the thread ended, the core's own commits copied it, holding the core 60 ms), from the
    // moment the thread's word that it has indexed arrives, just after its last step's commit.
    await expect.poll(() => checkpointsElsewhere(core!.db), { timeout: 10_000, interval: 5 }).toBe(true);
    expect(mergeWorkLeft(core.db)).toBe(true);
    integrity(core);
    expect(await searches()).toEqual(now);
  });

  it('saves and indexes two imports running at the same time, each whole, each contact once, reads answering meanwhile', async () => {
    core = await open(folder());
    // The second file's numbers differ from the first's (the bench's file numbers its rows from 20000000).
    const other = Buffer.from(
      `Fornavn;Efternavn;Mobil\r\n${Array.from({ length: 3_000 }, (_, i) => `Anden${i};Samtidig;${90_000_000 + i}`).join('\r\n')}\r\n`,
      'latin1',
    );
    let reads = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const r = await core!.dispatch('contacts.list', { limit: 1 });
        if (!r.ok) throw new Error(r.error.message);
        reads++;
        await new Promise((res) => setTimeout(res, 5));
      }
    })();
    const [a, b] = (await Promise.all([
      importThroughContract(core, generateCsv(6_000)),
      importThroughContract(core, other, { kind: 'new', name: 'Anden fil' }),
    ])) as { created: number }[];
    reading = false;
    await reader;
    expect([a!.created, b!.created]).toEqual([6_000, 3_000]);
    expect(reads).toBeGreaterThan(0);
    await expect.poll(() => pending(core!), { timeout: 60_000 }).toBe(0);
    integrity(core);
    expect((core.db.prepare('SELECT count(*) AS n, count(DISTINCT msisdn) AS d FROM contacts').get() as { n: number; d: number })).toEqual({ n: 9_000, d: 9_000 });
    expect(await total(core, 'samtidig')).toBe(3_000);
    expect(await total(core, 'aps')).toBe(6_000);
    // Each file's group holds its own contacts.
    const groups = core.db.prepare('SELECT g.name, count(*) AS n FROM contact_groups g JOIN contact_group_members m ON m.group_id = g.id GROUP BY g.id ORDER BY g.name').all();
    expect(groups).toEqual([
      { name: 'Alle kunder', n: 6_000 },
      { name: 'Anden fil', n: 3_000 },
    ]);
  });

  it("indexes nothing twice while the core's own catch-up of older pending contacts runs at the same time", async () => {
    const dir = folder();
    // 30,000 saved before a stop and never indexed: the core starts catching up on them at once, in its steps.
    savedUnindexed(dir, 30_000);
    core = await open(dir);
    expect(pending(core)).toBeGreaterThan(0);
    // Meanwhile an import, whose thread catches up on everything pending, the older contacts included.
    await importThroughContract(core, generateCsv(10_000));
    await expect.poll(() => pending(core!), { timeout: 60_000 }).toBe(0);
    integrity(core);
    const indexed = (q: string) => (core!.db.prepare('SELECT count(*) AS n FROM contacts_fts WHERE contacts_fts MATCH ?').get(q) as { n: number }).n;
    expect(indexed('ventende')).toBe(30_000);
    expect(indexed('aps')).toBe(10_000);
  });

  it('stops between two steps when Besked stops while it indexes, and the rest is indexed at the next start', async () => {
    const dir = folder();
    core = await open(dir);
    // Closed as soon as the save has begun: the thread is then saving or indexing (the save's transaction is never
    // cut: the close waits for the thread to end).
    const saving = new Promise<void>((resolve) =>
      core!.events.subscribe((m) => {
        if (m.name === 'contacts.importProgress' && (m.payload as { phase: string }).phase === 'saving') resolve();
      }),
    );
    const run = importThroughContract(core, generateCsv(40_000)).catch(() => null);
    await saving;
    await new Promise((r) => setTimeout(r, 300));
    await core.close();
    core = null;
    // Ended with the core: nothing writes to the data folder's database once the close has answered (a restore may
    // replace the file next).
    const files = () => ['besked.db', 'besked.db-wal'].map((f) => (existsSync(join(dir, f)) ? `${f} ${statSync(join(dir, f)).size} ${statSync(join(dir, f)).mtimeMs}` : `${f} none`));
    const closed = files();
    await new Promise((r) => setTimeout(r, 800));
    expect(files()).toEqual(closed);
    await run;

    core = await open(dir);
    const saved = (core.db.prepare('SELECT count(*) AS n FROM contacts').get() as { n: number }).n;
    // All of the file or none of it; whatever was saved becomes searchable.
    expect([0, 40_000]).toContain(saved);
    await expect.poll(() => pending(core!), { timeout: 60_000 }).toBe(0);
    integrity(core);
    const indexed = (core.db.prepare("SELECT count(*) AS n FROM contacts_fts WHERE contacts_fts MATCH 'aps'").get() as { n: number }).n;
    expect(indexed).toBe(saved);
  });
});

/** Whether FTS5 finds segments to merge, asked without merging them (the probe's merge step is rolled back). */
function mergeWorkLeft(db: Core['db']): boolean {
  const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  db.exec('SAVEPOINT probe');
  try {
    const before = changes();
    db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('merge', 16)").run();
    return changes() - before >= 2;
  } finally {
    db.exec('ROLLBACK TO probe; RELEASE probe');
  }
}

describe('indexing and merging an import left undone when Besked stopped', () => {
  it('is finished after the next start', async () => {
    const dir = folder();
    core = await open(dir);
    await importThroughContract(core, generateCsv(40_000));
    // Closed as soon as the import has answered: its thread is indexing (the import answers once saved) or merging,
    // and is told to stop between two steps.
    await core.close();
    core = null;
    const db = openDatabase(join(dir, 'besked.db'));
    try {
      const pendingLeft = (db.prepare('SELECT count(*) AS n FROM contacts_fts_pending').get() as { n: number }).n > 0;
      expect(pendingLeft || mergeWorkLeft(db)).toBe(true);
    } finally {
      db.close();
    }

    core = await open(dir);
    // Searchable from the start (the fresh index holds what the search index does not yet).
    expect(await total(core, 'firma499')).toBe(80);
    await expect.poll(() => pending(core!) === 0 && !mergeWorkLeft(core!.db), { timeout: 90_000, interval: 500 }).toBe(true);
    integrity(core);
    expect(await total(core, 'firma499')).toBe(80);
  });
});

describe("the core's own writes while an import's thread saves and indexes", () => {
  it('all succeed: a transaction that reads before it writes waits for the lock instead of failing at once', async () => {
    core = await open(folder());
    const failures: string[] = [];
    let made = 0;
    let writing = true;
    // How often the core's writers found the gate held (db/write-gate.ts): the save and the index's steps hold it.
    let heldSeen = 0;
    const gate = writeGate(core.db);
    const sampler = setInterval(() => (heldSeen += gate.held ? 1 : 0), 1);
    const saving = new Promise<void>((resolve) =>
      core!.events.subscribe((m) => {
        if (m.name === 'contacts.importProgress' && (m.payload as { phase: string }).phase === 'saving') resolve();
      }),
    );
    const writer = (async () => {
      await saving;
      // A colleague adding customers one by one, every 5 ms, through the save, the indexing and the merges after.
      for (let i = 0; writing; i++) {
        const r = await core!.dispatch('contacts.create', { firstName: `Ny${i}`, lastName: 'Kunde', phone: `+4571${String(i).padStart(6, '0')}` });
        if (r.ok) made++;
        else failures.push(`${r.error.kind}: ${r.error.message}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await importThroughContract(core, generateCsv(40_000));
    // The thread indexes after the import answered, then merges.
    await expect.poll(() => pending(core!), { timeout: 30_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    writing = false;
    await writer;
    clearInterval(sampler);
    expect(heldSeen).toBeGreaterThan(0);
    expect(gate.held).toBe(false);
    expect(failures).toEqual([]);
    expect(made).toBeGreaterThan(10);
    expect(await total(core, 'Kunde')).toBe(made);
  });
});
