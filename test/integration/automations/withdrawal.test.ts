// Withdrawing what an automation handed to the test gateway ahead: pausing and editing take the run back with
// DELETE (204: withdrawn, the gateway's ledger says DELETED); one the gateway already sent answers 410 and is listed
// as not withdrawn, "already sent"; an edit plans the run again under the new revision, reusing its record.
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { AutomationDraft, RecurringSpec } from '../../../src-shared/contract/automations';
import { numbers, perTest } from '../campaigns/helpers';
import { activate, dailyAt, message, occurrences, settled, simNow } from './runner-helpers';

const p = perTest();
afterEach(() => p.after());

const zone = 'Europe/Copenhagen';

async function dailyIn(t: Awaited<ReturnType<typeof p.core>>, minutes: number, n = 2): Promise<{ id: number; spec: RecurringSpec }> {
  const start = await simNow(t);
  const due = DateTime.fromMillis(start + minutes * 60_000, { zone });
  const spec = dailyAt(due, numbers(500, n));
  return { id: await activate(t, spec, { name: 'Daily' }), spec };
}

const legacy = async (t: Awaited<ReturnType<typeof p.core>>) => (await t.ledger()).filter((e) => e.interface === 'legacy');

describe('withdrawing handed-over runs', () => {
  it('pausing withdraws every recipient of a run handed over ahead (204), and nothing goes out', async () => {
    const t = await p.core();
    const { id } = await dailyIn(t, 600, 3);
    const [run] = occurrences(t, id);
    expect(run!.state).toBe('handed_over');
    // One gateway message per recipient, so each can be withdrawn alone.
    const before = await legacy(t);
    expect(before.map((e) => e.status)).toEqual(['SCHEDULED', 'SCHEDULED', 'SCHEDULED']);
    expect(new Set(before.map((e) => e.id)).size).toBe(3);

    const paused = await t.ok('automations.pause', { id });
    expect(paused.notWithdrawn).toBe(0);
    expect(paused.automation.state).toBe('paused');
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['withdrawn']);
    expect((await legacy(t)).map((e) => e.status)).toEqual(['DELETED', 'DELETED', 'DELETED']);
    const campaign = await t.ok('campaigns.get', { id: run!.campaign_id! });
    expect(campaign.state).toBe('cancelled');
    // Time passes: nothing was left at the gateway to go out, and a paused rule plans nothing.
    await t.ok('sandbox.advanceClock', { seconds: 2 * 86_400 });
    await settled(t);
    expect((await legacy(t)).every((e) => e.status === 'DELETED')).toBe(true);
    expect(occurrences(t, id)).toHaveLength(1);
  });

  it('lists a run the gateway already sent as not withdrawn (410, "already sent")', async () => {
    const t = await p.core();
    const { id } = await dailyIn(t, 10, 1);
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['handed_over']);
    // The gateway's clock passes the send time without Besked looking (no status refresh).
    await t.sim('POST', '/_sim/clock', { advance_seconds: 15 * 60 });
    const paused = await t.ok('automations.pause', { id });
    expect(paused.notWithdrawn).toBe(1);
    const [row] = occurrences(t, id);
    expect(row!.state).toBe('not_withdrawn');
    expect(row!.reason).toMatch(/already been sent/);
    expect((await legacy(t)).map((e) => e.status)).not.toContain('DELETED');
    const history = await t.ok('automations.history', { id });
    expect(history.items[0]).toMatchObject({ state: 'not_withdrawn' });
  });

  it('editing withdraws the handed-over run and hands it over again with the new text, under the same record', async () => {
    const t = await p.core();
    const { id, spec } = await dailyIn(t, 600, 2);
    const [first] = occurrences(t, id);
    const draft: AutomationDraft = { name: 'Daily', timeZone: zone, spec, message: message({ text: 'Changed text' }) };
    const updated = await t.ok('automations.update', { id, draft });
    expect(updated.notWithdrawn).toBe(0);
    await settled(t);
    const rows = occurrences(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.occurrence).toBe(first!.occurrence);
    expect(rows[0]!.state).toBe('handed_over');
    expect(rows[0]!.campaign_id).not.toBe(first!.campaign_id);
    const ledger = await legacy(t);
    expect(ledger.filter((e) => e.status === 'DELETED').map((e) => e.text)).toEqual(['Hello from the shop', 'Hello from the shop']);
    expect(ledger.filter((e) => e.status === 'SCHEDULED').map((e) => e.text)).toEqual(['Changed text', 'Changed text']);
    const revision = t.core.db.prepare('SELECT revision FROM automation_occurrences WHERE automation_id = ?').pluck().get(id);
    expect(revision).toBe(2);
  });
  it('withdraws one recipient of a handed-over run who opts out, and leaves the run to the others', async () => {
    const t = await p.core();
    const { id } = await dailyIn(t, 600, 3);
    t.core.db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (?, 'keyword', 'STOP', ?)").run(4520000501, new Date().toISOString());
    t.core.events.emit('contacts.changed', { reason: 'consent' });
    await settled(t);
    const byNumber = new Map((await legacy(t)).map((e) => [e.recipient, e.status]));
    expect([...byNumber]).toEqual(expect.arrayContaining([[4520000500, 'SCHEDULED'], [4520000501, 'DELETED'], [4520000502, 'SCHEDULED']]));
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['handed_over']);
  });

  it('lists by name a contact of a handed-over run whose message could not be withdrawn (410), and counts it', async () => {
    const t = await p.core();
    const anna = await t.ok('contacts.create', { firstName: 'Anna', phone: '+4520000600' });
    const bo = await t.ok('contacts.create', { firstName: 'Bo', phone: '+4520000601' });
    const due = DateTime.fromMillis((await simNow(t)) + 600 * 60_000, { zone });
    const spec: RecurringSpec = {
      kind: 'recurring',
      recurrence: { every: 'day', interval: 1 },
      time: due.toFormat('HH:mm'),
      startDate: due.toISODate()!,
      end: { kind: 'never' },
      recipients: { contactIds: [anna.id, bo.id], groupIds: [], searches: [], numbers: [] },
      resolve: 'each_run',
    };
    const id = await activate(t, spec, { name: 'Daily' });
    // Bo's message is taken off the gateway's queue by another system on the account; then he opts out.
    const boMessage = (await legacy(t)).find((e) => e.recipient === 4520000601)!;
    await t.core.gateway.deleteScheduled(Number(boMessage.id));
    await t.ok('contacts.optOut', { selection: { ids: [bo.id] } });
    await settled(t);
    const rows = occurrences(t, id);
    expect(rows.map((r) => [r.contact_id, r.state])).toEqual([
      [0, 'handed_over'],
      [bo.id, 'not_withdrawn'],
    ]);
    expect(rows[1]!.reason).toMatch(/already been sent \(or deleted\)/);
    expect(rows[1]!.campaign_id).toBe(rows[0]!.campaign_id);
    const automation = await t.ok('automations.get', { id });
    expect(automation.counts.notWithdrawn).toBe(1);
    const history = await t.ok('automations.history', { id });
    expect(history.items.find((i) => i.contactId === bo.id)).toMatchObject({ state: 'not_withdrawn', name: 'Bo' });
    // Anna's greeting stays at the gateway for its time.
    expect((await legacy(t)).find((e) => e.recipient === 4520000600)!.status).toBe('SCHEDULED');
  });
});
