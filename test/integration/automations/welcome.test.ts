// Welcome texts against the simulator: a contact who joins the group by hand, by import or by a keyword rule gets the
// text once, however often they join; joins before the automation was switched on, opted-out numbers and deleted
// contacts get none, and say why; a join that waited longer than the grace period for Besked to start is missed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf, keyword, ledger, ledgerOf, texts } from './replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

interface Occ {
  contact_id: number;
  state: string;
  reason: string | null;
  reason_code: string | null;
}
const occurrences = (id: number) =>
  t.core.db.prepare("SELECT contact_id, state, reason, reason_code FROM automation_occurrences WHERE automation_id = ? AND occurrence = 'welcome' ORDER BY contact_id").all(id) as Occ[];
const queued = () => (t.core.db.prepare('SELECT COUNT(*) AS n FROM automation_welcome_queue').get() as { n: number }).n;
const settled = async (id: number, n: number) =>
  eventually(() => {
    const o = occurrences(id);
    if (o.length < n || queued() > 0) throw new Error(`${o.length} of ${n} welcomed, ${queued()} queued`);
    return o;
  });

async function importCsv(csv: string, groupId: number) {
  const bytes = Buffer.from(csv, 'utf8');
  const { importId } = await t.call('contacts.importBegin', { fileName: 'kunder.csv', bytes: bytes.length });
  await t.call('contacts.importChunk', { importId, offset: 0, base64: bytes.toString('base64') });
  const p = await t.call('contacts.importPreview', { importId });
  return t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'existing', id: groupId } });
}

describe('welcome texts', () => {
  it('welcomes each contact once across manual adds, imports and keyword joins', async () => {
    const club = await t.call('groups.create', { name: 'Klubben' });
    const before = await t.call('contacts.create', { firstName: 'Før', phone: '+4520000009', groupIds: [club.id] });
    const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen i klubben, {first_name}!'));
    activate(t, draftOf('Tilmeld', keyword({ keywords: ['KLUB'], addToGroupId: club.id }), 'Du er med!'));

    const karen = await t.call('contacts.create', { firstName: 'Karen', phone: '+4520000001', groupIds: [club.id] });
    const ole = await t.call('contacts.create', { firstName: 'Ole', phone: '+4520000002' });
    await t.call('groups.addContacts', { groupId: club.id, selection: { ids: [ole.id] } });
    await settled(rule, 2);

    // Out of the group and back in, imported again into it, and texting the keyword: still once.
    await t.call('groups.removeContacts', { groupId: club.id, selection: { ids: [karen.id, ole.id] } });
    await t.call('groups.addContacts', { groupId: club.id, selection: { ids: [karen.id, ole.id] } });
    await importCsv('Fornavn;Mobil\r\nKaren;20000001\r\nSofie;20000003\r\n', club.id);
    await texts(t, [
      [4520000001, 'klub'],
      [4520000004, 'Klub!'],
    ]);
    const o = await settled(rule, 4);
    const ids = (t.core.db.prepare('SELECT id, msisdn FROM contacts').all() as { id: number; msisdn: number }[]).reduce<Record<number, number>>(
      (m, r) => ({ ...m, [r.msisdn]: r.id }),
      {},
    );
    // One row per contact; its run moves it from 'planned' to 'sending', and to 'sent' as the run's campaign finishes.
    const welcomed = (state: string) => (['planned', 'sending', 'sent'].includes(state) ? 'welcomed' : state);
    expect(o.map((x) => [x.contact_id, welcomed(x.state)])).toEqual(
      [ids[4520000001], ids[4520000002], ids[4520000003], ids[4520000004]].map((id) => [id, 'welcomed']),
    );
    expect(o.some((x) => x.contact_id === before.id)).toBe(false);

    const sent = await ledgerOf(t, 6);
    const welcomes = sent.filter((m) => m.text.startsWith('Velkommen'));
    expect(welcomes.map((m) => [m.recipient, m.text]).sort()).toEqual([
      [4520000001, 'Velkommen i klubben, Karen!'],
      [4520000002, 'Velkommen i klubben, Ole!'],
      [4520000003, 'Velkommen i klubben, Sofie!'],
      [4520000004, 'Velkommen i klubben, kunde!'],
    ]);
    // Joins that come together share a run (issue 30.2): Karen and Ole, added in one breath, are one campaign; the
    // import and the keyword join one or two more, as their windows fall.
    const runs = t.core.db.prepare("SELECT COUNT(*) AS n FROM campaigns WHERE automation_id = ? AND kind = 'campaign'").get(rule) as { n: number };
    expect(runs.n).toBeGreaterThanOrEqual(2);
    expect(runs.n).toBeLessThanOrEqual(3);
    const perRun = t.core.db
      .prepare("SELECT campaign_id AS c, COUNT(*) AS n FROM automation_occurrences WHERE automation_id = ? AND occurrence = 'welcome' GROUP BY campaign_id ORDER BY campaign_id")
      .all(rule) as { c: number; n: number }[];
    expect(perRun[0]!.n).toBe(2);
    // Accepted by the gateway: every welcome row follows its campaign to 'sent'.
    await eventually(() => {
      const states = occurrences(rule).map((x) => x.state);
      if (states.some((s) => s !== 'sent')) throw new Error(`welcome rows ${states.join(', ')}`);
    });
  });

  it('skips an opted-out number and a contact deleted before the text went, with the reason', async () => {
    const club = await t.call('groups.create', { name: 'Klubben' });
    const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen!'));
    const karen = await t.call('contacts.create', { firstName: 'Karen', phone: '+4520000001' });
    await t.call('contacts.optOut', { selection: { ids: [karen.id] } });
    // Deleted in the same breath as joining: the queue outlives the contact.
    const gone = await t.call('contacts.create', { firstName: 'Væk', phone: '+4520000002' });
    t.core.db.transaction(() => {
      t.core.db.prepare('INSERT INTO contact_group_members (group_id, contact_id) VALUES (?, ?)').run(club.id, gone.id);
      t.core.db.prepare('DELETE FROM contacts WHERE id = ?').run(gone.id);
    })();
    await t.call('groups.addContacts', { groupId: club.id, selection: { ids: [karen.id] } });
    const o = await settled(rule, 2);
    expect(o.map((x) => [x.contact_id, x.state, x.reason_code && (JSON.parse(x.reason_code) as { code: string }).code])).toEqual([
      [karen.id, 'skipped', 'automation.welcome.optedOut'],
      [gone.id, 'skipped', 'automation.welcome.contactDeleted'],
    ]);
    expect((await ledger(t)).filter((m) => m.text === 'Velkommen!')).toEqual([]);
  });

  it('records a join left queued longer than the grace period before Besked started as missed, and welcomes one within it', async () => {
    const club = await t.call('groups.create', { name: 'Klubben' });
    const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen, {first_name}!'));
    const karen = await t.call('contacts.create', { firstName: 'Karen', phone: '+4520000001' });
    const ole = await t.call('contacts.create', { firstName: 'Ole', phone: '+4520000002' });
    // Joins a Besked left in the queue before this one started: three hours ago (grace: 120 minutes) and a minute ago.
    const queue = t.core.db.prepare('INSERT INTO automation_welcome_queue (automation_id, contact_id, joined_at) VALUES (?, ?, ?)');
    queue.run(rule, karen.id, new Date(Date.now() - 3 * 3_600_000).toISOString());
    queue.run(rule, ole.id, new Date(Date.now() - 60_000).toISOString());
    await t.call('contacts.create', { firstName: 'Sofie', phone: '+4520000003' });
    await settled(rule, 2);
    // Recorded 'planned' with its queue row's removal, the run is handed on after its campaign's freeze (turns later).
    const o = await eventually(() => {
      const rows = occurrences(rule);
      if (rows.some((x) => x.state === 'planned')) throw new Error('the run is not handed on yet');
      return rows;
    });
    expect(o.map((x) => [x.contact_id, x.state === 'sent' ? 'sending' : x.state, x.reason_code && (JSON.parse(x.reason_code) as { code: string }).code])).toEqual([
      [karen.id, 'missed', 'automation.welcome.missed'],
      [ole.id, 'sending', null],
    ]);
    const history = await t.call('automations.history', { id: rule });
    expect(history.items.find((i) => i.contactId === karen.id)).toMatchObject({ state: 'missed', reasonCode: { code: 'automation.welcome.missed' } });
    const sent = await ledgerOf(t, 1);
    expect(sent.map((m) => [m.recipient, m.text])).toEqual([[4520000002, 'Velkommen, Ole!']]);
  });

  it('welcomes an import of 600 into the group as one run: one campaign, each contact once, opted-out numbers skipped with the reason', async () => {
    const club = await t.call('groups.create', { name: 'Klubben' });
    const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen, {first_name}!'));
    await t.call('contacts.create', { firstName: 'Stop', phone: '+4529000007' });
    const stop = (t.core.db.prepare('SELECT id FROM contacts WHERE msisdn = 4529000007').get() as { id: number }).id;
    await t.call('contacts.optOut', { selection: { ids: [stop] } });
    const rows = Array.from({ length: 600 }, (_, i) => `Kunde${i};${29000000 + i}`);
    await importCsv(`Fornavn;Mobil\r\n${rows.join('\r\n')}\r\n`, club.id);

    const o = await settled(rule, 600);
    expect(o.filter((x) => x.state === 'skipped').map((x) => [x.contact_id, x.reason_code && JSON.parse(x.reason_code).code])).toEqual([[stop, 'automation.welcome.optedOut']]);
    const campaigns = t.core.db.prepare("SELECT id, kind FROM campaigns WHERE automation_id = ?").all(rule) as { id: number; kind: string }[];
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]!.kind).toBe('campaign');
    const sent = await ledgerOf(t, 599);
    expect(sent).toHaveLength(599);
    expect(new Set(sent.map((m) => m.recipient)).size).toBe(599);
    expect(sent.some((m) => m.recipient === 4529000007)).toBe(false);
  });
});
