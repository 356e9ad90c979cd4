// Contacts by hand, FTS search, groups, delete with undo, consent and exports, against SQLite on disk.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSearchIndex, decodeDownload, openCore, upload, type TestCore } from './helpers';
import { isOptedOut, optedOutAmong, optOut } from '../../../src-main/core/contacts/consent';

let t: TestCore;
beforeEach(async () => {
  t = await openCore();
});
afterEach(async () => {
  await t.close();
});

async function seed() {
  const vip = await t.call('groups.create', { name: 'VIP' });
  const soren = await t.call('contacts.create', {
    firstName: 'Søren',
    lastName: 'Kierkegaard',
    phone: '20 12 34 56',
    email: 'soren@filosofi.dk',
    company: 'Enten-Eller ApS',
    custom: { by: 'København', kundenr: 'K-1813' },
    groupIds: [vip.id],
  });
  const emile = await t.call('contacts.create', { firstName: 'Émile', lastName: 'Zola', phone: '+33 6 12 34 56 78', company: 'Rougon' });
  const ase = await t.call('contacts.create', { firstName: 'Åse', lastName: 'Holm', phone: '0045 30 12 34 56', email: 'ase@holm.dk' });
  return { vip, soren, emile, ase };
}

const names = async (search: string, extra: object = {}) =>
  (await t.call('contacts.list', { filter: { search, ...extra } })).rows.map((r) => r.firstName);

describe('contacts by hand', () => {
  it('creates with a normalised number and refuses a second contact with the same number', async () => {
    const { soren } = await seed();
    expect(soren).toMatchObject({ e164: '+4520123456', msisdn: 4520123456, custom: { by: 'København', kundenr: 'K-1813' } });
    const err = await t.fail('contacts.create', { firstName: 'Kopi', phone: '+45 20-12-34-56' });
    expect(err).toMatchObject({ kind: 'conflict', fields: [{ path: ['phone'] }] });
    expect(err.message).toMatch(/already belongs to Søren Kierkegaard/);
    const bad = await t.fail('contacts.create', { phone: '12345678' });
    expect(bad).toMatchObject({ kind: 'validation', fields: [{ path: ['phone'], message: expect.stringMatching(/No country/) }] });
    const email = await t.fail('contacts.create', { phone: '40123456', email: 'nope' });
    expect(email.fields?.[0]?.path).toEqual(['email']);
  });

  it('reads numbers without a country code in the chosen default country', async () => {
    await t.call('contacts.setDefaultCountry', { country: 'se' });
    const c = await t.call('contacts.create', { phone: '070-123 45 67' });
    expect(c.e164).toBe('+46701234567');
    expect((await t.call('contacts.overview', {})).defaultCountry).toBe('SE');
    const dk = await t.call('contacts.create', { phone: '20123456', defaultCountry: 'DK' });
    expect(dk.e164).toBe('+4520123456');
  });

  it('updates fields, the number and groups, and search follows', async () => {
    const { soren, vip } = await seed();
    const other = await t.call('groups.create', { name: 'Nyhedsbrev' });
    const u = await t.call('contacts.update', { id: soren.id, firstName: 'Sørine', phone: '40 12 34 56', groupIds: [other.id], custom: { by: 'Aarhus' } });
    expect(u).toMatchObject({ firstName: 'Sørine', lastName: 'Kierkegaard', e164: '+4540123456', groupIds: [other.id], custom: { by: 'Aarhus' } });
    expect(await names('søren')).toEqual([]);
    expect(await names('sørine')).toEqual(['Sørine']);
    expect(await names('20123456')).toEqual([]);
    expect(await names('40 12')).toEqual(['Sørine']);
    expect(await names('københavn')).toEqual([]);
    expect(await names('aarhus')).toEqual(['Sørine']);
    expect((await t.call('groups.list', {})).groups.find((g) => g.id === vip.id)?.count).toBe(0);
    const taken = await t.fail('contacts.update', { id: soren.id, phone: '+45 30 12 34 56' });
    expect(taken.kind).toBe('conflict');
    expect((await t.fail('contacts.get', { id: 999 })).kind).toBe('not_found');
    await checkSearchIndex(t);
  });
});

describe('search', () => {
  it.each([
    ['sør', ['Søren']],
    ['SØREN kier', ['Søren']],
    ['emile', ['Émile']],
    ['zol', ['Émile']],
    ['åse', ['Åse']],
    ['holm.dk', ['Åse']],
    ['ase@holm', ['Åse']],
    ['enten', ['Søren']],
    ['K-1813', ['Søren']],
    ['københavn', ['Søren']],
    ['20123456', ['Søren']],
    ['20 12 34 56', ['Søren']],
    ['2012', ['Søren']],
    ['+45 20 12', ['Søren']],
    ['0045 2012 3456', ['Søren']],
    ['+4520123456', ['Søren']],
    ['4520', ['Søren']],
    ['+33 6 12', ['Émile']],
    ['0612', ['Émile']],
    ['30-12-34-56', ['Åse']],
    ['nobody', []],
    ['"', ['Émile', 'Søren', 'Åse']],
    ['søren OR åse', []],
    ['first_name:søren', []],
  ])('%j finds %j', async (q, expected) => {
    await seed();
    expect(await names(q)).toEqual(expected);
  });

  it('finds a number typed with its national trunk 0, as in the UK', async () => {
    await t.call('contacts.create', { firstName: 'Tom', phone: '+44 7911 123456' });
    await t.call('contacts.create', { firstName: 'Bo', phone: '20123456' });
    expect(await names('07911 123456')).toEqual(['Tom']);
    expect(await names('+44 7911')).toEqual(['Tom']);
    expect(await names('(0)7911')).toEqual(['Tom']);
  });

  it('pages through many matches in name order, walking the name index', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i % 2 ? 'Anna' : 'Bo'} ${String(i).padStart(4, '0')};${20000000 + i}`);
    const importId = await upload(t, 'many.csv', Buffer.from(['Navn;Mobil', ...rows].join('\n')));
    const p = await t.call('contacts.importPreview', { importId });
    await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'keep', group: { kind: 'none' } });
    const all: string[] = [];
    for (let offset = 0; ; offset += 400) {
      const page = await t.call('contacts.list', { filter: { search: 'anna' }, offset, limit: 400 });
      expect(page.total).toBe(1500);
      if (page.rows.length === 0) break;
      all.push(...page.rows.map((r) => r.lastName));
    }
    expect(all).toHaveLength(1500);
    expect(all).toEqual([...all].sort());
  });

  it('filters by group and consent, in name or newest order, in windows', async () => {
    const { vip, ase } = await seed();
    expect(await names('', { groupId: vip.id })).toEqual(['Søren']);
    optOut(t.core.db, ase.msisdn, { source: 'keyword', by: 'STOP from +4530123456', at: new Date() });
    expect(await names('', { consent: 'optedOut' })).toEqual(['Åse']);
    expect(await names('', { consent: 'reachable' })).toEqual(['Émile', 'Søren']);
    const newest = await t.call('contacts.list', { sort: 'newest' });
    expect(newest.rows.map((r) => r.firstName)).toEqual(['Åse', 'Émile', 'Søren']);
    const window = await t.call('contacts.list', { offset: 1, limit: 1 });
    expect(window).toMatchObject({ total: 3, offset: 1, rows: [expect.objectContaining({ firstName: 'Søren', groupIds: [vip.id] })] });
    expect((await t.call('contacts.list', { offset: 5 })).rows).toEqual([]);
  });
});

describe('groups', () => {
  it('creates, renames, counts, adds and removes by selection, and deletes keeping the contacts', async () => {
    const { vip, soren, emile, ase } = await seed();
    expect((await t.fail('groups.create', { name: 'vip' })).kind).toBe('conflict');
    expect((await t.fail('groups.create', { name: '  ' })).kind).toBe('validation');
    const renamed = await t.call('groups.rename', { id: vip.id, name: 'Stamkunder' });
    expect(renamed).toMatchObject({ name: 'Stamkunder', count: 1 });
    expect(await t.call('groups.addContacts', { groupId: vip.id, selection: { filter: { search: 'holm' } } })).toEqual({ added: 1 });
    expect(await t.call('groups.addContacts', { groupId: vip.id, selection: { ids: [soren.id, emile.id] } })).toEqual({ added: 1 });
    expect((await t.call('groups.list', {})).groups[0]).toMatchObject({ name: 'Stamkunder', count: 3 });
    expect(await t.call('groups.removeContacts', { groupId: vip.id, selection: { filter: { groupId: vip.id }, exceptIds: [ase.id] } })).toEqual({ removed: 2 });
    expect(await t.call('groups.delete', { id: vip.id })).toEqual({ removedMemberships: 1 });
    expect((await t.call('groups.list', {})).groups).toEqual([]);
    expect((await t.call('contacts.list', {})).total).toBe(3);
    expect((await t.call('contacts.get', { id: ase.id })).groupIds).toEqual([]);
    expect((await t.fail('groups.rename', { id: vip.id, name: 'X' })).kind).toBe('not_found');
  });
});

describe('delete with undo', () => {
  it('deletes a selection and brings it back with ids, groups and search', async () => {
    const { vip, soren, ase } = await seed();
    const del = await t.call('contacts.delete', { selection: { filter: {}, exceptIds: [ase.id] } });
    expect(del.deleted).toBe(2);
    expect((await t.call('contacts.list', {})).total).toBe(1);
    expect(await names('søren')).toEqual([]);
    await checkSearchIndex(t);
    expect(await t.call('contacts.undoDelete', { undoToken: del.undoToken })).toEqual({ restored: 2, skipped: 0 });
    const back = await t.call('contacts.get', { id: soren.id });
    expect(back).toMatchObject({ firstName: 'Søren', groupIds: [vip.id], custom: { by: 'København', kundenr: 'K-1813' } });
    expect(await names('søren')).toEqual(['Søren']);
    await checkSearchIndex(t);
    expect((await t.fail('contacts.undoDelete', { undoToken: del.undoToken })).kind).toBe('not_found');
  });

  it('skips a contact whose number was added again meanwhile', async () => {
    const { soren } = await seed();
    const del = await t.call('contacts.delete', { selection: { ids: [soren.id] } });
    await t.call('contacts.create', { firstName: 'Ny Søren', phone: '20123456' });
    expect(await t.call('contacts.undoDelete', { undoToken: del.undoToken })).toEqual({ restored: 0, skipped: 1 });
    expect(await names('søren')).toEqual(['Ny Søren']);
    await checkSearchIndex(t);
  });

  it('keeps a deleted number opted out', async () => {
    const { ase } = await seed();
    await t.call('contacts.optOut', { selection: { ids: [ase.id] } });
    await t.call('contacts.delete', { selection: { ids: [ase.id] } });
    expect(isOptedOut(t.core.db, ase.msisdn)).toBe(true);
    const again = await t.call('contacts.create', { phone: '30123456' });
    expect(again.optedOut).toBe(true);
  });
});

describe('consent', () => {
  it('opts out by hand and by keyword, logs when, how and by whom, and opts in again with a note', async () => {
    const { soren, ase, emile } = await seed();
    const r = await t.call('contacts.optOut', { selection: { ids: [soren.id, ase.id] }, note: 'Asked in the shop' });
    expect(r).toEqual({ optedOut: 2, already: 0 });
    expect(await t.call('contacts.optOut', { selection: { ids: [soren.id] } })).toEqual({ optedOut: 0, already: 1 });
    // The inbox's STOP keyword, and a STOP from a number that is no contact.
    expect(optOut(t.core.db, emile.msisdn, { source: 'keyword', by: 'STOP from +33612345678', at: new Date() }, t.core.events)).toEqual({ changed: true });
    expect(optOut(t.core.db, 4599999999, { source: 'keyword', by: 'STOP from +4599999999', at: new Date() })).toEqual({ changed: true });
    expect(t.events.filter((e) => e.name === 'contacts.changed' && (e.payload as { reason: string }).reason === 'consent').length).toBeGreaterThanOrEqual(2);
    expect(optedOutAmong(t.core.db, [soren.msisdn, 4540000000, emile.msisdn, 4599999999])).toEqual(new Set([soren.msisdn, emile.msisdn, 4599999999]));
    expect(optedOutAmong(t.core.db, [])).toEqual(new Set());
    // A list much longer than the opt-outs is checked the other way round (every opt-out read once): same answer.
    const many = [...Array.from({ length: 20 }, (_, i) => 4550000000 + i), soren.msisdn, emile.msisdn];
    expect(optedOutAmong(t.core.db, many)).toEqual(new Set([soren.msisdn, emile.msisdn]));

    const s = await t.call('contacts.get', { id: soren.id });
    expect(s.optedOut).toBe(true);
    expect(s.consent).toEqual([expect.objectContaining({ action: 'opt_out', source: 'manual', by: 'you (in Besked)', note: 'Asked in the shop' })]);
    expect((await t.fail('contacts.optIn', { id: soren.id, note: '' })).kind).toBe('validation');
    const back = await t.call('contacts.optIn', { id: soren.id, note: 'Signed up again at the counter' });
    expect(back.optedOut).toBe(false);
    expect(back.consent.map((c) => c.action)).toEqual(['opt_in', 'opt_out']);
    expect((await t.fail('contacts.optIn', { id: soren.id, note: 'again' })).kind).toBe('conflict');
    expect(isOptedOut(t.core.db, soren.msisdn)).toBe(false);

    const csv = decodeDownload(await t.call('contacts.consentExport', {})).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(csv[0]).toBe('When,Phone,Contact,Action,How,By,Note');
    expect(csv).toHaveLength(6);
    expect(csv[1]).toMatch(/^\d{4}-.*,'\+4520123456,Søren Kierkegaard,opted out,by hand,you \(in Besked\),Asked in the shop$/);
    expect(csv.at(-1)).toMatch(/,opted in,by hand,you \(in Besked\),Signed up again at the counter$/);
    expect(csv.some((l) => l.includes('keyword reply,STOP from +4599999999'))).toBe(true);
  });
});

describe('export', () => {
  it('writes CSV with a byte order mark, the chosen delimiter, custom fields and defused formulas', async () => {
    const { soren } = await seed();
    await t.call('contacts.create', { firstName: '=cmd|" /C calc"!A0', lastName: '-2+3', phone: '40123456', notes: '@SUM(A1)', company: '+Firma' });
    const file = await t.call('contacts.export', { selection: { filter: { search: '' } }, format: 'csv', delimiter: ';' });
    const text = decodeDownload(file);
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('First name;Last name;Phone;Email;Company;Groups;Opted out;Notes;Created;Updated;by;kundenr');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^"'=cmd\|"" \/C calc""!A0";'-2\+3;'\+4540123456;;'\+Firma;;;'@SUM\(A1\);/);
    const sorenLine = lines.find((l) => l.startsWith('Søren'))!;
    expect(sorenLine).toMatch(/^Søren;Kierkegaard;'\+4520123456;soren@filosofi\.dk;Enten-Eller ApS;VIP;;;.*;København;K-1813$/);
    const only = decodeDownload(await t.call('contacts.export', { selection: { ids: [soren.id] }, format: 'csv' }));
    expect(only.trim().split('\r\n')).toHaveLength(2);
    expect((await t.fail('contacts.export', { selection: { ids: [] }, format: 'csv' })).kind).toBe('validation');
  });

  it('resolves a selection to ids in list order', async () => {
    const { soren, emile, ase } = await seed();
    expect((await t.call('contacts.selectionIds', { selection: { filter: {} } })).ids).toEqual([emile.id, soren.id, ase.id]);
    expect((await t.call('contacts.selectionIds', { selection: { filter: {}, exceptIds: [soren.id] } })).ids).toEqual([emile.id, ase.id]);
    expect((await t.call('contacts.selectionIds', { selection: { ids: [ase.id, 999, soren.id] } })).ids).toEqual([soren.id, ase.id]);
  });
});

describe('search robustness', () => {
  it('answers any text typed into the search box, never with an error (property)', async () => {
    await seed();
    const fc = (await import('fast-check')).default;
    const odd = ['\u0301', '_', '٣', '😀', 'ß', 'ǅ', '"', "'", '*', '^', ':', '(', ')', '-', '+', 'NEAR', 'AND', '\u0000', '\t', 'æ', '0', '00', ' '];
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.array(fc.constantFrom(...odd), { maxLength: 8 }).map((a) => a.join(''))), async (q) => {
        const r = await t.core.dispatch('contacts.list', { filter: { search: q.slice(0, 200) }, limit: 5 });
        expect(r.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
