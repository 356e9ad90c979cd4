// Importing files into a real SQLite database on disk through the core's dispatch: a Danish Excel export
// with bad rows, merge rules, groups, opt-outs, remembered mappings, and cancel leaving nothing behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { checkSearchIndex, decodeDownload, latin1, openCore, snapshot, upload, type TestCore } from './helpers';
import { isOptedOut } from '../../../src-main/core/contacts/consent';

let t: TestCore;
beforeEach(async () => {
  t = await openCore();
});
afterEach(async () => {
  await t.close();
});

// What Excel in Denmark saves as "CSV (semikolonsepareret)": Windows-1252, ';', CRLF, no BOM.
const DANISH_EXPORT = [
  'Fornavn;Efternavn;Mobil;E-mail;Firma;Kunde nr.',
  'Søren;Ærøe;20 12 34 56;soren@bageriet.dk;Bageriet Ørsted;1001',
  'Åse;Holm;+45 30-12-34-56;ase@holm.dk;"Holm; Søn & Co";1002',
  'Bo;Ek;004540123456;;;1003',
  'Ingen;Nummer;;x@y.dk;;1004',
  'Forkert;Nummer;12345678;;;1005',
  'Dårlig;Mail;50123456;ikke-en-mail;;1006',
  '',
  'Søren;Ærøe (dublet);20123456;;Bageriet;',
  'For;Mange;60123456;a@b.dk;Firma;1008;ekstra',
].join('\r\n') + '\r\n';

describe('a Latin-1 semicolon export with bad rows', () => {
  it('previews with the encoding, delimiter, header and mapping detected', async () => {
    const importId = await upload(t, 'kunder.csv', latin1(DANISH_EXPORT));
    const p = await t.call('contacts.importPreview', { importId });
    expect(p).toMatchObject({ encoding: 'windows-1252', delimiter: ';', hasHeader: true, mappingRemembered: false, defaultCountry: 'DK' });
    expect(p.headers).toEqual(['Fornavn', 'Efternavn', 'Mobil', 'E-mail', 'Firma', 'Kunde nr.']);
    expect(p.mapping).toEqual(['firstName', 'lastName', 'phone', 'email', 'company', { custom: 'kunde_nr', label: 'Kunde nr.' }]);
    expect(p.rows[0]).toEqual(['Søren', 'Ærøe', '20 12 34 56', 'soren@bageriet.dk', 'Bageriet Ørsted', '1001']);
    expect(p.rows[1]![4]).toBe('Holm; Søn & Co');
    // A code the UI says in its language, with the English sentence beside it.
    expect(p.warnings).toEqual([expect.objectContaining({ code: 'import.readAsWindows1252', message: expect.stringMatching(/Windows-1252/) })]);
  });

  it('imports, says what happened to every row, and keeps the rejected rows for download', async () => {
    const importId = await upload(t, 'kunder.csv', latin1(DANISH_EXPORT));
    const p = await t.call('contacts.importPreview', { importId });
    const r = await t.call('contacts.importRun', {
      importId,
      mapping: p.mapping,
      defaultCountry: 'DK',
      mergeRule: 'fillEmpty',
      group: { kind: 'new', name: 'Kunder 2024' },
    });
    expect(r).toMatchObject({ rows: 8, created: 3, updated: 0, merged: 1, rejected: 4, blankLines: 1, optedOut: 0 });
    expect(r.created + r.updated + r.merged + r.rejected).toBe(r.rows);
    expect(r.group?.name).toBe('Kunder 2024');
    expect(r.rejectedSample.map((x) => [x.row, x.reason])).toEqual([
      [5, 'phone_empty'],
      [6, 'phone_invalid'],
      [7, 'email_invalid'],
      [10, 'too_many_columns'],
    ]);
    expect(r.reasons).toEqual(expect.arrayContaining([{ reason: 'phone_empty', count: 1 }, { reason: 'too_many_columns', count: 1 }]));

    // The contacts, with normalised numbers and the custom field.
    const list = await t.call('contacts.list', { sort: 'name' });
    expect(list.total).toBe(3);
    expect(list.rows.map((c) => [c.firstName, c.lastName, c.e164])).toEqual([
      ['Bo', 'Ek', '+4540123456'],
      ['Søren', 'Ærøe', '+4520123456'],
      ['Åse', 'Holm', '+4530123456'],
    ]);
    const soren = await t.call('contacts.get', { id: list.rows[1]!.id });
    // The duplicate row filled only what was empty (nothing: company was set already).
    expect(soren).toMatchObject({ company: 'Bageriet Ørsted', custom: { kunde_nr: '1001' }, groupIds: [r.group!.id] });
    const overview = await t.call('contacts.overview', {});
    expect(overview.fields.find((f) => f.key === 'kunde_nr')).toEqual({ key: 'kunde_nr', label: 'Kunde nr.', builtin: false });
    expect(overview.groups).toEqual([expect.objectContaining({ name: 'Kunder 2024', count: 3 })]);
    await checkSearchIndex(t);

    // The rejected rows as CSV: the original columns, the row number and the reason, ready to fix.
    const rejected = decodeDownload(await t.call('contacts.importRows', { importId, which: 'rejected' }));
    const lines = rejected.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Fornavn;Efternavn;Mobil;E-mail;Firma;Kunde nr.;Row;Reason');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Ingen;Nummer;;x@y\.dk;;1004;5;No phone number\.$/);
    expect(lines[2]).toContain('12345678');
    expect(lines[4]).toMatch(/^For;Mange;60123456;a@b\.dk;Firma;1008;ekstra;10;The row has 7 values/);

    // And every row with its outcome.
    const all = decodeDownload(await t.call('contacts.importRows', { importId, which: 'all' }));
    const outcomes = all.replace(/^\ufeff/, '').trim().split('\r\n').slice(1).map((l) => l.split(';').slice(0, 2).join(':'));
    expect(outcomes).toEqual(['2:created', '3:created', '4:created', '5:rejected', '6:rejected', '7:rejected', '9:merged', '10:rejected']);
    expect(all).toContain('Same number as row 2');
  });
});

describe('merge rules against contacts already in Besked', () => {
  const first = 'Navn,Telefon,Firma,Note\nSøren Jensen,20123456,,Første\nÅse Holm,30123456,Holm ApS,\n';
  const second = 'Navn,Telefon,Firma,Note\nSøren J. Jensen,+45 20 12 34 56,Bageriet,\nÅse Holm,30123456,Holm ApS,\nNy Kunde,40123456,,\n';

  async function importText(text: string, rule: 'fillEmpty' | 'overwrite' | 'keep') {
    const importId = await upload(t, 'k.csv', Buffer.from(text, 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    return t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: rule, group: { kind: 'none' } });
  }
  const soren = async () => (await t.call('contacts.list', { filter: { search: '20123456' } })).rows[0]!;

  it.each([
    ['fillEmpty', { firstName: 'Søren', company: 'Bageriet' }, { created: 1, updated: 1, merged: 1 }],
    ['overwrite', { firstName: 'Søren J.', company: 'Bageriet' }, { created: 1, updated: 1, merged: 1 }],
    ['keep', { firstName: 'Søren', company: '' }, { created: 1, updated: 0, merged: 2 }],
  ] as const)('%s', async (rule, expected, counts) => {
    await importText(first, 'fillEmpty');
    const r = await importText(second, rule);
    expect(r).toMatchObject({ rows: 3, rejected: 0, ...counts });
    expect(await soren()).toMatchObject(expected);
    const c = await t.call('contacts.get', { id: (await soren()).id });
    expect(c.notes).toBe('Første');
    expect((await t.call('contacts.list', {})).total).toBe(3);
    await checkSearchIndex(t);
    // The search index follows the merged values.
    const found = await t.call('contacts.list', { filter: { search: 'bageriet' } });
    expect(found.total).toBe(expected.company ? 1 : 0);
  });

  it('merges the same way when the directory is larger than the file (the lookup walks the smaller side)', async () => {
    await importText(`${first}Bo Ek,40123450,,\nIb Ry,40123451,,\nEa Lund,40123452,,\n`, 'fillEmpty');
    const r = await importText('Navn,Telefon,Firma\nSøren J. Jensen,+45 20 12 34 56,Bageriet\nNy Kunde,40123456,\n', 'fillEmpty');
    expect(r).toMatchObject({ rows: 2, rejected: 0, created: 1, updated: 1, merged: 0 });
    expect(await soren()).toMatchObject({ firstName: 'Søren', company: 'Bageriet' });
    expect((await t.call('contacts.list', {})).total).toBe(6);
    await checkSearchIndex(t);
  });

  it('imports into an existing group, adding contacts that were there already', async () => {
    await importText(first, 'fillEmpty');
    const g = await t.call('groups.create', { name: 'VIP' });
    const importId = await upload(t, 'k.csv', Buffer.from(second, 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'keep', group: { kind: 'existing', id: g.id } });
    expect((await t.call('groups.list', {})).groups).toEqual([expect.objectContaining({ name: 'VIP', count: 3 })]);
  });
});

describe('files in other shapes', () => {
  async function importBytes(name: string, bytes: Buffer) {
    const importId = await upload(t, name, bytes);
    const p = await t.call('contacts.importPreview', { importId });
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    return { p, r };
  }

  it('reads UTF-8 with a byte order mark, quoted newlines and a column of only numbers', async () => {
    const { p, r } = await importBytes('a.csv', Buffer.from('\ufeffname,phone,notes\n"Jensen, Søren",20123456,"line 1\nline 2"\n', 'utf8'));
    expect(p).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect(r.created).toBe(1);
    const c = await t.call('contacts.get', { id: (await t.call('contacts.list', {})).rows[0]!.id });
    expect(c).toMatchObject({ firstName: 'Søren', lastName: 'Jensen', notes: 'line 1\nline 2' });
  });

  it('refuses a file with a UTF-8 byte order mark but bytes that are not UTF-8, with the way out', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0x80]), Buffer.from('navn;Mobil\r\nMette;21234567\r\n', 'latin1')]);
    const importId = await upload(t, 'kunder.csv', bytes);
    const p = await t.core.dispatch('contacts.importPreview', { importId });
    expect(p).toMatchObject({ ok: false, error: { kind: 'validation', code: 'import.notUtf8Throughout', message: expect.stringMatching(/Windows-1252/) } });
  });

  it('reads a plain list of numbers without a header', async () => {
    const { p, r } = await importBytes('numbers.txt', Buffer.from('20123456\n+46 70 123 45 67\n0044 7911 123456\n', 'utf8'));
    expect(p.hasHeader).toBe(false);
    expect(p.mapping).toEqual(['phone']);
    expect(r.created).toBe(3);
  });

  it('reads UTF-16 as Excel saves "Unicode text" (tab-separated)', async () => {
    const text = '\ufeffFornavn\tMobil\r\nSøren\t20123456\r\nÅse\t30123456\r\n';
    const { p, r } = await importBytes('unicode.txt', Buffer.from(text, 'utf16le'));
    expect(p).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(r.created).toBe(2);
    expect((await t.call('contacts.list', { filter: { search: 'åse' } })).total).toBe(1);
  });

  it('records opt-outs from the file in the consent log', async () => {
    const { p, r } = await importBytes('a.csv', Buffer.from('Navn;Mobil;Afmeldt\nBo;20123456;ja\nAnn;30123456;\n', 'utf8'));
    expect(p.mapping).toEqual(['fullName', 'phone', 'optOut']);
    expect(r.optedOut).toBe(1);
    expect(isOptedOut(t.core.db, 4520123456)).toBe(true);
    expect(isOptedOut(t.core.db, 4530123456)).toBe(false);
    const bo = (await t.call('contacts.list', { filter: { consent: 'optedOut' } })).rows;
    expect(bo.map((c) => c.firstName)).toEqual(['Bo']);
    const c = await t.call('contacts.get', { id: bo[0]!.id });
    expect(c.consent).toEqual([expect.objectContaining({ action: 'opt_out', source: 'import', by: 'import of a.csv' })]);
  });

  it('remembers the mapping the owner chose for files with the same headers', async () => {
    const text = 'Kunde;Kontakt;Info\nSøren;20123456;x\n';
    const id1 = await upload(t, 'a.csv', Buffer.from(text, 'utf8'));
    const p1 = await t.call('contacts.importPreview', { importId: id1 });
    expect(p1.mappingRemembered).toBe(false);
    const chosen = ['firstName', 'phone', 'ignore'] as const;
    await t.call('contacts.importRun', { importId: id1, mapping: [...chosen], defaultCountry: 'SE', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    const id2 = await upload(t, 'b.csv', Buffer.from('kunde;KONTAKT;info\nÅse;30123456;y\n', 'utf8'));
    const p2 = await t.call('contacts.importPreview', { importId: id2 });
    expect(p2).toMatchObject({ mappingRemembered: true, mapping: [...chosen], defaultCountry: 'SE' });
  });

  it('uploads a file in many chunks and imports it whole', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `Kunde ${i};${20000000 + i * 3};k${i}@firma.dk`);
    const bytes = Buffer.from(['Navn;Mobil;Email', ...rows].join('\n'), 'utf8');
    const importId = await upload(t, 'big.csv', bytes, 4096);
    const p = await t.call('contacts.importPreview', { importId });
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    expect(r.created).toBe(2000);
    const progress = t.events.filter((e) => e.name === 'contacts.importProgress').map((e) => (e.payload as { phase: string }).phase);
    expect(progress[0]).toBe('reading');
    expect(progress.slice(-2)).toEqual(['saving', 'done']);
    await checkSearchIndex(t);
    // Merging was off for the bulk insert only; it is back on, and the background merge leaves a sound index.
    expect(t.core.db.prepare("SELECT v FROM contacts_fts_config WHERE k = 'automerge'").get()).toEqual({ v: 4 });
    await new Promise((res) => setTimeout(res, 300));
    await checkSearchIndex(t);
    expect((await t.call('contacts.list', { filter: { search: 'kunde 1999' } })).rows.map((c) => c.email)).toEqual(['k1999@firma.dk']);
  });
});

describe('search after an import', () => {
  it('finds every imported contact when the newest contact had been deleted before', async () => {
    // Ids are never reused, so the import's first id is past the deleted one, not past the highest id left.
    await t.call('contacts.create', { firstName: 'Bliver', phone: '20000001' });
    const gone = await t.call('contacts.create', { firstName: 'Slettet', phone: '20000002' });
    await t.call('contacts.deleteOne', { id: gone.id });
    const rows = Array.from({ length: 50 }, (_, i) => `Kunde${i};${30000000 + i}`);
    const importId = await upload(t, 'kunder.csv', Buffer.from(['Navn;Mobil', ...rows].join('\n'), 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    expect(r.created).toBe(50);
    for (const i of [0, 49]) expect((await t.call('contacts.list', { filter: { search: `kunde${i}` } })).rows.map((c) => c.firstName)).toEqual([`Kunde${i}`]);
    await checkSearchIndex(t);
  });
});

describe('cancel', () => {
  it('stops before saving and leaves everything as it was', async () => {
    await t.call('contacts.create', { firstName: 'Før', phone: '20000001' });
    const before = snapshot(t);
    const rows = Array.from({ length: 60_000 }, (_, i) => `Kunde ${i};${30000000 + i}`);
    const importId = await upload(t, 'big.csv', Buffer.from(['Navn;Mobil', ...rows].join('\n'), 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    let cancelled = false;
    const off = t.core.events.subscribe((e) => {
      if (!cancelled && e.name === 'contacts.importProgress' && (e.payload as { rows: number }).rows > 0) {
        cancelled = true;
        void t.core.dispatch('contacts.importCancel', { importId });
      }
    });
    const err = await t.fail('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'new', name: 'Aldrig' } });
    off();
    expect(err).toMatchObject({ kind: 'cancelled', message: 'Import cancelled. Nothing was changed.' });
    expect(snapshot(t)).toEqual(before);
    expect(t.events.some((e) => e.name === 'contacts.importProgress' && (e.payload as { phase: string }).phase === 'cancelled')).toBe(true);
    // The upload is still there: the owner can change options and import it after all.
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    expect(r.created).toBe(60_000);
  });

  it('answers other calls while the file is being saved', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `Kunde ${i};${30000000 + i}`);
    const importId = await upload(t, 'big.csv', Buffer.from(['Navn;Mobil', ...rows].join('\n'), 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    // A call that arrives once saving has begun: answered at once, with the contacts as they were until the save commits.
    let during: Promise<number> | null = null;
    const off = t.core.events.subscribe((e) => {
      if (e.name === 'contacts.importProgress' && (e.payload as { phase: string }).phase === 'saving') {
        during = new Promise((resolve) => setTimeout(() => void t.call('contacts.overview', {}).then((o) => resolve(o.total)), 0));
      }
    });
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    off();
    expect(r.created).toBe(60_000);
    expect(await during).toBe(0);
    expect((await t.call('contacts.overview', {})).total).toBe(60_000);
  });

  it('answers other calls while a big file is read', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `Kunde ${i};${30000000 + i}`);
    const importId = await upload(t, 'big.csv', Buffer.from(['Navn;Mobil', ...rows].join('\n'), 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    const run = t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    let answeredDuringRead = false;
    const off = t.core.events.subscribe((e) => {
      if (e.name === 'contacts.importProgress' && (e.payload as { phase: string; rows: number }).phase === 'reading' && (e.payload as { rows: number }).rows > 0) {
        void t.core.dispatch('app.info', {}).then((r) => {
          if (r.ok) answeredDuringRead = true;
        });
      }
    });
    await run;
    off();
    expect(answeredDuringRead).toBe(true);
  });
});

describe('exported XLSX survives a round trip', () => {
  it('has the numbers as number cells and defused text', async () => {
    await t.call('contacts.create', { firstName: '=HYPERLINK("http://evil")', lastName: '@SUM(1)', phone: '20123456', company: '+Firma' });
    const file = await t.call('contacts.export', { selection: { filter: {} }, format: 'xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Contacts')!;
    expect(ws.getRow(1).getCell(1).value).toBe('First name');
    expect(ws.getRow(2).getCell(1).value).toBe('\'=HYPERLINK("http://evil")');
    expect(ws.getRow(2).getCell(2).value).toBe("'@SUM(1)");
    expect(ws.getRow(2).getCell(3).value).toBe(4520123456);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('+0');
    expect(ws.getRow(2).getCell(5).value).toBe("'+Firma");
    expect(file.fileName).toMatch(/^besked-contacts-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
