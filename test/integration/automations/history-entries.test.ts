// An automation's history is append-only (issue 27.5), on the test gateway over real HTTP: a run paused, resumed
// and edited is five entries (handed over, withdrawn: paused, handed over again: resumed, withdrawn: edited, handed
// over again: edited), each with its time on the test gateway's clock; an edit that takes back 49 handed-over texts
// says so in the history and in its answer; an opted-out recipient's withdrawal, a birthday skipped for an opt-out,
// the runs due while a rule was paused and a run missed while Besked was closed are entries of their own.
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { AutomationDraft, DateFieldSpec, HistoryItem, RecurringSpec } from '../../../src-shared/contract/automations';
import { numbers, perTest, type TestCore } from '../campaigns/helpers';
import { activate, birthdays, dailyAt, message, settled, simNow } from './runner-helpers';

const p = perTest();
afterEach(() => p.after());

const zone = 'Europe/Copenhagen';
const HOUR = 3_600;

async function dailyIn(t: TestCore, minutes: number, n: number): Promise<{ id: number; spec: RecurringSpec }> {
  const due = DateTime.fromMillis((await simNow(t)) + minutes * 60_000, { zone });
  const spec = dailyAt(due, numbers(700, n));
  return { id: await activate(t, spec, { name: 'Newsletter' }), spec };
}

/** Oldest first, as the entries were appended. */
async function entries(t: TestCore, id: number): Promise<HistoryItem[]> {
  return (await t.ok('automations.history', { id })).items.reverse();
}

/** The test gateway's clock moved on: what happens next is stamped with its time, not the computer's. */
async function later(t: TestCore, seconds: number): Promise<number> {
  await t.ok('sandbox.advanceClock', { seconds });
  await settled(t);
  return simNow(t);
}

const near = (iso: string, ms: number) => Math.abs(Date.parse(iso) - ms) < 60_000;


/** A contact written straight to the table, born on `day`'s date in 1980 (as CSV import stores the cell). */
function birthdayPerson(t: TestCore, name: string, msisdn: number, day: DateTime): number {
  const at = new Date().toISOString();
  return Number(
    t.core.db
      .prepare('INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(name, `+${msisdn}`, msisdn, JSON.stringify({ birthday: day.toFormat('dd-MM-1980') }), name.toLowerCase(), String(msisdn), at, at).lastInsertRowid,
  );
}

describe('an append-only automation history', () => {
  it('keeps the withdrawal of a pause when the rule is resumed and edited, each entry with its time and cause', async () => {
    const t = await p.core();
    const { id, spec } = await dailyIn(t, 600, 2);
    const pausedAt = await later(t, HOUR);
    expect(await t.ok('automations.pause', { id })).toMatchObject({ withdrawn: 2, notWithdrawn: 0 });
    const resumedAt = await later(t, HOUR);
    await t.ok('automations.activate', { id });
    await settled(t);
    const editedAt = await later(t, HOUR);
    const draft: AutomationDraft = { name: 'Newsletter', timeZone: zone, spec, message: message({ text: 'New text' }) };
    expect(await t.ok('automations.update', { id, draft })).toMatchObject({ withdrawn: 2, notWithdrawn: 0 });
    await settled(t);

    const h = await entries(t, id);
    expect(h.map((e) => [e.state, e.cause, e.again, e.recipients])).toEqual([
      ['handed_over', null, false, 2],
      ['withdrawn', 'paused', false, 2],
      ['handed_over', 'resumed', true, 2],
      ['withdrawn', 'edited', false, 2],
      ['handed_over', 'edited', true, 2],
    ]);
    // One run: every entry is about the same send time.
    expect(new Set(h.map((e) => e.at)).size).toBe(1);
    // On the test gateway's clock, hours ahead of the computer's by now.
    expect([near(h[1]!.recordedAt, pausedAt), near(h[2]!.recordedAt, resumedAt), near(h[3]!.recordedAt, editedAt), near(h[4]!.recordedAt, editedAt)]).toEqual([true, true, true, true]);
    expect(near(h[3]!.recordedAt, Date.now())).toBe(false);
    // Each withdrawal links the campaign it took back (cancelled); the last hand-over the one that waits at the gateway.
    expect(h[1]!.campaignId).toBe(h[0]!.campaignId);
    expect((await t.ok('campaigns.get', { id: h[1]!.campaignId! })).state).toBe('cancelled');
    expect((await t.ok('campaigns.get', { id: h[4]!.campaignId! })).state).toBe('scheduled');
    // Nothing in it can be changed afterwards.
    expect(() => t.core.db.prepare("UPDATE automation_history SET state = 'sent'").run()).toThrow(/append-only/);
  });

  it('lists an edit that withdrew 49 handed-over texts with the count, and answers the edit with it', async () => {
    const t = await p.core();
    const { id, spec } = await dailyIn(t, 600, 49);
    const draft: AutomationDraft = { name: 'Newsletter', timeZone: zone, spec, message: message({ text: 'Changed' }) };
    const updated = await t.ok('automations.update', { id, draft });
    expect(updated).toMatchObject({ withdrawn: 49, notWithdrawn: 0 });
    await settled(t);
    const h = await entries(t, id);
    expect(h.map((e) => [e.state, e.cause, e.recipients])).toEqual([
      ['handed_over', null, 49],
      ['withdrawn', 'edited', 49],
      ['handed_over', 'edited', 49],
    ]);
    const ledger = (await t.ledger()).filter((e) => e.interface === 'legacy');
    expect(ledger.filter((e) => e.status === 'DELETED')).toHaveLength(49);
  });

  it('lists an opted-out recipient withdrawn from a run as an entry of its own, by name', async () => {
    const t = await p.core();
    const anna = await t.ok('contacts.create', { firstName: 'Anna', phone: '+4520000600' });
    const bo = await t.ok('contacts.create', { firstName: 'Bo', phone: '+4520000601' });
    const due = DateTime.fromMillis((await simNow(t)) + 600 * 60_000, { zone });
    const id = await activate(t, { ...dailyAt(due, []), recipients: { contactIds: [anna.id, bo.id], groupIds: [], searches: [], numbers: [] } });
    const optedAt = await later(t, HOUR);
    await t.ok('contacts.optOut', { selection: { ids: [bo.id] } });
    await settled(t);
    const h = await entries(t, id);
    expect(h.map((e) => [e.state, e.cause, e.recipients, e.name])).toEqual([
      ['handed_over', null, 2, null],
      ['withdrawn', 'opted_out', 1, 'Bo'],
    ]);
    expect(near(h[1]!.recordedAt, optedAt)).toBe(true);
    expect((await t.ledger()).find((e) => e.recipient === 4520000600)!.status).toBe('SCHEDULED');
  });

  it('lists a birthday skipped for an opted-out contact, and a handed-over one withdrawn when its contact opts out, by name', async () => {
    const t = await p.core();
    const due = DateTime.fromMillis((await simNow(t)) + 10 * HOUR * 1000, { zone });
    const at = new Date().toISOString();
    const anna = birthdayPerson(t, 'Anna', 4530000001, due);
    const bo = birthdayPerson(t, 'Bo', 4530000002, due);
    const optOut = (msisdn: number) => t.core.db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (?, 'manual', 'test', ?)").run(msisdn, at);
    optOut(4530000002);
    const id = await activate(t, { ...birthdays, time: due.toFormat('HH:mm') }, { name: 'Birthday' });
    const of = async (contactId: number) => (await entries(t, id)).filter((e) => e.contactId === contactId);
    expect((await of(bo)).map((e) => [e.state, e.name, e.reasonCode?.code])).toEqual([['skipped', 'Bo', 'automation.skippedOptedOut']]);
    expect((await of(anna)).map((e) => e.state)).toEqual(['handed_over']);

    optOut(4530000001);
    t.core.events.emit('contacts.changed', { reason: 'consent' });
    await settled(t);
    const annas = await of(anna);
    expect(annas.slice(0, 2).map((e) => [e.state, e.cause, e.name])).toEqual([
      ['handed_over', null, 'Anna'],
      ['withdrawn', 'opted_out', 'Anna'],
    ]);
    // Offered again by the due index (as it is once the runner has looked), the birthday is then skipped: appended
    // under the withdrawal, which stays.
    expect(annas.slice(2).map((e) => [e.state, e.reasonCode?.code])).toEqual([['skipped', 'automation.skippedOptedOut']]);
  });

  it('lists the runs due while a rule was paused as skipped when it is switched on again, the withdrawn one included', async () => {
    const t = await p.core();
    const { id } = await dailyIn(t, 600, 1);
    await t.ok('automations.pause', { id });
    const resumedAt = await later(t, 3 * 24 * HOUR);
    await t.ok('automations.activate', { id });
    await settled(t);
    const h = await entries(t, id);
    const skipped = h.filter((e) => e.state === 'skipped');
    expect(skipped.map((e) => [e.cause, e.reasonCode?.code])).toEqual([
      ['paused', 'automation.skippedPaused'],
      ['paused', 'automation.skippedPaused'],
      ['paused', 'automation.skippedPaused'],
    ]);
    expect(skipped.every((e) => near(e.recordedAt, resumedAt))).toBe(true);
    // The first was handed over and withdrawn by the pause: its skip is appended under that, not in its place.
    expect(h.slice(0, 3).map((e) => [e.state, e.cause])).toEqual([
      ['handed_over', null],
      ['withdrawn', 'paused'],
      ['skipped', 'paused'],
    ]);
    expect(new Set(skipped.map((e) => e.at)).size).toBe(3);
  });

  it('lists the birthdays that passed while a date-field rule was paused as skipped per contact when it is switched on again, sending nothing', async () => {
    const t = await p.core();
    const start = await simNow(t);
    // Anna's is close enough to be handed over before the pause (which withdraws it); Bo's and Cy's fall inside the
    // pause; Cy had opted out before hers; Dan's comes after the rule is on again.
    const due = DateTime.fromMillis(start + 10 * HOUR * 1000, { zone }).startOf('minute');
    const anna = birthdayPerson(t, 'Anna', 4540000001, due);
    const bo = birthdayPerson(t, 'Bo', 4540000002, due.plus({ days: 2 }));
    const cy = birthdayPerson(t, 'Cy', 4540000003, due.plus({ days: 3 }));
    const dan = birthdayPerson(t, 'Dan', 4540000004, due.plus({ days: 9 }));
    t.core.db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (?, 'manual', 'test', ?)").run(4540000003, new Date(start).toISOString());
    t.core.db.prepare("INSERT INTO contact_fields (key, label, created_at) VALUES ('birthday', 'Birthday', ?)").run(new Date(start).toISOString());
    const spec: DateFieldSpec = { ...birthdays, time: due.toFormat('HH:mm') };
    const id = await activate(t, spec, { name: 'Birthday' });
    expect(await t.ok('automations.pause', { id })).toMatchObject({ withdrawn: 1 });
    const resumedAt = await later(t, 5 * 24 * HOUR);
    // The answer counts what the pause skipped (the resume toast says it); the opt-out is not the pause's doing.
    expect(await t.ok('automations.activate', { id })).toMatchObject({ state: 'active', skippedWhilePaused: 2 });
    await settled(t);

    const h = await entries(t, id);
    const skipped = h.filter((e) => e.state === 'skipped' && e.cause === 'paused');
    expect(skipped.map((e) => [e.contactId, e.name, e.at, e.reasonCode?.code])).toEqual([
      [anna, 'Anna', due.toUTC().toISO(), 'automation.skippedPaused'],
      [bo, 'Bo', due.plus({ days: 2 }).toUTC().toISO(), 'automation.skippedPaused'],
    ]);
    expect(skipped.every((e) => near(e.recordedAt, resumedAt))).toBe(true);
    // Anna's was handed over and withdrawn by the pause: the skip is appended under that.
    expect(h.filter((e) => e.contactId === anna).map((e) => [e.state, e.cause])).toEqual([
      ['handed_over', null],
      ['withdrawn', 'paused'],
      ['skipped', 'paused'],
    ]);
    // Cy had opted out before her birthday: the runner would have skipped her for that, so that is what it says.
    expect(h.filter((e) => e.contactId === cy).map((e) => [e.state, e.cause, e.reasonCode?.code])).toEqual([['skipped', null, 'automation.skippedOptedOut']]);
    expect(h.filter((e) => e.contactId === dan)).toEqual([]);
    // Nothing was sent on resume: the one text the gateway ever had is Anna's, withdrawn.
    expect((await t.ledger()).filter((e) => e.interface === 'legacy').map((e) => [e.recipient, e.status])).toEqual([[4540000001, 'DELETED']]);
    // Dan's birthday is still ahead, planned as usual.
    expect(t.core.db.prepare('SELECT contact_id FROM automation_due WHERE automation_id = ? ORDER BY due_at').pluck().all(id)[0]).toBe(dan);
  });

  it('lists a run missed while Besked was closed as an entry with its reason and the time it was found missed', async () => {
    const dataDir = p.dir('besked-history-');
    let t = await p.core({ dataDir });
    await t.ok('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 60 } });
    const start = await simNow(t);
    const due = DateTime.fromMillis(start + HOUR * 1000, { zone });
    const id = await activate(t, dailyAt(due, numbers(800, 1)), { name: 'Morning' });
    await t.close({ keepData: true });
    t = await p.core({ dataDir });
    const back = await later(t, 4 * HOUR);
    const h = await entries(t, id);
    expect(h.map((e) => [e.state, e.reasonCode?.code, e.reason])).toEqual([['missed', 'automation.missedNotRunning', expect.stringMatching(/not running/)]]);
    expect(near(h[0]!.recordedAt, back)).toBe(true);
    expect(h[0]!.at).toBe(due.startOf('minute').toUTC().toISO());
  });
});
