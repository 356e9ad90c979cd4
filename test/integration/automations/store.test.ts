// automations.* through core.dispatch: saving, checks, switching on and off, duplicating, deleting, next sends.
import { afterEach, describe, expect, it } from 'vitest';
import type { AutomationDraft } from '../../../src-shared/contract/automations';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { birthdayDraft, keywordDraft, recurringDraft, startClockedCore, welcomeDraft, type ClockedCore } from './store-fixture';

let t: ClockedCore;
let sim: Simulator | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  sim = null;
});

// Monday 1 March 2027, 09:00 in Copenhagen (CET).
const MONDAY = '2027-03-01T08:00:00.000Z';

async function group(name: string, n: number, custom: (i: number) => Record<string, string> = () => ({})): Promise<{ groupId: number; ids: number[] }> {
  const g = await t.call('groups.create', { name });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = await t.call('contacts.create', { firstName: `P${i}`, phone: `+45${20000000 + i}`, groupIds: [g.id], custom: custom(i) });
    ids.push(c.id);
  }
  return { groupId: g.id, ids };
}

describe('saving automations', () => {
  it('creates a switched-off rule, lists it newest first, duplicates and deletes it', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 2);
    const a = await t.call('automations.create', { draft: recurringDraft(groupId) });
    expect(a).toMatchObject({ state: 'draft', activatedAt: null, nextRunAt: null, counts: { sent: 0, held: 0, missed: 0, notWithdrawn: 0, replies: 0 }, attention: null });
    expect(a.draft).toEqual(recurringDraft(groupId));

    const copy = await t.call('automations.duplicate', { id: a.id });
    expect(copy).toMatchObject({ state: 'draft', draft: { ...recurringDraft(groupId), name: 'Monday news (copy)' } });
    expect((await t.call('automations.list', {})).automations.map((x) => x.id)).toEqual([copy.id, a.id]);

    expect(await t.call('automations.delete', { id: a.id })).toEqual({ notWithdrawn: 0 });
    expect((await t.fail('automations.get', { id: a.id })) as unknown).toMatchObject({ kind: 'not_found', code: 'automation.notFound' });
    expect(t.heard.filter((m) => m.name === 'automations.changed').map((m) => m.payload)).toEqual([{ ids: [a.id] }, { ids: [copy.id] }, { ids: [a.id] }]);
  });

  it('switches on (activated_at, next run across the change to summer time) and off', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 1);
    const a = await t.call('automations.create', { draft: recurringDraft(groupId) });
    const on = await t.call('automations.activate', { id: a.id });
    expect(on).toMatchObject({ state: 'active', activatedAt: MONDAY, nextRunAt: '2027-03-08T08:00:00.000Z' });
    t.clock.now = Date.parse('2027-03-22T09:00:00Z');
    // 29 March is after the clocks went forward on the 28th: 09:00 local is 07:00 UTC.
    expect((await t.call('automations.get', { id: a.id })).nextRunAt).toBe('2027-03-29T07:00:00.000Z');
    const off = await t.call('automations.pause', { id: a.id });
    expect(off).toMatchObject({ automation: { state: 'paused', nextRunAt: null }, notWithdrawn: 0 });
    // Resuming starts owing runs from now on.
    expect(await t.call('automations.activate', { id: a.id })).toMatchObject({ state: 'active', activatedAt: '2027-03-22T09:00:00.000Z' });
  });

  it('bumps the revision when a switched-on rule is edited, and not while it is a draft', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 1);
    const a = await t.call('automations.create', { draft: recurringDraft(groupId) });
    const revision = () => t.core.db.prepare('SELECT revision FROM automations WHERE id = ?').pluck().get(a.id);
    await t.call('automations.update', { id: a.id, draft: { ...recurringDraft(groupId), name: 'Renamed' } });
    expect(revision()).toBe(1);
    await t.call('automations.activate', { id: a.id });
    const u = await t.call('automations.update', { id: a.id, draft: recurringDraft(groupId, { time: '10:00' }) });
    expect(u).toMatchObject({ notWithdrawn: 0, automation: { state: 'active', nextRunAt: '2027-03-01T09:00:00.000Z' } });
    expect(revision()).toBe(2);
  });

  it('freezes a frozen rule\'s recipients when switched on: the group\'s members then, as contact ids', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId, ids } = await group('Club', 3);
    const a = await t.call('automations.create', { draft: recurringDraft(groupId, { resolve: 'frozen' }) });
    const on = await t.call('automations.activate', { id: a.id });
    expect(on.draft.spec).toMatchObject({ recipients: { contactIds: ids, groupIds: [], searches: [], numbers: [] } });
    await t.call('contacts.create', { phone: '+4530000000', groupIds: [groupId] });
    const p = await t.call('automations.preview', { id: a.id, draft: on.draft });
    expect(p.occurrences[0]?.recipients).toBe(3);
  });

  it('needs the first-live acknowledgement to switch on live, as a first live send does', async () => {
    const TOKEN = 'automations-live-token-1234';
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 1);
    const a = await t.call('automations.create', { draft: recurringDraft(groupId) });
    await t.call('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    await t.call('settings.setToken', { platform: 'default', token: TOKEN });
    for (const input of [{ id: a.id }, { id: a.id, liveAcknowledged: false }]) {
      expect(await t.fail('automations.activate', input)).toMatchObject({ kind: 'conflict', code: 'campaign.firstLiveNotConfirmed' });
    }
    expect((await t.call('automations.get', { id: a.id })).state).toBe('draft');
    expect((await t.call('automations.activate', { id: a.id, liveAcknowledged: true })).state).toBe('active');
  });
});

describe('what a rule must satisfy', () => {
  type Case = [what: string, draft: (g: number) => AutomationDraft, code: string, path: (string | number)[]];
  const cases: Case[] = [
    ['an unknown time zone', (g) => ({ ...recurringDraft(g), timeZone: 'Europe/Kobenhavn' }), 'automation.badTimeZone', ['draft', 'timeZone']],
    ['an empty text', (g) => ({ ...recurringDraft(g), message: { ...recurringDraft(g).message, text: '  ' } }), 'automation.emptyText', ['draft', 'message', 'text']],
    ['a field no contact has', () => birthdayDraft({ field: 'nope' }), 'automation.unknownField', ['draft', 'spec', 'field']],
    ['a recipient group that is gone', () => recurringDraft(9999), 'automation.unknownGroup', ['draft', 'spec', 'recipients', 'groupIds', 0]],
    ['a welcome group that is gone', () => welcomeDraft(9999), 'automation.unknownGroup', ['draft', 'spec', 'groupId']],
    ['a keyword rule with no keyword', () => keywordDraft([]), 'automation.noKeywords', ['draft', 'spec', 'keywords']],
    ['STOP as a keyword', () => keywordDraft(['ÅBEN', 'stop']), 'automation.keywordIsOptOut', ['draft', 'spec', 'keywords', 1]],
    ['AFMELD as a keyword', () => keywordDraft(['afmeld']), 'automation.keywordIsOptOut', ['draft', 'spec', 'keywords', 0]],
    ['a settings opt-out word', () => keywordDraft(['SLUT']), 'automation.keywordIsOptOut', ['draft', 'spec', 'keywords', 0]],
  ];
  it.each(cases)('refuses %s', async (_what, make, code, path) => {
    t = await startClockedCore(MONDAY);
    await t.call('settings.update', { optOutKeywords: ['STOP', 'STOPP', 'AFMELD', 'SLUT'] });
    await t.call('contacts.create', { phone: '+4520000001', custom: { birthday: '14-03-1985' } });
    const { groupId } = await group('Club', 0);
    const e = await t.fail('automations.create', { draft: make(groupId) });
    expect(e).toMatchObject({ kind: 'validation', code });
    expect((e as { fields?: { path: unknown[] }[] }).fields?.[0]?.path).toEqual(path);
    expect((await t.call('automations.list', {})).automations).toEqual([]);
  });

  it('refuses switching on a keyword another active rule has, and a second fallback', async () => {
    t = await startClockedCore(MONDAY);
    const first = await t.call('automations.create', { draft: keywordDraft(['ÅBEN', 'tider']) });
    await t.call('automations.activate', { id: first.id });
    const clash = await t.call('automations.create', { draft: keywordDraft(['åben']) });
    expect(await t.fail('automations.activate', { id: clash.id })).toMatchObject({
      kind: 'conflict',
      code: 'automation.keywordTaken',
      params: { keyword: 'åben', name: 'Reply ÅBEN tider' },
    });
    const p = await t.call('automations.preview', { draft: keywordDraft(['åben']) });
    expect(p.problems.map((x) => x.code?.code)).toContain('automation.keywordTaken');
    // The rule itself, previewed as it is edited, does not clash with its own keywords.
    expect((await t.call('automations.preview', { id: first.id, draft: first.draft })).problems.filter((x) => x.level === 'error')).toEqual([]);

    const else1 = await t.call('automations.create', { draft: keywordDraft([], { fallback: true }) });
    await t.call('automations.activate', { id: else1.id });
    const else2 = await t.call('automations.create', { draft: keywordDraft(['pris'], { fallback: true }) });
    expect(await t.fail('automations.activate', { id: else2.id })).toMatchObject({ code: 'automation.fallbackTaken' });
  });
});

describe('next sends', () => {
  it('lists the next 10 runs of a recurring rule with recipients, parts and cost', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 4);
    const p = await t.call('automations.preview', { draft: recurringDraft(groupId) });
    expect(p.occurrences).toHaveLength(10);
    expect(p.occurrences.slice(0, 5).map((o) => [o.at, o.local])).toEqual([
      ['2027-03-08T08:00:00.000Z', '2027-03-08T09:00'],
      ['2027-03-15T08:00:00.000Z', '2027-03-15T09:00'],
      ['2027-03-22T08:00:00.000Z', '2027-03-22T09:00'],
      ['2027-03-29T07:00:00.000Z', '2027-03-29T09:00'],
      ['2027-04-05T07:00:00.000Z', '2027-04-05T09:00'],
    ]);
    expect(p.occurrences[0]).toMatchObject({ recipients: 4, parts: 4 });
    expect(p.occurrences[0]!.cost).toBeGreaterThan(0);
    expect(p.perMessage).toBeNull();
    expect(p.problems.filter((x) => x.level === 'error')).toEqual([]);
  });

  it('says when a recurring rule has no runs left', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 1);
    const p = await t.call('automations.preview', { draft: recurringDraft(groupId, { end: { kind: 'on', date: '2027-02-01' } }) });
    expect(p.occurrences).toEqual([]);
    expect(p.problems.map((x) => x.code?.code)).toContain('automation.noMoreRuns');
  });

  it('groups a date-field rule\'s contacts by instant, and names the values it cannot read', async () => {
    t = await startClockedCore(MONDAY);
    const birthdays = ['14-03-1985', '14.03.1990', '2 marts 1970', '31-02-1980', 'snart', '', '01-03-1999'];
    await group('Club', birthdays.length, (i) => ({ birthday: birthdays[i]! }));
    const p = await t.call('automations.preview', { draft: birthdayDraft() });
    expect(p.unreadable.total).toBe(2);
    expect(p.unreadable.examples.map((e) => [e.name, e.value])).toEqual([
      ['P3', '31-02-1980'],
      ['P4', 'snart'],
    ]);
    expect(p.problems.map((x) => x.code)).toContainEqual({ code: 'automation.unreadableDates', params: { count: 2 } });
    // 1 March 10:00 local is after now (09:00); 2 March; 14 March for two contacts.
    expect(p.occurrences.map((o) => [o.local, o.recipients])).toEqual([
      ['2027-03-01T10:00', 1],
      ['2027-03-02T10:00', 1],
      ['2027-03-14T10:00', 2],
    ]);
    expect(p.occurrences[2]!.parts).toBe(2);
  });

  it('prices one message for keyword and welcome rules', async () => {
    t = await startClockedCore(MONDAY);
    const { groupId } = await group('Club', 1);
    for (const draft of [keywordDraft(['ÅBEN']), welcomeDraft(groupId)]) {
      const p = await t.call('automations.preview', { draft });
      expect(p.occurrences).toEqual([]);
      expect(p.perMessage).toMatchObject({ parts: 1 });
      expect(p.perMessage!.cost).toBeGreaterThan(0);
    }
  });
});
