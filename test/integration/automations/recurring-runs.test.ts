// Recurring automations against the test gateway over real HTTP, on its clock: a year of a weekly campaign gives
// exactly its runs in the gateway's ledger; a daily 02:30 run crosses both daylight-saving changes once a day; a run
// over the daily cap is held whole; runs due while Besked was closed are sent late within the grace period and
// missed beyond it.
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { RecurringSpec } from '../../../src-shared/contract/automations';
import { occurrencesBetween } from '../../../src-shared/automations/recurrence';
import { join } from 'node:path';
import { openDatabase } from '../../../src-main/core/db/database';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { OccurrenceLog } from '../../../src-main/core/automations/occurrence-log';
import { recordRun, type RunDeps } from '../../../src-main/core/automations/run-campaign';
import { numbers, perTest } from '../campaigns/helpers';
import { activate, advance, occurrences, sentTo, settled, simNow } from './runner-helpers';

const p = perTest();
afterEach(() => p.after());

const DAY = 86_400;

function recurring(o: Partial<RecurringSpec> & { startDate: string }): RecurringSpec {
  return {
    kind: 'recurring',
    recurrence: { every: 'week', interval: 1, weekdays: ['mo'] },
    time: '10:00',
    end: { kind: 'never' },
    recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(100, 1) },
    resolve: 'each_run',
    ...o,
  };
}

const localDate = (ms: number) => DateTime.fromMillis(ms, { zone: 'Europe/Copenhagen' }).toISODate()!;

describe('a recurring automation', () => {
  it('sends a weekly campaign exactly once per week for a year, every run a campaign linked to it', { timeout: 120_000 }, async () => {
    const t = await p.core();
    const start = await simNow(t);
    const spec = recurring({ startDate: localDate(start) });
    const id = await activate(t, spec, { name: 'Monday news' });
    // 52 weeks: a send time more than a year past the computer's clock is refused by the campaigns' preview.
    for (let day = 0; day < 364; day++) await advance(t, DAY);
    const end = await simNow(t);
    // Everything up to the end, and what the look-ahead already handed over beyond it.
    const expected = occurrencesBetween(spec, 'Europe/Copenhagen', start, end + 24 * 3_600_000);
    expect(expected.length).toBeGreaterThanOrEqual(52);
    expect(expected.length).toBeLessThanOrEqual(53);
    const rows = occurrences(t, id);
    expect(rows.map((r) => r.due_at)).toEqual(expected.map((ms) => new Date(ms).toISOString()));
    // Runs whose time has come are sent; the last ones may still wait at the gateway for their send time.
    const past = rows.filter((r) => Date.parse(r.due_at) < end - 3_600_000);
    expect(new Set(past.map((r) => r.state))).toEqual(new Set(['sent']));
    expect(rows.every((r) => ['sent', 'handed_over'].includes(r.state))).toBe(true);
    expect((await sentTo(t)).get(4520000100)).toBe(expected.length);
    const campaignIds = new Set(rows.map((r) => r.campaign_id));
    expect(campaignIds.size).toBe(expected.length);
    const linked = await t.ok('campaigns.get', { id: rows[0]!.campaign_id! });
    expect(linked.automationId).toBe(id);
    expect(linked.scheduledAtGateway).toBe(true);
    // The run's due time is its own field, which the UI says in the user's date format; the name has no ISO date.
    expect(linked.runDueAt).toBe(rows[0]!.due_at);
    expect(linked.name).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it('runs a daily 02:30 message once a day across both daylight-saving changes of Europe/Copenhagen', { timeout: 120_000 }, async () => {
    const t = await p.core();
    const start = await simNow(t);
    const spec = recurring({ recurrence: { every: 'day', interval: 1 }, time: '02:30', startDate: localDate(start) });
    const id = await activate(t, spec);
    // 360 days (the campaigns' preview refuses a send time more than a year past the computer's clock): both
    // changes fall inside but for a few start dates a year, where one of them does.
    for (let day = 0; day < 360; day++) await advance(t, DAY);
    const rows = occurrences(t, id);
    expect(rows.length).toBeGreaterThanOrEqual(360);
    expect(rows.every((r) => r.state === 'sent' || r.state === 'handed_over')).toBe(true);
    const localTimes = rows.map((r) => DateTime.fromISO(r.due_at, { zone: 'Europe/Copenhagen' }));
    // Consecutive days: none skipped, none twice (the autumn change repeats 02:30: the first, earlier one counts).
    for (let i = 1; i < localTimes.length; i++) expect(localTimes[i]!.startOf('day').diff(localTimes[i - 1]!.startOf('day'), 'days').days).toBe(1);
    const changes = localTimes.filter((d, i) => i > 0 && d.offset !== localTimes[i - 1]!.offset);
    expect(changes.length).toBeGreaterThanOrEqual(1);
    // The spring gap has no 02:30: that day's run moves forward by the gap (03:30); every other day it is 02:30.
    for (const d of localTimes) {
      const springDay = d.month === 3 && d.weekday === 7 && d.day >= 25;
      expect(d.toFormat('HH:mm')).toBe(springDay ? '03:30' : '02:30');
    }
    // Autumn: 02:30 happens twice that night; the run is the first (summer time, UTC+2).
    for (const d of localTimes.filter((d) => d.month === 10 && d.weekday === 7 && d.day >= 25)) expect(d.offset).toBe(120);
    expect((await sentTo(t)).get(4520000100)).toBe(rows.length);
  });
});

describe('runs that cannot go as planned', () => {
  it('holds a run over the daily cap whole (nothing sent) and tells the user', async () => {
    const t = await p.core();
    await t.ok('settings.update', { sendingLimits: { campaignCap: null, dailyCap: 0.01, maxParts: null, quietHours: null, messagesPerMinute: null } });
    const start = await simNow(t);
    const spec = recurring({ recurrence: { every: 'day', interval: 1 }, time: DateTime.fromMillis(start + 2 * 3_600_000, { zone: 'Europe/Copenhagen' }).toFormat('HH:mm'), startDate: localDate(start), recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(200, 5) } });
    const id = await activate(t, spec);
    t.core.automations.wake();
    await settled(t);
    const rows = occurrences(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('held');
    expect(rows[0]!.reason).toMatch(/daily limit/);
    const campaign = await t.ok('campaigns.get', { id: rows[0]!.campaign_id! });
    expect(campaign.state).toBe('draft');
    expect(campaign.automationId).toBe(id);
    expect(await t.ledger()).toHaveLength(0);
    expect(t.events.some((e) => e.name === 'automations.attention')).toBe(true);
  });

  it('sends a run due while Besked was closed late within the grace period, and lists one beyond it as missed', async () => {
    const dataDir = p.dir('besked-automations-');
    let t = await p.core({ dataDir });
    const start = await simNow(t);
    // Two daily runs: one 1 hour after the start, one 4 hours after (local times of the test gateway's clock).
    // No look-ahead: nothing is handed over before Besked closes.
    await t.ok('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 120 } });
    const at = (h: number) => DateTime.fromMillis(start + h * 3_600_000, { zone: 'Europe/Copenhagen' }).toFormat('HH:mm');
    const early = await activate(t, recurring({ recurrence: { every: 'day', interval: 1 }, time: at(1), startDate: localDate(start) }), { message: { text: 'early' } });
    const late = await activate(t, recurring({ recurrence: { every: 'day', interval: 1 }, time: at(4), startDate: localDate(start), recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(300, 1) } }), { message: { text: 'late' } });
    await settled(t);
    expect(occurrences(t, early)).toHaveLength(0);
    await t.close({ keepData: true });
    // Closed for 5 hours: the early run is 4 h overdue (missed), the late one 1 h (within the 2 h grace).
    t = await p.core({ dataDir });
    await t.ok('sandbox.advanceClock', { seconds: 5 * 3_600 - 60 });
    await settled(t);
    const e = occurrences(t, early);
    const l = occurrences(t, late);
    expect(e.map((r) => r.state)).toEqual(['missed']);
    expect(e[0]!.reason).toMatch(/not running/);
    expect(e[0]!.campaign_id).toBeNull();
    expect(l.map((r) => r.state)).toEqual(['sending'].includes(l[0]!.state) ? ['sending'] : ['sent']);
    const sent = await sentTo(t);
    expect(sent.get(4520000100)).toBeUndefined();
    expect(sent.get(4520000300)).toBe(1);
  });
  it('lists a run the gateway would not take until past the grace period as missed, and sends nothing late', async () => {
    const t = await p.core();
    await t.ok('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 120 } });
    const start = await simNow(t);
    const due = DateTime.fromMillis(start + 30 * 60_000, { zone: 'Europe/Copenhagen' });
    const id = await activate(t, recurring({ recurrence: { every: 'day', interval: 1 }, time: due.toFormat('HH:mm'), startDate: due.toISODate()! }));
    // The gateway turns every send away (429: certainly not taken), so the run waits for it like any campaign.
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', status: 429 }] });
    await t.ok('sandbox.advanceClock', { seconds: 31 * 60 });
    await t.core.automations.idle();
    const until = Date.now() + 10_000;
    while (t.core.db.prepare("SELECT COUNT(*) FROM campaigns WHERE automation_id = ? AND state = 'waiting'").pluck().get(id) === 0) {
      if (Date.now() > until) throw new Error(`the run never waited for the gateway: ${JSON.stringify([occurrences(t, id), t.core.db.prepare('SELECT state, waiting_reason, last_error FROM campaigns').all()])}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['sending']);
    await t.ok('sandbox.advanceClock', { seconds: 3 * 3_600 });
    await t.core.automations.idle();
    const [row] = occurrences(t, id);
    expect(row).toMatchObject({ state: 'missed', reason: expect.stringMatching(/could not be reached/) });
    expect((await t.ok('campaigns.get', { id: row!.campaign_id! })).state).toBe('cancelled');
    await t.sim('PUT', '/_sim/faults', { rules: [] });
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.ledger()).toHaveLength(0);
  });
});

describe('a restart', () => {
  it('sends a run recorded before a crash took its send, once; one recorded too long ago is missed', async () => {
    const dataDir = p.dir('besked-automations-restart-');
    let t = await p.core({ dataDir });
    await t.ok('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 120 } });
    const start = await simNow(t);
    const at = (h: number) => DateTime.fromMillis(start + h * 3_600_000, { zone: 'Europe/Copenhagen' });
    const ahead = await activate(t, recurring({ recurrence: { every: 'day', interval: 1 }, time: at(10).toFormat('HH:mm'), startDate: at(10).toISODate()! }));
    const stale = await activate(t, recurring({ recurrence: { every: 'day', interval: 1 }, time: at(-5).toFormat('HH:mm'), startDate: at(-5).toISODate()!, recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(400, 1) } }));
    await t.close({ keepData: true });
    // What a crash between the record and the send leaves: the rows planned, their campaigns still drafts.
    const db = openDatabase(join(dataDir, 'besked.db'));
    const store = new AutomationStore(db, () => start);
    const deps = { db, log: new OccurrenceLog(db, () => start), now: () => start } as unknown as RunDeps;
    const aheadRun = recordRun(deps, { automation: store.get(ahead)!, dueMs: at(10).startOf('minute').toMillis(), members: [{ occurrence: 'ahead', contactId: 0 }], recipients: numbersSpec(100), ahead: true });
    const staleRun = recordRun(deps, { automation: store.get(stale)!, dueMs: at(-5).toMillis(), members: [{ occurrence: 'stale', contactId: 0 }], recipients: numbersSpec(400), ahead: false });
    db.close();
    expect(aheadRun).not.toBeNull();
    expect(staleRun).not.toBeNull();

    t = await p.core({ dataDir });
    t.core.automations.wake();
    await settled(t);
    expect(occurrences(t, ahead).map((r) => [r.occurrence, r.state])).toEqual([['ahead', 'handed_over']]);
    expect(occurrences(t, stale)).toMatchObject([{ occurrence: 'stale', state: 'missed', reason: expect.stringMatching(/not running/) }]);
    expect(t.core.db.prepare('SELECT COUNT(*) FROM campaigns WHERE id = ?').pluck().get(staleRun)).toBe(0);
    // Once: more ticks send nothing more.
    t.core.automations.wake();
    await settled(t);
    const ledger = await t.ledger();
    expect(ledger.map((e) => [e.recipient, e.status])).toEqual([[4520000100, 'SCHEDULED']]);
  });
});

const numbersSpec = (from: number) => ({ contactIds: [], groupIds: [], searches: [], numbers: numbers(from, 1) });
