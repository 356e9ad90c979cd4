// The date-field due index: built when a rule is switched on, kept as contacts change, advanced by the runner, and
// quick for 100,000 contacts.
import { afterEach, describe, expect, it } from 'vitest';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { DueIndex } from '../../../src-main/core/automations/due-index';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { birthdayDraft, clockedCoresClosedAfterEach, type ClockedCore } from './store-fixture';

let t: ClockedCore;
const startCore = clockedCoresClosedAfterEach();
const start = async () => {
  t = await startCore(NOW);
};

// Monday 1 March 2027, 09:00 in Copenhagen (CET).
const NOW = '2027-03-01T08:00:00.000Z';

const rows = (id: number) =>
  t.core.db.prepare('SELECT contact_id AS contact, due_at AS due, occurrence FROM automation_due WHERE automation_id = ? ORDER BY contact_id').all(id);

let made = 0;
async function people(values: string[], groupIds: number[] = []): Promise<number[]> {
  const ids: number[] = [];
  for (const birthday of values) {
    const i = made++;
    ids.push((await t.call('contacts.create', { firstName: `P${i}`, phone: `+45${21000000 + i}`, custom: { birthday }, groupIds })).id);
  }
  return ids;
}

describe('the due index', () => {
  it('holds each contact\'s next occurrence once the rule is on, and nothing while it is off', async () => {
    await start();
    const [a, b, c] = await people(['14-03-1985', '29-02-1988', 'snart']);
    const rule = await t.call('automations.create', { draft: birthdayDraft() });
    expect(rows(rule.id)).toEqual([]);
    await t.call('automations.activate', { id: rule.id });
    // 29 February in 2027 (no leap year) is the 28th: already past, so next year's 29th.
    expect(rows(rule.id)).toEqual([
      { contact: a, due: '2027-03-14T09:00:00.000Z', occurrence: '2027-03-14T00:00' },
      { contact: b, due: '2028-02-29T09:00:00.000Z', occurrence: '2028-02-29T00:00' },
    ]);
    expect(c).toBeGreaterThan(0);
    expect((await t.call('automations.get', { id: rule.id })).nextRunAt).toBe('2027-03-14T09:00:00.000Z');
    await t.call('automations.pause', { id: rule.id });
    expect(rows(rule.id)).toEqual([]);
    await t.call('automations.activate', { id: rule.id });
    expect(rows(rule.id)).toHaveLength(2);
  });

  it('follows contacts: a changed date, a new contact, a deleted one', async () => {
    await start();
    const [a, b] = await people(['14-03-1985', '20-03-1990']);
    const rule = await t.call('automations.create', { draft: birthdayDraft() });
    await t.call('automations.activate', { id: rule.id });
    await t.call('contacts.update', { id: a!, custom: { birthday: '02-03-1985' } });
    const [c] = await people(['05-05-2000']);
    await t.call('contacts.delete', { selection: { ids: [b!] } });
    expect(rows(rule.id)).toEqual([
      { contact: a, due: '2027-03-02T09:00:00.000Z', occurrence: '2027-03-02T00:00' },
      { contact: c, due: '2027-05-05T08:00:00.000Z', occurrence: '2027-05-05T00:00' },
    ]);
    expect(t.heard.some((m) => m.name === 'automations.changed' && (m.payload as { ids: number[] }).ids.includes(rule.id))).toBe(true);
  });

  it('holds only the rule\'s recipients when it names a group', async () => {
    await start();
    const g = await t.call('groups.create', { name: 'Klub' });
    const [inGroup] = await people(['14-03-1985'], [g.id]);
    await people(['15-03-1985']);
    const rule = await t.call('automations.create', { draft: birthdayDraft({ recipients: { contactIds: [], groupIds: [g.id], searches: [], numbers: [] } }) });
    await t.call('automations.activate', { id: rule.id });
    expect(rows(rule.id).map((r) => (r as { contact: number }).contact)).toEqual([inGroup]);
  });

});

// The index's own rules on a database of its own: in a core the runner records and advances what falls due.
describe('the due index between two runner ticks', () => {
  const clock = { now: Date.parse(NOW) };
  let db: Db;
  afterEach(() => db?.close());

  function setUp(birthdays: string[], draft = birthdayDraft()) {
    db = openDatabase(':memory:');
    db.prepare("INSERT INTO contact_fields (key, label, created_at) VALUES ('birthday', 'Fødselsdag', ?)").run(NOW);
    const put = db.prepare("INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '', ?, ?)");
    const ids = birthdays.map((b, i) => Number(put.run(`P${i}`, `+${4521000000 + i}`, 4521000000 + i, JSON.stringify({ birthday: b }), `p${i}`, NOW, NOW).lastInsertRowid));
    clock.now = Date.parse(NOW);
    const store = new AutomationStore(db, () => clock.now);
    const due = new DueIndex(db, () => clock.now);
    const rule = store.activate(store.insert(draft).id);
    due.rebuild(rule);
    const rows = () => db.prepare('SELECT contact_id AS contact, due_at AS due, occurrence FROM automation_due WHERE automation_id = ? ORDER BY contact_id').all(rule.id);
    return { ids, store, due, rule, rows };
  }

  it('keeps a row that fell due but is not recorded yet, and advances a recorded one to the next year', () => {
    const { ids, due, rule, rows } = setUp(['14-03-1985', '20-03-1990']);
    const [a, b] = ids;
    // The 14 March run is due; before the runner records it, contacts change (a rebuild, of one or of all).
    clock.now = Date.parse('2027-03-14T09:00:30Z');
    due.rebuild(rule, new Set([b!]));
    due.rebuild(rule);
    expect(rows()).toContainEqual({ contact: a, due: '2027-03-14T09:00:00.000Z', occurrence: '2027-03-14T00:00' });
    due.advance(rule, a!, Date.parse('2027-03-14T09:00:00Z'));
    expect(rows()).toContainEqual({ contact: a, due: '2028-03-14T09:00:00.000Z', occurrence: '2028-03-14T00:00' });
    // A contact whose date changed loses the row that fell due: that occurrence is no longer theirs.
    db.prepare('UPDATE contacts SET custom = ? WHERE id = ?').run(JSON.stringify({ birthday: '01-04-1990' }), b);
    clock.now = Date.parse('2027-03-20T09:00:30Z');
    due.applyChangedContacts([rule]);
    expect(rows()).toContainEqual({ contact: b, due: '2027-04-01T08:00:00.000Z', occurrence: '2027-04-01T00:00' });
  });

  it('drops a once-rule\'s row when advanced past its date', () => {
    const { ids, due, rule, rows } = setUp(['10-03-2027 14:30'], birthdayDraft({ repeat: 'once', time: null, offset: { direction: 'before', amount: 1, unit: 'days' } }));
    expect(rows()).toEqual([{ contact: ids[0], due: '2027-03-09T13:30:00.000Z', occurrence: '2027-03-10T14:30' }]);
    due.advance(rule, ids[0]!, Date.parse('2027-03-09T13:30:00Z'));
    expect(rows()).toEqual([]);
  });

  it('marks the contacts to work out again as they change, join groups, opt out, or go', () => {
    const { ids, due, rule, rows } = setUp(['14-03-1985', '20-03-1990', '25-03-1995']);
    const dirty = () => db.prepare('SELECT contact_id FROM automation_due_dirty ORDER BY contact_id').pluck().all();
    expect(dirty()).toEqual([]);
    const g = Number(db.prepare("INSERT INTO contact_groups (name, created_at) VALUES ('Klub', ?)").run(NOW).lastInsertRowid);
    db.prepare('INSERT INTO contact_group_members (group_id, contact_id) VALUES (?, ?)').run(g, ids[0]);
    db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (4521000001, 'manual', 'test', ?)").run(NOW);
    db.prepare('DELETE FROM contacts WHERE id = ?').run(ids[2]);
    expect(dirty()).toEqual(ids);
    expect(due.applyChangedContacts([rule])).toEqual([rule.id]);
    expect(dirty()).toEqual([]);
    // Opted out stays in the index (the runner skips and says so); deleted goes.
    expect(rows().map((r) => (r as { contact: number }).contact)).toEqual(ids.slice(0, 2));
  });
});

describe('100,000 contacts with a date field', () => {
  it('builds the index and the next sends, and one contact\'s edit works out that contact again', async () => {
    await start();
    const db = t.core.db;
    db.transaction(() => {
      const put = db.prepare(
        "INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '', ?, ?)",
      );
      for (let i = 0; i < 100_000; i++) {
        const day = String((i % 28) + 1).padStart(2, '0');
        const month = String((i % 12) + 1).padStart(2, '0');
        const msisdn = 4522000000 + i;
        put.run(`P${i}`, `+${msisdn}`, msisdn, JSON.stringify({ birthday: `${day}-${month}-${1950 + (i % 60)}` }), `p${i}`, NOW, NOW);
      }
      db.prepare("INSERT INTO contact_fields (key, label, created_at) VALUES ('birthday', 'Fødselsdag', ?)").run(NOW);
    })();
    const rule = await t.call('automations.create', { draft: birthdayDraft() });

    let at = performance.now();
    await t.call('automations.activate', { id: rule.id });
    const activateMs = performance.now() - at;
    expect(db.prepare('SELECT COUNT(*) FROM automation_due WHERE automation_id = ?').pluck().get(rule.id)).toBe(100_000);

    at = performance.now();
    const p = await t.call('automations.preview', { draft: birthdayDraft() });
    const previewMs = performance.now() - at;
    expect(p.occurrences).toHaveLength(10);
    expect(p.occurrences.reduce((n, o) => n + o.recipients, 0)).toBeGreaterThan(0);
    // One contact's change works out only that contact again (the triggers mark it), not the 100,000.
    at = performance.now();
    await t.call('contacts.update', { id: 5, custom: { birthday: '02-03-1980' } });
    const editMs = performance.now() - at;
    expect(db.prepare('SELECT due_at FROM automation_due WHERE automation_id = ? AND contact_id = 5').pluck().get(rule.id)).toBe('2027-03-02T09:00:00.000Z');
    // How long these take is the bench's (automations.due_scan_ms with index_rebuild_ms, npm run bench), not a
    // timed test's: on a loaded CI machine a 5 s bound failed a switch-on that was only slow (9.7 s).
    console.info(`due index for 100,000: activate ${activateMs.toFixed(0)} ms, preview ${previewMs.toFixed(0)} ms, one contact's edit ${editMs.toFixed(0)} ms`);
  }, 60_000);
});
