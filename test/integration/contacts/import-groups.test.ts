// A "Group" column mapped to groups (issue 27.9), against a real core on disk and the test gateway: each row joins
// the groups its cell names (several separated by "," or ";"), groups that do not exist yet are made only after the
// user confirms the list, nothing is saved before that, and a welcome automation greets per group joined.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf, ledgerOf } from '../automations/replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

const FILE = [
  'Fornavn;Mobil;Gruppe',
  'Karen;20000001;Nyhedsbrev, VIP',
  'Ole;20000002;nyhedsbrev',
  'Sofie;20000003;',
  // A repeat of Karen's number: groups add up whatever the merge rule.
  'Karen;20 00 00 01;"Aarhus; vip"',
].join('\r\n') + '\r\n';

async function upload(csv: string): Promise<string> {
  const bytes = Buffer.from(csv, 'utf8');
  const { importId } = await t.call('contacts.importBegin', { fileName: 'kunder.csv', bytes: bytes.length });
  await t.call('contacts.importChunk', { importId, offset: 0, base64: bytes.toString('base64') });
  return importId;
}

const members = () =>
  t.core.db
    .prepare('SELECT g.name, c.first_name AS who FROM contact_group_members m JOIN contact_groups g ON g.id = m.group_id JOIN contacts c ON c.id = m.contact_id ORDER BY g.name, c.first_name')
    .all() as { name: string; who: string }[];

describe('a groups column', () => {
  it('is guessed from its header and refuses to make groups nobody confirmed, changing nothing', async () => {
    await t.call('groups.create', { name: 'Nyhedsbrev' });
    const importId = await upload(FILE);
    const p = await t.call('contacts.importPreview', { importId });
    expect(p.mapping).toEqual(['firstName', 'phone', 'groups']);
    const run = { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } } as const;

    const refused = await t.fail('contacts.importRun', run);
    expect(refused).toMatchObject({ kind: 'conflict', code: 'import.newGroups', params: { count: 2, names: 'VIP, Aarhus' } });
    expect((t.core.db.prepare('SELECT count(*) AS n FROM contacts').get() as { n: number }).n).toBe(0);
    expect((t.core.db.prepare('SELECT name FROM contact_groups').all() as { name: string }[]).map((g) => g.name)).toEqual(['Nyhedsbrev']);

    // Confirming only one of the two is not enough either.
    expect(await t.fail('contacts.importRun', { ...run, createGroups: ['VIP'] })).toMatchObject({ code: 'import.newGroups', params: { count: 1, names: 'Aarhus' } });

    const r = await t.call('contacts.importRun', { ...run, createGroups: ['VIP', 'Aarhus'] });
    expect(r).toMatchObject({ rows: 4, created: 3, merged: 1 });
    expect(r.columnGroups.map((g) => [g.name, g.created, g.contacts])).toEqual([
      ['Nyhedsbrev', false, 2],
      ['VIP', true, 1],
      ['Aarhus', true, 1],
    ]);
    expect(members()).toEqual([
      { name: 'Aarhus', who: 'Karen' },
      { name: 'Nyhedsbrev', who: 'Karen' },
      { name: 'Nyhedsbrev', who: 'Ole' },
      { name: 'VIP', who: 'Karen' },
    ]);
  });

  it('takes several group columns, and refuses a name longer than a group name may be as that row only', async () => {
    await t.call('groups.create', { name: 'A' });
    await t.call('groups.create', { name: 'B' });
    const importId = await upload(`Mobil;Gruppe 1;Gruppe 2\r\n20000001;A;B\r\n20000002;${'x'.repeat(81)};A\r\n`);
    const r = await t.call('contacts.importRun', { importId, mapping: ['phone', 'groups', 'groups'], defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    expect(r).toMatchObject({ created: 1, rejected: 1 });
    expect(r.rejectedSample[0]).toMatchObject({ row: 3, reason: 'value_too_long' });
    expect(r.columnGroups.map((g) => [g.name, g.contacts])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
  });

  it('welcomes a contact once per welcomed group its row joins', async () => {
    const news = await t.call('groups.create', { name: 'Nyhedsbrev' });
    const club = await t.call('groups.create', { name: 'Klubben' });
    activate(t, draftOf('Velkommen nyhedsbrev', { kind: 'welcome', groupId: news.id }, 'Tak for din tilmelding, {first_name}'));
    activate(t, draftOf('Velkommen klub', { kind: 'welcome', groupId: club.id }, 'Velkommen i klubben, {first_name}'));
    const importId = await upload('Fornavn;Mobil;Grupper\r\nKaren;20000001;"Nyhedsbrev;Klubben"\r\nOle;20000002;Klubben\r\nSofie;20000003;\r\n');
    const p = await t.call('contacts.importPreview', { importId });
    await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });

    const sent = await ledgerOf(t, 3);
    expect(sent.map((m) => [m.recipient, m.text]).sort()).toEqual([
      [4520000001, 'Tak for din tilmelding, Karen'],
      [4520000001, 'Velkommen i klubben, Karen'],
      [4520000002, 'Velkommen i klubben, Ole'],
    ]);
    // Every join decided (the queue empty, one welcome row per contact and automation), and nothing more went:
    // Sofie joined no group.
    await eventually(() => {
      const q = t.core.db.prepare('SELECT count(*) AS n FROM automation_welcome_queue').get() as { n: number };
      const o = t.core.db.prepare("SELECT count(*) AS n FROM automation_occurrences WHERE occurrence = 'welcome'").get() as { n: number };
      if (q.n > 0 || o.n < 3) throw new Error(`${o.n} welcomed, ${q.n} queued`);
    });
    expect(await ledgerOf(t, 3)).toHaveLength(3);
  });
});
