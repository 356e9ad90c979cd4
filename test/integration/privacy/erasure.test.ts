// A customer's data on request through the core's calls, against the sandbox simulator (issue 28 points 9 and 10):
// the export holds everything about the person; the erasure leaves no trace of their number or name in the database
// file's bytes (any way the number is written, as text or as bytes), keeps every campaign's counts and costs, and an
// opted-out number stays refused when it comes back.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { draft, dkNumber, perTest, type TestCore } from '../campaigns/helpers';
import { hasFresh, SearchIndexUpkeep } from '../../../src-main/core/contacts/search-index';
import { createLogger } from '../../../src-main/core/log';
import { saveAsImported } from '../contacts/import-saved';

const run = perTest();
afterEach(() => run.after());

const XENIA = dkNumber(77); // +45 20 00 00 77
const OTHER = dkNumber(78);
const FIRST = 'Xeniabeth';
const LAST = 'Quistgaardsen';

/** Every way the number or name may sit in the file: as text in its usual forms, and as the bytes a column stores. */
function traces(): Buffer[] {
  const int64 = Buffer.alloc(8);
  int64.writeBigInt64LE(BigInt(XENIA));
  const float64 = Buffer.alloc(8);
  float64.writeDoubleLE(XENIA);
  const be = Buffer.alloc(8);
  be.writeBigInt64BE(BigInt(XENIA));
  return [
    ...['4520000077', '+4520000077', '20000077', '20 00 00 77', '+45 20 00 00 77', FIRST, LAST, FIRST.toLowerCase(), LAST.toLowerCase()].map((s) => Buffer.from(s)),
    int64,
    float64,
    // SQLite's own record format stores an integer big-endian in 6 bytes when it fits.
    be.subarray(2),
  ];
}

function found(dir: string): string[] {
  const files = ['besked.db', 'besked.db-wal'].map((f) => join(dir, f)).filter((f) => existsSync(f));
  const hits: string[] = [];
  for (const f of files) {
    const bytes = readFileSync(f);
    for (const t of traces()) if (bytes.includes(t)) hits.push(`${f.slice(dir.length + 1)}: ${JSON.stringify(t.toString('latin1'))}`);
  }
  return hits;
}

/** Every table and column (the search index's shadow tables too) whose cells hold any of the traces. */
function tablesHolding(db: Database.Database): string[] {
  const hits: string[] = [];
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]) {
    for (const { name: col } of db.prepare(`PRAGMA table_info('${name}')`).all() as { name: string }[]) {
      for (const trace of traces()) {
        if (db.prepare(`SELECT 1 FROM "${name}" WHERE instr(CAST("${col}" AS BLOB), ?) > 0 LIMIT 1`).get(trace)) hits.push(`${name}.${col}: ${JSON.stringify(trace.toString('latin1'))}`);
      }
    }
  }
  return hits;
}

async function sendTo(t: TestCore, d: Parameters<typeof draft>[0]): Promise<number> {
  const created = await t.ok('campaigns.create', {});
  const full = draft(d);
  await t.ok('campaigns.saveDraft', { id: created.id, draft: full });
  const preview = await t.ok('compose.preview', { draft: full });
  await t.ok('campaigns.send', { id: created.id, expectedCost: preview.cost!.total });
  return created.id;
}

async function person(t: TestCore): Promise<{ xenia: number; campaign: number }> {
  await t.ok('pricing.status', { refresh: true });
  const group = await t.ok('groups.create', { name: 'Stamkunder' });
  const xenia = await t.ok('contacts.create', { firstName: FIRST, lastName: LAST, phone: '+45 20 00 00 77', email: 'xq@example.dk', custom: { kundenr: 'K-991' }, groupIds: [group.id] });
  await t.ok('contacts.create', { firstName: 'Other', lastName: 'Person', phone: `+${OTHER}`, groupIds: [group.id] });
  // Six recipients with batches of three: the person's number sits in a frozen batch before it is written as a row.
  const campaign = await sendTo(t, { name: 'Sommerudsalg', text: 'Hej {first_name}, 20% i dag', fallbacks: { first_name: 'ven' }, recipients: { contactIds: [], groupIds: [group.id], searches: [], numbers: ['+4520000090', '+4520000091', '+4520000092', '+4520000093'] } });
  await t.waitForState(campaign, ['sent']);
  await t.sim('POST', '/_sim/inbound', { msisdn: XENIA, receiver: 1204, message: `Hej, det er ${FIRST}. Ring på 20 00 00 77` });
  await t.ok('sync.now', {});
  const reply = await t.ok('inbox.reply', { msisdn: XENIA, text: `Tak ${FIRST}, vi ringer`, sender: 'Butik' });
  await t.waitForState(reply.campaignId, ['sent']);
  await t.ok('inbox.addNote', { msisdn: XENIA, text: 'Vil have katalog' });
  await t.sim('POST', '/_sim/inbound', { msisdn: XENIA, receiver: 1204, message: 'STOP' });
  await t.ok('sync.now', {});
  expect((await t.ok('contacts.get', { id: xenia.id })).optedOut).toBe(true);
  return { xenia: xenia.id, campaign };
}

describe('a customer\'s data on request', () => {
  it('exports everything about the person as one readable HTML page', async () => {
    const t = await run.core();
    const { xenia } = await person(t);
    const file = await t.ok('privacy.dataExport', { person: { contactId: xenia }, language: 'da' });
    expect(file.mimeType).toBe('text/html;charset=utf-8');
    expect(file.fileName).toMatch(/^besked-data-4520000077-\d{4}-\d\d-\d\d\.html$/);
    const html = Buffer.from(file.base64, 'base64').toString('utf8');
    for (const piece of [`${FIRST} ${LAST}`, '+45 20 00 00 77', 'xq@example.dk', 'K-991', 'Stamkunder', 'Sommerudsalg', `Hej ${FIRST}, 20% i dag`, `Tak ${FIRST}, vi ringer`, 'STOP', 'Vil have katalog', 'Afmeldt', 'opt_out', 'Beskeder fra dig']) {
      expect(html).toContain(piece);
    }
    // A number that belongs to no contact still gets its page, with the texts it sent.
    await t.sim('POST', '/_sim/inbound', { msisdn: dkNumber(55), receiver: 1204, message: 'Hvem er I? <script>' });
    await t.ok('sync.now', {});
    const stranger = Buffer.from((await t.ok('privacy.dataExport', { person: { phone: '20 00 00 55' } })).base64, 'base64').toString('utf8');
    expect(stranger).toContain('This number belongs to no contact.');
    expect(stranger).toContain('Hvem er I? &lt;script&gt;');
    expect(stranger).not.toContain('<script>');
    // The trail says a file was exported, not whose.
    const entry = (await t.ok('audit.list', {})).entries.find((e) => e.call === 'privacy.dataExport')!;
    expect(entry.detail).not.toMatch(/20 00 00 55|4520000055|20000055/);
  });

  it('erases every trace of the number and name from the database file, keeping counts and costs, and the opt-out stays', async () => {
    const t = await run.core();
    const { xenia, campaign } = await person(t);
    const before = await t.ok('campaigns.get', { id: campaign });
    t.core.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(found(t.dataDir).length).toBeGreaterThan(5);
    expect(tablesHolding(t.core.db).length).toBeGreaterThan(5);

    const result = await t.ok('privacy.erase', { person: { contactId: xenia } });
    expect(result).toMatchObject({ contacts: 1, messagesIn: 2, notes: 1, optOutKept: true });
    expect(result.messagesOut).toBe(2);
    expect(result.consentEntries).toBeGreaterThanOrEqual(1);

    // The person's unread texts went with them: the header's count is told at once.
    expect(t.events.filter((e) => e.name === 'inbox.unread').at(-1)?.payload).toEqual({ count: 0 });
    const after = await t.ok('campaigns.get', { id: campaign });
    expect(after.counts).toEqual(before.counts);
    expect(after.cost).toBeCloseTo(before.cost!, 6);
    // The results keep the person's row, said to be erased, with its parts and cost.
    const results = Buffer.from((await t.ok('campaigns.export', { id: campaign })).base64, 'base64').toString('utf8');
    expect(results.split('\r\n').filter((l) => l.startsWith('[erased],'))).toHaveLength(1);
    // As the core left it: no VACUUM needed for the bytes to be gone.
    expect(tablesHolding(t.core.db)).toEqual([]);
    expect(found(t.dataDir)).toEqual([]);
    const audit = (await t.ok('audit.list', {})).entries;
    expect(audit.find((e) => e.call === 'privacy.erase')).toMatchObject({ outcome: 'ok', action: 'delete' });
    expect(audit.find((e) => e.call === 'inbox.reply')?.detail).toContain('[erased]');

    // Closed, checkpointed and vacuumed, every table (the search index's too) is still clean.
    await t.close({ keepData: true });
    const db = new Database(join(t.dataDir, 'besked.db'));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
    db.close();
    expect(found(t.dataDir)).toEqual([]);

    // Started again on the same data: the erased, opted-out number is refused however it comes back.
    const again = await run.core({ dataDir: t.dataDir });
    const err = await again.fails('inbox.reply', { msisdn: XENIA, text: 'Hej igen', sender: 'Butik' });
    expect(err.code).toBe('reply.optedOut');
    const d = draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: ['+45 20 00 00 77', `+${OTHER}`] } });
    const preview = await again.ok('compose.preview', { draft: d });
    expect(preview.recipients).toBe(1);
    expect(preview.exclusionCounts.opted_out).toBe(1);
    const id = await sendTo(again, { recipients: d.recipients });
    await again.waitForState(id, ['sent']);
    expect((await again.ledger()).filter((e) => e.recipient === XENIA && e.text === 'Hello')).toEqual([]);

    // Added again as a contact by hand, then picked in a campaign: still refused.
    const back1 = await again.ok('contacts.create', { firstName: 'Igen', phone: '+45 20 00 00 77' });
    expect(back1.optedOut).toBe(true);
    const byContact = await again.ok('compose.preview', { draft: draft({ recipients: { contactIds: [back1.id], groupIds: [], searches: [], numbers: [] } }) });
    expect(byContact.recipients).toBe(0);
    expect(byContact.exclusionCounts.opted_out).toBe(1);

    // Imported again, the number comes back opted out: the contact list shows it refused.
    const csv = Buffer.from(`Fornavn;Telefon\r\nTilbage;20 00 00 77\r\n`);
    const { importId } = await again.ok('contacts.importBegin', { fileName: 'tilbage.csv', bytes: csv.length });
    await again.ok('contacts.importChunk', { importId, offset: 0, base64: csv.toString('base64') });
    const p = await again.ok('contacts.importPreview', { importId });
    await again.ok('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'overwrite', group: { kind: 'none' } });
    const back = await again.ok('contacts.list', { filter: { consent: 'optedOut' } });
    expect(back.rows.map((r) => r.msisdn)).toEqual([XENIA]);
  });

  it('leaves no copy in the log or the file when a reader on another connection held an older snapshot meanwhile', async () => {
    const t = await run.core();
    const { xenia } = await person(t);
    // As a backup's thread copying the live file does: a read transaction begun before the erasure, let go 300 ms after.
    const reader = new Database(join(t.dataDir, 'besked.db'), { readonly: true });
    reader.exec('BEGIN');
    expect(reader.prepare('SELECT COUNT(*) FROM contacts').pluck().get()).toBe(2);
    const letGo = setTimeout(() => reader.exec('COMMIT'), 300);
    try {
      await t.ok('privacy.erase', { person: { contactId: xenia } });
      expect(reader.inTransaction).toBe(false);
      expect(found(t.dataDir)).toEqual([]);
    } finally {
      clearTimeout(letGo);
      reader.close();
    }
  });

  it("erases a person an import saved moments before, whom the search index's catch-up took while the fresh index still held them", async () => {
    const t = await run.core();
    const db = t.core.db;
    // The start's own catch-up looks for pending contacts a turn or two after the start (and finds none): let it, or
    // it would take the ones saved below before this test's single step.
    await new Promise((r) => setTimeout(r, 20));
    // As an import's save leaves them (apply.ts): saved in one go, written to the fresh index (schema 23), pending.
    saveAsImported(db, [
      { national: '20000077', firstName: FIRST, lastName: LAST },
      ...Array.from({ length: 300 }, (_, i) => ({ national: String(30_000_000 + i), firstName: `Kunde${i}`, lastName: 'Ventende' })),
    ]);
    // One step of the catch-up moves her (the first id) into the search index; the fresh index still holds her words.
    let steps = 0;
    await new SearchIndexUpkeep(db, createLogger({}), { merge: false, steps: { ms: 60_000, min: 100, first: 100, max: 100 }, stopped: () => steps++ >= 1 }).catchUp();
    expect(hasFresh(db)).toBe(true);
    expect(tablesHolding(db).filter((h) => h.startsWith('contacts_fts_fresh'))).not.toEqual([]);
    const xenia = db.prepare('SELECT id FROM contacts WHERE msisdn = ?').pluck().get(XENIA) as number;

    await t.ok('privacy.erase', { person: { contactId: xenia } });
    expect(tablesHolding(db)).toEqual([]);
    expect(found(t.dataDir)).toEqual([]);
    // The others are still found, the ones not moved yet through the fresh index.
    expect((await t.ok('contacts.list', { filter: { search: 'ventende' }, limit: 1 })).total).toBe(300);
    expect((await t.ok('contacts.list', { filter: { search: 'kunde299' }, limit: 1 })).total).toBe(1);
  });

  it('keeps the audit trail append-only: only an erasure may take words out of an entry, and nothing else', () => {
    const db = run.db('besked-audit-');
    db.prepare("INSERT INTO audit_log (at, user_name, address, action, call, detail, outcome) VALUES ('2026-03-02T09:30:00.000Z', 'This PC', 'this PC', 'send', 'inbox.reply', '{\"msisdn\":4520000077}', 'ok')").run();
    expect(() => db.prepare("UPDATE audit_log SET detail = '{}'").run()).toThrow(/audit trail cannot be changed/);
    db.prepare('INSERT INTO privacy_erasing (one) VALUES (1)').run();
    expect(() => db.prepare("UPDATE audit_log SET user_name = 'Mallory'").run()).toThrow(/audit trail cannot be changed/);
    expect(() => db.prepare("UPDATE audit_log SET outcome = 'failed'").run()).toThrow(/audit trail cannot be changed/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/audit trail cannot be changed/);
    db.prepare("UPDATE audit_log SET detail = '{\"msisdn\":\"[erased]\"}'").run();
    expect(db.prepare('SELECT detail FROM audit_log').pluck().get()).toBe('{"msisdn":"[erased]"}');
  });

  it('refuses a number it cannot read and a contact that is gone, changing nothing', async () => {
    const t = await run.core();
    expect((await t.fails('privacy.erase', { person: { phone: 'abc' } })).code).toBe('privacy.invalidNumber');
    expect((await t.fails('privacy.dataExport', { person: { contactId: 999 } })).code).toBe('privacy.contactGone');
  });
});
