// An automation's history and counts, read from the entries the occurrence record appends (schema 19) and the reply
// decisions as the runner and the auto-replies write them.
import { afterEach, describe, expect, it } from 'vitest';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { AutomationViews } from '../../../src-main/core/automations/automation-view';
import { AutomationHistory } from '../../../src-main/core/automations/history';
import { OccurrenceLog } from '../../../src-main/core/automations/occurrence-log';
import { coded } from '../../../src-shared/error-codes';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { keywordDraft, recurringDraft, clockedCoresClosedAfterEach, type ClockedCore } from './store-fixture';

let t: ClockedCore;
const startCore = clockedCoresClosedAfterEach();
const start = async () => {
  t = await startCore(NOW);
};

const NOW = '2027-03-01T08:00:00.000Z';

function campaign(db: Db, state: string): number {
  return Number(
    db
      .prepare("INSERT INTO campaigns (kind, name, state, created_at, updated_at) VALUES ('campaign', 'Run', ?, ?, ?)")
      .run(state, NOW, NOW).lastInsertRowid,
  );
}

function occurrence(db: Db, automationId: number, dueAt: string, state: string, o: { campaignId?: number; contactId?: number; reason?: string; code?: string } = {}): number {
  return Number(
    db
      .prepare(
        `INSERT INTO automation_occurrences (automation_id, occurrence, contact_id, due_at, state, campaign_id, recipients, reason, reason_code, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      )
      .run(automationId, dueAt, o.contactId ?? 0, dueAt, state, o.campaignId ?? null, o.reason ?? null, o.code ? JSON.stringify({ code: o.code }) : null, NOW, NOW).lastInsertRowid,
  );
}

/**
 * The runs' history on a database of its own: in a core the runner follows a run's campaign and moves its state on,
 * which is its part; here the record stays as written.
 */
describe('a run history', () => {
  const clock = () => Date.parse(NOW);
  let db: Db;
  afterEach(() => db?.close());
  const setUp = () => {
    db = openDatabase(':memory:');
    const store = new AutomationStore(db, clock);
    const views = new AutomationViews(db, () => null);
    const g = Number(db.prepare("INSERT INTO contact_groups (name, created_at) VALUES ('Klub', ?)").run(NOW).lastInsertRowid);
    return { store, views, history: new AutomationHistory(db), a: store.insert(recurringDraft(g)) };
  };

  it('lists the entries runs appended newest first, in pages, as written, and counts the runs by what their campaigns became', () => {
    const { store, views, history, a } = setUp();
    const cases: [due: string, stored: string, campaign: string | null, counted: string][] = [
      ['2027-01-04T08:00:00.000Z', 'handed_over', 'sent', 'sent'],
      ['2027-01-11T08:00:00.000Z', 'sending', 'partly_failed', 'sent'],
      ['2027-01-18T08:00:00.000Z', 'planned', 'failed', 'failed'],
      ['2027-01-25T08:00:00.000Z', 'handed_over', 'scheduled', 'handed_over'],
      ['2027-02-01T08:00:00.000Z', 'withdrawing', 'scheduled', 'handed_over'],
      ['2027-02-08T08:00:00.000Z', 'held', 'draft', 'held'],
      ['2027-02-15T08:00:00.000Z', 'missed', null, 'missed'],
      ['2027-02-22T08:00:00.000Z', 'not_withdrawn', 'sent', 'not_withdrawn'],
      ['2027-03-01T08:00:00.000Z', 'sending', 'waiting', 'sending'],
    ];
    for (const [due, stored, state] of cases) occurrence(db, a.id, due, stored, state ? { campaignId: campaign(db, state) } : { reason: 'Besked was not running' });
    // Planned and withdrawing are the runner's own steps: no entry until the run reaches a state the user reads.
    const written = cases.filter(([, stored]) => stored !== 'planned' && stored !== 'withdrawing');
    const first = history.page(a.id, a.kind, undefined, 4);
    expect(first.more).toBe(true);
    const rest = history.page(a.id, a.kind, first.items.at(-1)!.id, 100);
    expect(rest.more).toBe(false);
    const all = [...first.items, ...rest.items].reverse();
    // An entry says what happened then: a hand-over stays a hand-over when its campaign went out later.
    expect(all.map((i) => [i.at, i.state])).toEqual(written.map(([due, stored]) => [due, stored]));
    expect(all.every((i) => i.recordedAt === NOW && i.cause === null && !i.again)).toBe(true);
    expect(all[4]).toMatchObject({ kind: 'run', contactId: null, campaignId: null, reason: 'Besked was not running' });

    const view = views.one(store.require(a.id));
    expect(view.counts).toEqual({ sent: 2, held: 1, missed: 1, notWithdrawn: 1, replies: 0 });
    expect(view.attentionCode).toEqual({ code: 'automation.attention.held', params: { count: 1 } });
    expect(view.lastRunAt).toBe('2027-03-01T08:00:00.000Z');
  });

  it('appends an entry for each move with its time and cause, never rewriting one, and says when a run is handed over again', () => {
    const { history, a } = setUp();
    const clock = { ms: Date.parse(NOW) };
    const log = new OccurrenceLog(db, () => clock.ms);
    const claim = (campaignId: number) =>
      log.claim({ automationId: a.id, occurrence: 'o1', contactId: 0, dueAt: '2027-03-08T08:00:00.000Z', state: 'planned', campaignId, recipients: 49, revision: 1 });
    const k1 = campaign(db, 'scheduled');
    expect(claim(k1)).toBe(true);
    const [row] = log.inStates(['planned'], a.id);
    const step = (minutes: number) => (clock.ms += minutes * 60_000);
    step(1);
    log.move([row!.id], ['planned'], 'handed_over');
    step(60);
    log.move([row!.id], ['handed_over'], 'withdrawn', null, null, 'paused');
    step(60);
    expect(claim(campaign(db, 'scheduled'))).toBe(true);
    log.move([row!.id], ['planned'], 'handed_over');
    step(60);
    log.move([row!.id], ['handed_over'], 'not_withdrawn', 'It had already been sent', coded('automation.alreadySent'), 'edited');
    const items = history.page(a.id, a.kind, undefined).items.reverse();
    expect(items.map((i) => [i.state, i.cause, i.again, i.recipients, i.recordedAt, i.reason])).toEqual([
      ['handed_over', null, false, 49, '2027-03-01T08:01:00.000Z', null],
      ['withdrawn', 'paused', false, 49, '2027-03-01T09:01:00.000Z', null],
      ['handed_over', 'resumed', true, 49, '2027-03-01T10:01:00.000Z', null],
      ['not_withdrawn', 'edited', false, 49, '2027-03-01T11:01:00.000Z', 'It had already been sent'],
    ]);
    expect(items[1]!.campaignId).toBe(k1);
    expect(items[2]!.campaignId).not.toBe(k1);
    expect(() => db.prepare('UPDATE automation_history SET cause = NULL').run()).toThrow(/append-only/);
  });

  it('names the contact of a date-field run', () => {
    const { history, a } = setUp();
    const c = Number(
      db
        .prepare("INSERT INTO contacts (first_name, last_name, e164, msisdn, sort_key, search_phone, created_at, updated_at) VALUES ('Anna', 'Holm', '+4520000001', 4520000001, 'anna', '', ?, ?)")
        .run(NOW, NOW).lastInsertRowid,
    );
    occurrence(db, a.id, NOW, 'skipped', { contactId: c, reason: 'opted out', code: 'automation.reply.optedOut' });
    expect(history.page(a.id, a.kind, undefined).items).toEqual([
      {
        id: expect.any(Number),
        kind: 'run',
        at: NOW,
        recordedAt: NOW,
        state: 'skipped',
        recipients: 1,
        contactId: c,
        name: 'Anna Holm',
        msisdn: 4520000001,
        campaignId: null,
        reason: 'opted out',
        reasonCode: { code: 'automation.reply.optedOut' },
        cause: null,
        again: false,
      },
    ]);
  });
});

describe('an auto-reply history', () => {
  it('lists a keyword rule\'s decisions with the inbound text and why a text got no reply', async () => {
    await start();
    const a = await t.call('automations.create', { draft: keywordDraft(['ÅBEN']) });
    const c = await t.call('contacts.create', { firstName: 'Bo', phone: '+4520000002' });
    const inbound = (id: number, text: string) =>
      t.core.db
        .prepare(
          "INSERT INTO inbound_messages (id, gateway, mode, mosms_id, msisdn, text, sent_at, received_at, source) VALUES (?, 'sandbox', 'sandbox', ?, 4520000002, ?, ?, ?, 'poll')",
        )
        .run(id, id, text, NOW, NOW);
    const decide = (id: number, outcome: string, campaignId: number | null) =>
      t.core.db
        .prepare("INSERT INTO auto_replies (inbound_id, automation_id, mode, msisdn, outcome, campaign_id, at) VALUES (?, ?, 'sandbox', 4520000002, ?, ?, ?)")
        .run(id, a.id, outcome, campaignId, NOW);
    inbound(1, 'Åben i dag?');
    inbound(2, 'åben?');
    decide(1, 'replied', campaign(t.core.db, 'sent'));
    decide(2, 'limited', null);
    const h = await t.call('automations.history', { id: a.id });
    expect(h.items.map((i) => [i.id, i.kind, i.state, i.reason, i.reasonCode, i.contactId, i.name])).toEqual([
      [2, 'reply', 'skipped', 'åben?', { code: 'automation.reply.limited' }, c.id, 'Bo'],
      [1, 'reply', 'replied', 'Åben i dag?', null, c.id, 'Bo'],
    ]);
    expect((await t.call('automations.get', { id: a.id })).counts.replies).toBe(1);
  });

  it('refuses the history of an automation that is gone', async () => {
    await start();
    expect(await t.fail('automations.history', { id: 42 })).toMatchObject({ kind: 'not_found' });
  });
});
