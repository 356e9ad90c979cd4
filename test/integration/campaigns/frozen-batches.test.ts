// Frozen batches on a database on disk and over real HTTP: a large legacy list is frozen as batches whose ids are
// reserved, sent from them, and written as rows later (by a reader, or by the idle outbox in slices) with exactly
// what was frozen; counts, cancelling, replies and a second campaign see one consistent list throughout.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { copyFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from '../../../src-main/core/db/database';
import {
  batchStringsInTurns,
  batchedCount,
  entryText,
  frozenListOf,
  materialise,
  readBatches,
  writeBatches,
  nextRecipientId,
  type FrozenList,
} from '../../../src-main/core/campaigns/recipients/frozen-batches';
import { mergeFieldsIn, renderTemplate } from '../../../src-shared/sms/segments';
import { templatePieces } from '../../../src-shared/sms/personalised';
import { openDatabase } from '../../../src-main/core/db/database';
import { migrations } from '../../../src-main/core/db/migrations';
import { settleChunks } from '../../../src-main/core/campaigns/recipients/settlement';
import { draft, numbers, perTest, type TestCore } from './helpers';

const AT = '2026-11-22T10:00:00.000Z';

const opened = perTest();
afterEach(() => opened.after());

const freshDb = (): Db => opened.db('besked-batches-');

const TEMPLATE = 'Hej {first_name}!';

function campaign(d: Db, text = TEMPLATE): number {
  return Number(
    d.prepare("INSERT INTO campaigns (state, text, created_at, updated_at, frozen_at) VALUES ('sending', ?, ?, ?, ?)").run(text, AT, AT, AT).lastInsertRowid,
  );
}

const rowsOf = (d: Db, id: number) =>
  d.prepare('SELECT id, msisdn, contact_id, name, text, tagvalues, parts, cost, state, chunk_id FROM campaign_recipients WHERE campaign_id = ? ORDER BY id').all(id);

type Entry = [msisdn: number, contactId: number | null, name: string | null, tagvalues: string[], parts: number, cost: number | null, ucs2: 0 | 1];

// Entries as the sender freezes them (the template 'Hej {first_name}!'): what a row must hold afterwards, quotes,
// emoji, backslashes, nulls and a number beyond 32 bits included.
const ENTRIES: Entry[] = [
  [4520000001, 7, 'Anna Hansen', ['Anna'], 1, 0.25, 0],
  [4520000002, null, null, ['kunde'], 1, null, 0],
  [4520000003, 9, 'Zoë "Z" ✨', ['Zoë "Z" ✨'], 1, 0.5, 1],
  [4520000004, 10, 'Bo', [''], 2, 0, 0],
  [4520000005, 5_000_000_011, "O'Brien\\", ["O'Brien\\ {first_name}"], 3, 1.125, 0],
];

/** The entries as the list the sender hands to writeBatches, built the way the sender builds it. */
function listOf(entries: Entry[], firstId: number): FrozenList {
  const list = frozenListOf(
    entries.map(([msisdn, contactId, name]) => ({ msisdn, contactId, name })),
    entries.map(([, , , tagvalues, parts, , ucs2]) => ({ tagvaluesJson: JSON.stringify(tagvalues), parts, ucs2: ucs2 === 1 })),
    entries.map(([, , , , , cost]) => cost),
    entries.length,
  );
  list.firstId = firstId;
  return list;
}

/** A list's entries back as tuples with their ids (NaN read back as null). */
const entriesOf = (list: FrozenList) =>
  Array.from(list.msisdn, (msisdn, i) => ({
    id: list.firstId + i,
    entry: [
      msisdn,
      Number.isNaN(list.contactId[i]) ? null : list.contactId[i],
      list.names[i],
      JSON.parse(list.tagvaluesJson[i]!) as string[],
      list.parts[i],
      Number.isNaN(list.cost[i]) ? null : list.cost[i],
      list.ucs2[i],
    ],
  }));

describe('a frozen entry\'s text', () => {
  // Templates and values where a second scan for fields, or a plain search-and-replace, would go wrong.
  const cases: [template: string, values: Record<string, string>][] = [
    ['Hej {first_name}!', { first_name: 'Anna' }],
    ['{first_name}{last_name}', { first_name: 'A', last_name: 'B' }],
    ['{first_name} and {first_name} again', { first_name: 'Bo' }],
    ['Kode: {kode} – {{kode}} {kode', { kode: '42' }],
    ['{a}{b}', { a: '{b}', b: 'x' }],
    ['{a}b}', { a: '{c' }],
    ['{a} og {c}', { a: '{c}', c: '{a}' }],
    ['Tilbud uden felter ✨ 100%', {}],
    ['', {}],
    ['{first_name}', { first_name: '' }],
    ['Hej {navn}, \'ja\' "nej" \\ {by}', { navn: 'Zoë ✨', by: 'Århus\nC' }],
  ];
  it.each(cases)('of %j is what renderTemplate gives', (template, values) => {
    const fields = mergeFieldsIn(template);
    const tagvalues = fields.length ? fields.map((f) => values[f] ?? '') : null;
    expect(entryText(templatePieces(template), tagvalues)).toBe(renderTemplate(template, values));
  });
});

describe('frozen batches on disk', () => {
  it('hold the same texts when the send made them in turns before its transaction as when written in it', async () => {
    const d = freshDb();
    const [made, inline] = [campaign(d), campaign(d)];
    const list = listOf(ENTRIES, nextRecipientId(d));
    const strings = await batchStringsInTurns(list, 2);
    expect(strings).toHaveLength(3);
    d.transaction(() => writeBatches(d, made, list, 2, strings))();
    list.firstId = nextRecipientId(d);
    d.transaction(() => writeBatches(d, inline, list, 2))();
    const stored = (c: number) => d.prepare('SELECT size, strings FROM recipient_batches WHERE campaign_id = ? ORDER BY first_id').all(c);
    expect(stored(made)).toEqual(stored(inline));
    // And each entry reads back as it was frozen.
    expect(readBatches(d, made, 0, ENTRIES.length).flatMap(entriesOf).map((e) => e.entry)).toEqual(ENTRIES);
  });

  it('write back as rows with exactly the frozen values, lowest batch first, and count as queued until then', () => {
    const d = freshDb();
    const c = campaign(d);
    const first = nextRecipientId(d);
    d.transaction(() => writeBatches(d, c, listOf(ENTRIES, first), 2))();
    expect(d.prepare('SELECT first_id, last_id, size FROM recipient_batches ORDER BY first_id').all()).toEqual([
      { first_id: first, last_id: first + 1, size: 2 },
      { first_id: first + 2, last_id: first + 3, size: 2 },
      { first_id: first + 4, last_id: first + 4, size: 1 },
    ]);
    expect(batchedCount(d, c)).toBe(5);
    // Reserved ids are taken into account by the next list even before any row exists.
    expect(nextRecipientId(d)).toBe(first + 5);
    // From id first + 1, three entries: the batches holding them, read back whole.
    const read = readBatches(d, c, first + 1, 3);
    expect(read.map((b) => b.firstId)).toEqual([first, first + 2]);
    expect(read.flatMap(entriesOf)).toEqual(ENTRIES.slice(0, 4).map((entry, i) => ({ id: first + i, entry })));

    expect([...materialise(d, c, 1)]).toEqual([c]);
    expect(rowsOf(d, c).map((r) => (r as { id: number }).id)).toEqual([first, first + 1]);
    expect(batchedCount(d, c)).toBe(3);
    materialise(d);
    expect(batchedCount(d, c)).toBe(0);
    expect(rowsOf(d, c)).toEqual(
      ENTRIES.map(([msisdn, contactId, name, tagvalues, parts, cost], i) => ({
        id: first + i,
        msisdn,
        contact_id: contactId,
        name,
        text: `Hej ${tagvalues[0]}!`,
        tagvalues: JSON.stringify(tagvalues),
        parts,
        cost,
        state: 'queued',
        chunk_id: null,
      })),
    );
    // Nothing left: a second pass writes nothing.
    expect(materialise(d).size).toBe(0);
  });

  it.each([1, 2, 3])('write back in parts of %s entries, a batch kept for its rest, as the same rows as at once', (entries) => {
    const whole = freshDb();
    const wc = campaign(whole);
    const wFirst = nextRecipientId(whole);
    whole.transaction(() => writeBatches(whole, wc, listOf(ENTRIES, wFirst), 4))();
    materialise(whole);
    const d = freshDb();
    const c = campaign(d);
    const first = nextRecipientId(d);
    d.transaction(() => writeBatches(d, c, listOf(ENTRIES, first), 4))();
    const written: number[] = [];
    while (materialise(d, c, 1, entries).size > 0) {
      written.push(rowsOf(d, c).length);
      // The lowest ids are rows, the rest still batches, and together they are every entry once.
      expect(rowsOf(d, c).length + batchedCount(d, c)).toBe(ENTRIES.length);
      expect(readBatches(d, c, 0, ENTRIES.length).flatMap(entriesOf)).toEqual(
        ENTRIES.slice(rowsOf(d, c).length).map((entry, i) => ({ id: first + rowsOf(d, c).length + i, entry })),
      );
    }
    expect(written[0]).toBe(entries);
    expect(rowsOf(d, c)).toEqual(rowsOf(whole, wc).map((r) => ({ ...(r as object), id: (r as { id: number }).id - wFirst + first })));
    whole.close();
  });

  it('settles a chunk only once every recipient in its range is a row', () => {
    const d = freshDb();
    const c = campaign(d);
    const first = nextRecipientId(d);
    d.transaction(() => writeBatches(d, c, listOf(ENTRIES.slice(0, 4), first), 2))();
    // One accepted chunk over the first three ids: it reaches into the second batch.
    const chunk = Number(
      d
        .prepare(
          `INSERT INTO send_chunks (campaign_id, seq, state, recipients, started_at, finished_at, first_id, last_id, settled)
           VALUES (?, 1, 'accepted', 3, ?, ?, ?, ?, 0)`,
        )
        .run(c, AT, AT, first, first + 2).lastInsertRowid,
    );
    d.prepare(
      `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done)
       VALUES ('77', 'legacy', ?, ?, 3, ?, ?, ?, 0)`,
    ).run(c, chunk, AT, AT, AT);
    // A slice of one batch writes the first batch but cannot settle the chunk yet.
    settleChunks(d, undefined, 1);
    expect(d.prepare('SELECT settled FROM send_chunks WHERE id = ?').pluck().get(chunk)).toBe(0);
    expect(rowsOf(d, c).map((r) => (r as { state: string }).state)).toEqual(['queued', 'queued']);
    // The next slice writes the second batch, and settles nothing in the same step (issue 30.3); the one after settles.
    settleChunks(d, undefined, 1);
    expect(d.prepare('SELECT settled FROM send_chunks WHERE id = ?').pluck().get(chunk)).toBe(0);
    settleChunks(d, undefined, 1);
    expect(d.prepare('SELECT settled FROM send_chunks WHERE id = ?').pluck().get(chunk)).toBe(1);
    expect(rowsOf(d, c).map((r) => [(r as { state: string }).state, (r as { chunk_id: number | null }).chunk_id])).toEqual([
      ['accepted', chunk],
      ['accepted', chunk],
      ['accepted', chunk],
      ['queued', null],
    ]);
  });

  it('refuses a damaged batch with a clear error and keeps it', () => {
    const d = freshDb();
    const c = campaign(d);
    const first = nextRecipientId(d);
    d.transaction(() => writeBatches(d, c, listOf(ENTRIES, first), 5))();
    // Four numbers' bytes where five belong.
    d.prepare('UPDATE recipient_batches SET msisdn = substr(msisdn, 1, 32)').run();
    expect(() => materialise(d)).toThrow('a frozen batch column holds 32 bytes, expected 40');
    expect(batchedCount(d, c)).toBe(5);
    expect(rowsOf(d, c)).toEqual([]);
  });
});

describe('schema 10', () => {
  it('converts batches frozen as JSON entries (schema 8) so they write back as the same rows', () => {
    const file = join(opened.dir('besked-batches-v9-'), 'b.db');
    const v9 = openDatabase(file, { migrations: migrations.slice(0, 9) });
    const c = campaign(v9);
    // As schema 8 wrote them: one JSON array per recipient, tag values as JSON text.
    const old = ENTRIES.map(([m, contact, name, tv, parts, cost, ucs2]) => [m, contact, name, JSON.stringify(tv), parts, cost, ucs2]);
    v9.prepare('INSERT INTO recipient_batches (campaign_id, first_id, last_id, size, data) VALUES (?, 1, 3, 3, ?), (?, 4, 5, 2, ?)').run(
      c,
      JSON.stringify(old.slice(0, 3)),
      c,
      JSON.stringify(old.slice(3)),
    );
    v9.close();
    const d = openDatabase(file);
    expect(batchedCount(d, c)).toBe(5);
    expect(readBatches(d, c, 1, 5).flatMap(entriesOf)).toEqual(ENTRIES.map((entry, i) => ({ id: 1 + i, entry })));
    materialise(d);
    expect(rowsOf(d, c).map((r) => [(r as { id: number }).id, (r as { text: string }).text, (r as { tagvalues: string }).tagvalues])).toEqual(
      ENTRIES.map(([, , , tv], i) => [1 + i, `Hej ${tv[0]}!`, JSON.stringify(tv)]),
    );
    d.close();
  });
});

/** Sends a campaign of n typed numbers with the outbox stopped: frozen, nothing sent, every batch still there. */
async function heldCampaign(t: TestCore, n: number, from = 700): Promise<number> {
  await t.core.outbox.stop();
  const { id } = await t.ok('campaigns.create', {});
  await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(from, n) } }) });
  await t.ok('campaigns.send', { id });
  return id;
}

const batchesOf = (t: TestCore, id: number) =>
  t.core.db.prepare('SELECT first_id, last_id, size FROM recipient_batches WHERE campaign_id = ? ORDER BY first_id').all(id) as {
    first_id: number;
    last_id: number;
    size: number;
  }[];

/**
 * Accepted rows of a campaign in the database file as it is on disk, without its write-ahead log. -1 when the copy
 * was taken while a checkpoint was writing the file (a plain file copy is not a consistent one: a clean-clone CI read
 * one as "database disk image is malformed"); the caller looks again.
 */
function acceptedInFileAlone(file: string, id: number): number {
  const copy = join(opened.dir('besked-file-alone-'), 'copy.db');
  copyFileSync(file, copy);
  const db = new Database(copy);
  try {
    // Before any checkpoint the file may not even hold the schema.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'campaign_recipients'").get()) return 0;
    return db.prepare("SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state = 'accepted'").pluck().get(id) as number;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CORRUPT') return -1;
    throw err;
  } finally {
    db.close();
  }
}

describe('a large legacy campaign', () => {
  it('is frozen as batches with its last recipient as a row, so replies and later campaigns never take a reserved id', async () => {
    const t = await opened.core({ campaigns: { chunkSize: 4, batchSize: 3 } });
    const a = await heldCampaign(t, 10);
    const batches = batchesOf(t, a);
    expect(batches.map((b) => b.size)).toEqual([3, 3, 3]);
    const rowIds = t.core.db.prepare('SELECT id FROM campaign_recipients WHERE campaign_id = ?').pluck().all(a) as number[];
    expect(rowIds).toEqual([batches[2]!.last_id + 1]);
    expect((await t.ok('campaigns.list', {})).campaigns.find((c) => c.id === a)?.counts).toMatchObject({ queued: 10, total: 10 });

    // A reply from the inbox and a second campaign, both while the first one's batches wait.
    const reply = await t.ok('inbox.reply', { msisdn: 4520009999, text: 'Tak for din besked', sender: 'Besked' });
    const b = await heldCampaign(t, 7, 800);
    expect(batchesOf(t, a)).toEqual(batches);
    const others = t.core.db.prepare('SELECT MIN(id) FROM campaign_recipients WHERE campaign_id <> ?').pluck().get(a) as number;
    expect(others).toBeGreaterThan(rowIds[0]!);
    expect(batchesOf(t, b)[0]!.first_id).toBeGreaterThan(rowIds[0]!);

    t.core.outbox.start();
    await t.waitForState(reply.campaignId, ['sent']);
    await t.waitForState(b, ['sent']);
    const done = await t.waitForState(a, ['sent']);
    expect(done.counts).toMatchObject({ accepted: 10, queued: 0, inFlight: 0, total: 10 });
    const rows = (await t.ok('campaigns.recipients', { id: a, limit: 100 })).rows;
    const ledger = await t.ledger();
    const byNumber = new Map(ledger.map((e) => [e.recipient, e.id]));
    expect(rows.map((r) => r.msisdn).sort()).toEqual(numbers(700, 10).map((s) => Number(s.slice(1))));
    for (const r of rows) expect(r).toMatchObject({ state: 'accepted', messageId: Number(byNumber.get(r.msisdn)) });
    // Every number of every campaign went out exactly once.
    expect(ledger).toHaveLength(10 + 1 + 7);
    expect(new Set(ledger.map((e) => e.recipient)).size).toBe(18);
    expect(batchesOf(t, a)).toEqual([]);
  });

  it('is cancelled whole while its recipients are still in batches', async () => {
    const t = await opened.core({ campaigns: { chunkSize: 4, batchSize: 3 } });
    const id = await heldCampaign(t, 8);
    expect(batchesOf(t, id).map((b) => b.size)).toEqual([3, 3, 1]);
    await t.ok('campaigns.cancel', { id });
    t.core.outbox.start();
    const after = await t.ok('campaigns.get', { id });
    expect(after.state).toBe('cancelled');
    expect(after.counts).toMatchObject({ cancelled: 8, queued: 0, total: 8 });
    expect(batchesOf(t, id)).toEqual([]);
    expect(await t.ledger()).toHaveLength(0);
  });

  it('sends the rows written while it waited and the batches still waiting, each recipient once, in id order', async () => {
    const t = await opened.core({ campaigns: { chunkSize: 4, batchSize: 3 } });
    const id = await heldCampaign(t, 11);
    // One batch written as rows meanwhile (as the idle outbox or a reader would), then sending starts.
    settleChunks(t.core.db, undefined, 1);
    expect(batchesOf(t, id).map((b) => b.size)).toEqual([3, 3, 1]);
    t.core.outbox.start();
    const done = await t.waitForState(id, ['sent']);
    expect(done.counts).toMatchObject({ accepted: 11, queued: 0, total: 11 });
    const ledger = (await t.ledger()).map((e) => e.recipient);
    expect(ledger).toHaveLength(11);
    // Chunks go out in id order, and ids follow the frozen order: the numbers as typed.
    expect(ledger).toEqual(numbers(700, 11).map((s) => Number(s.slice(1))));
  });

  it('is written as rows by the idle outbox after it was sent, in slices, with every outcome settled, then checkpointed', async () => {
    const t = await opened.core({ campaigns: { chunkSize: 5, batchSize: 4 } });
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', {
      id,
      draft: draft({ text: 'Hej {first_name}', fallbacks: { first_name: 'kunde' }, recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(900, 23) } }),
    });
    await t.ok('campaigns.send', { id });
    // No reader is asked (they would write the rows at once): the database alone is watched.
    const deadline = Date.now() + 15_000;
    const q = t.core.db.prepare(
      `SELECT (SELECT state FROM campaigns WHERE id = @id) AS state,
              (SELECT COUNT(*) FROM recipient_batches WHERE campaign_id = @id) AS batches,
              (SELECT COUNT(*) FROM send_chunks WHERE campaign_id = @id AND settled = 0) AS unsettled`,
    );
    for (;;) {
      const s = q.get({ id }) as { state: string; batches: number; unsettled: number };
      if (s.state === 'sent' && s.batches === 0 && s.unsettled === 0) break;
      if (Date.now() > deadline) throw new Error(`never settled: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Idle now: the log it wrote is copied into the database file (db/checkpoints.ts) without another commit, so
    // the file alone, without its log, holds every row.
    for (const until = Date.now() + 5_000; acceptedInFileAlone(t.core.db.name, id) < 23; ) {
      if (Date.now() > until) throw new Error(`the idle outbox left the log uncopied: the file alone holds ${acceptedInFileAlone(t.core.db.name, id)} rows`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const rows = t.core.db
      .prepare('SELECT msisdn, text, tagvalues, state, gateway_id FROM campaign_recipients WHERE campaign_id = ? ORDER BY id')
      .all(id) as { msisdn: number; text: string; tagvalues: string; state: string; gateway_id: string }[];
    const ledger = new Map((await t.ledger()).map((e) => [e.recipient, e]));
    expect(rows).toHaveLength(23);
    for (const r of rows) {
      expect(r.state).toBe('accepted');
      expect(r.text).toBe('Hej kunde');
      expect(r.tagvalues).toBe('["kunde"]');
      expect(r.gateway_id).toBe(ledger.get(r.msisdn)?.id);
    }
  });
});
