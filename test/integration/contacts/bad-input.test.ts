// Every kind of bad file gets a clear message, and nothing already stored changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_BYTES, IMPORT_MAX_BYTES } from '../../../src-shared/contract';
import { checkSearchIndex, latin1, openCore, snapshot, upload, type TestCore } from './helpers';

let t: TestCore;
let before: unknown;

beforeAll(async () => {
  t = await openCore();
  // Something stored already, so "nothing changed" has something to keep.
  const g = await t.call('groups.create', { name: 'Faste kunder' });
  await t.call('contacts.create', { firstName: 'Søren', lastName: 'Jensen', phone: '20123456', groupIds: [g.id], custom: { by: 'Aarhus' } });
  await t.call('contacts.create', { firstName: 'Åse', phone: '30123456' });
  before = snapshot(t);
});
afterAll(async () => {
  await t.close();
});

/** Uploads, previews and (when the preview passes) runs an import; returns the first error. */
async function tryImport(name: string, bytes: Buffer, opts: { encoding?: 'utf-8' } = {}) {
  const importId = await upload(t, name, bytes);
  const p = await t.core.dispatch('contacts.importPreview', { importId, ...opts });
  if (!p.ok) return p.error;
  const value = p.value as { mapping: unknown[] };
  const r = await t.core.dispatch('contacts.importRun', { importId, mapping: value.mapping, defaultCountry: 'DK', mergeRule: 'overwrite', group: { kind: 'new', name: 'Ny' } });
  if (!r.ok) return r.error;
  throw new Error(`${name} was imported`);
}

describe('bad files', () => {
  it.each([
    ['an Excel workbook', 'kunder.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), /Excel workbook.*Save As/],
    ['an old Excel file', 'kunder.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), /old Excel/],
    ['a PDF', 'kunder.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n'), /PDF/],
    ['a picture', 'kunder.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), /picture/],
    ['a web page', 'kunder.csv', Buffer.from('<!DOCTYPE html><html><body>Kunder</body></html>'), /web page/],
    ['only blank lines', 'blank.csv', Buffer.from('\r\n\r\n   \r\n;;;\r\n'), /empty/],
    ['a header without data', 'header.csv', Buffer.from('Fornavn;Efternavn;Mobil\r\n'), /header row but no contacts/],
    ['a header and blank lines', 'header2.csv', Buffer.from('Fornavn;Mobil\r\n\r\n;\r\n'), /header row but no contacts/],
    ['an unbalanced quote', 'quote.csv', Buffer.from('Navn;Mobil\nSøren;20123456\n"Åse;30123456\nBo;40123456\n'), /Row 3 opens a quote/],
    ['binary in no encoding', 'data.csv', Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 7919) % 32)), /cannot read the text/],
    ['Latin-1 forced to be read as UTF-8', 'latin.csv', latin1('Navn;Mobil\nSøren;20123456\n'), /not UTF-8/],
  ])('refuses %s', async (_what, name, bytes, message) => {
    const err = await tryImport(name, bytes, name === 'latin.csv' ? { encoding: 'utf-8' } : {});
    expect(err.kind).toBe('validation');
    expect(err.message).toMatch(message);
    expect(snapshot(t)).toEqual(before);
  });

  it('refuses an unbalanced quote found deep in a big file, after reading it, with nothing imported', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `Kunde ${i};${40000000 + i}`);
    rows[25_000] = '"Kunde uden slut;50000000';
    const err = await tryImport('big.csv', Buffer.from(['Navn;Mobil', ...rows].join('\n')));
    expect(err).toMatchObject({ kind: 'validation' });
    expect(err.message).toMatch(/^Row 25002 opens a quote/);
    expect(err.message).toMatch(/Nothing was imported/);
    expect(snapshot(t)).toEqual(before);
  });

  it('refuses a file over the size cap before any byte is sent', async () => {
    const err = await t.fail('contacts.importBegin', { fileName: 'huge.csv', bytes: 1024 * 1024 * 1024 });
    expect(err.kind).toBe('limit');
    expect(err.message).toMatch(/1024 MB.*up to 200 MB/);
    expect((await t.fail('contacts.importBegin', { fileName: 'x.csv', bytes: IMPORT_MAX_BYTES + 1 })).kind).toBe('limit');
    expect((await t.call('contacts.importBegin', { fileName: 'x.csv', bytes: IMPORT_MAX_BYTES })).maxBytes).toBe(IMPORT_MAX_BYTES);
  });

  it('refuses an empty file', async () => {
    expect(await t.fail('contacts.importBegin', { fileName: 'empty.csv', bytes: 0 })).toMatchObject({ kind: 'validation', message: expect.stringMatching(/empty/) });
  });

  it('refuses chunks out of order, too big, or beyond the announced size', async () => {
    const { importId } = await t.call('contacts.importBegin', { fileName: 'a.csv', bytes: 10 });
    expect((await t.fail('contacts.importChunk', { importId, offset: 5, base64: Buffer.from('abc').toString('base64') })).message).toMatch(/out of order/);
    expect((await t.fail('contacts.importChunk', { importId, offset: 0, base64: Buffer.alloc(11).toString('base64') })).message).toMatch(/larger than announced/);
    expect((await t.fail('contacts.importPreview', { importId })).message).toMatch(/not been uploaded completely/);
    const tooBig = Buffer.alloc(IMPORT_CHUNK_BYTES + 3).toString('base64');
    expect((await t.fail('contacts.importChunk', { importId, offset: 0, base64: tooBig })).kind).toBe('validation');
    expect((await t.fail('contacts.importChunk', { importId, offset: 0, base64: 'not base64!' })).kind).toBe('validation');
    expect((await t.fail('contacts.importPreview', { importId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).kind).toBe('not_found');
  });

  it('refuses a mapping without a phone column, or with two', async () => {
    const importId = await upload(t, 'a.csv', Buffer.from('Navn;Mobil\nBo;20123456\n'));
    const none = await t.fail('contacts.importRun', { importId, mapping: ['fullName', 'ignore'], defaultCountry: 'DK', mergeRule: 'keep', group: { kind: 'none' } });
    expect(none).toMatchObject({ kind: 'validation', message: 'Choose the column that holds the phone numbers.' });
    const two = await t.fail('contacts.importRun', { importId, mapping: ['phone', 'phone'], defaultCountry: 'DK', mergeRule: 'keep', group: { kind: 'none' } });
    expect(two.message).toMatch(/Only one column/);
    const badCountry = await t.fail('contacts.importRun', { importId, mapping: ['fullName', 'phone'], defaultCountry: 'XX', mergeRule: 'keep', group: { kind: 'none' } });
    expect(badCountry.kind).toBe('validation');
    expect(snapshot(t)).toEqual(before);
  });

  it('refuses a new group whose name is taken, before reading', async () => {
    const importId = await upload(t, 'a.csv', Buffer.from('Navn;Mobil\nBo;40123456\n'));
    const err = await t.fail('contacts.importRun', { importId, mapping: ['fullName', 'phone'], defaultCountry: 'DK', mergeRule: 'keep', group: { kind: 'new', name: 'faste KUNDER' } });
    expect(err).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/already a group called "Faste kunder"/) });
    expect(snapshot(t)).toEqual(before);
  });

  it('rejects rows with numbers no country accepts, and imports the rest', async () => {
    const text = 'Navn;Mobil\nA;+999 12345678\nB;12345678\nC;ring til mig\nD;4.52012E+09\nE;+45 2\nF;+1 202 555 0143\n';
    const importId = await upload(t, 'n.csv', Buffer.from(text));
    const p = await t.call('contacts.importPreview', { importId });
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'keep', group: { kind: 'none' } });
    expect(r.rejectedSample.map((x) => x.reason)).toEqual(['phone_unknown_country_code', 'phone_invalid', 'phone_not_a_number', 'phone_scientific', 'phone_too_short']);
    expect(r.rejectedSample[3]!.message).toMatch(/scientific notation/);
    expect(r.created).toBe(1);
    await t.call('contacts.delete', { selection: { filter: { search: '+1 202' } } });
    await checkSearchIndex(t);
    expect(snapshot(t)).toEqual(before);
  });
});
