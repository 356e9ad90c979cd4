// The editor's own checks (what a user must fill in before saving), the example set-ups (each a draft the contract
// accepts once its field or group is chosen, in English and Danish, with the date field found among the
// contacts' fields), a change of kind keeping the recipients, and the words of the switch-on question.
import { describe, expect, it } from 'vitest';
import { AutomationDraft, type AutomationSpec, type MergeField, type NextSends } from '../../../src-shared/contract';
import { draftIssues } from '../../../src-renderer/automations/draft-checks';
import { EXAMPLES, exampleDraft, fieldFor } from '../../../src-renderer/automations/examples';
import { blankDraft, switchKind } from '../../../src-renderer/automations/blank-draft';
import { switchOnConfirmation } from '../../../src-renderer/automations/switch-on-confirmation';
import { i18n, loadLanguage } from '../../../src-renderer/i18n';
import { recurringDraft, nextSends } from './support/automation-fixtures';
// Each language's texts are a chunk loaded on first use in the app; these tests read both from the start.
await Promise.all([loadLanguage('en'), loadLanguage('da')]);

const base = recurringDraft();
const withSpec = (spec: AutomationSpec, patch: Partial<AutomationDraft> = {}): AutomationDraft => ({ ...base, spec, ...patch });
const recurring = base.spec as Extract<AutomationSpec, { kind: 'recurring' }>;
const keyword = (keywords: string[], fallback = false): AutomationSpec => ({ kind: 'keyword', keywords, fallback, frequency: { kind: 'every' }, addToGroupId: null, optIn: false });

describe('draftIssues', () => {
  it.each<[string, AutomationDraft, string[]]>([
    ['a complete recurring campaign', base, []],
    ['no name', { ...base, name: '  ' }, ['name:name']],
    ['no text', { ...base, message: { ...base.message, text: ' ' } }, ['text:text']],
    ['no recipients', withSpec({ ...recurring, recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] } }), ['recipients:recipients']],
    ['no weekday', withSpec({ ...recurring, recurrence: { every: 'week', interval: 1, weekdays: [] } }), ['weekdays:weekdays']],
    ['an end before the start', withSpec({ ...recurring, end: { kind: 'on', date: '2026-11-30' } }), ['end:endBeforeStart']],
    ['an end on the start day', withSpec({ ...recurring, end: { kind: 'on', date: '2026-12-01' } }), []],
    ['a date-field message without its field', withSpec(blankDraft('date_field').spec), ['field:field']],
    ['a keyword rule without keywords', withSpec(keyword([])), ['keywords:keywords']],
    ['an "anything else" rule without keywords', withSpec(keyword([], true)), []],
    ['a keyword of two words', withSpec(keyword(['OPEN NOW'])), ['keywords:keywordOneWord']],
    ['a keyword twice, told apart only by case and accent', withSpec(keyword(['ÅBEN', 'åben', 'Åben'])), ['keywords:keywordTwice', 'keywords:keywordTwice']],
    ['a welcome text without its group', withSpec({ kind: 'welcome', groupId: 0 }), ['group:group']],
    ['a welcome text with its group', withSpec({ kind: 'welcome', groupId: 4 }), []],
  ])('%s', (_, draft, expected) => {
    expect(draftIssues(draft).map((i) => `${i.field}:${i.key.replace('automations.check.', '')}`)).toEqual(expected);
  });

  it('names the word at fault', () => {
    expect(draftIssues(withSpec(keyword(['JA', 'ja']))).map((i) => i.params)).toEqual([{ word: 'ja' }]);
  });
});

const field = (key: string, label = key): MergeField => ({ key, label, builtin: false });
const t = (key: string, named?: Record<string, string>) => i18n.global.t(key, named ?? {});

describe('example set-ups', () => {
  it.each(['en', 'da'] as const)('in %s, each is a draft the contract accepts and the editor finds complete once its field or group is chosen', (lang) => {
    i18n.global.locale.value = lang;
    const fields = [field('fodselsdag', 'Fødselsdag'), field('tid', 'Tid'), field('sidste_besog', 'Sidste besøg')];
    for (const e of EXAMPLES) {
      let d = exampleDraft(e, t, 'Shop', fields);
      if (d.spec.kind === 'welcome') d = { ...d, spec: { ...d.spec, groupId: 1 } };
      if (d.spec.kind === 'recurring') d = { ...d, spec: { ...d.spec, recipients: { ...d.spec.recipients, groupIds: [1] } } };
      expect({ id: e.id, issues: draftIssues(d), parsed: AutomationDraft.safeParse(d).success }).toEqual({ id: e.id, issues: [], parsed: true });
      expect(d.spec.kind).toBe(e.kind);
      expect(d.message.sender).toBe('Shop');
      // The merge field stays a merge field, not an empty i18n placeholder.
      if (e.id !== 'newsletter' && e.id !== 'keywordOpen' && e.id !== 'keywordJoin') expect(d.message.text).toContain('{first_name}');
    }
    i18n.global.locale.value = 'en';
  });

  it('say the keyword in the UI’s language: ÅBEN in Danish', () => {
    i18n.global.locale.value = 'da';
    const d = exampleDraft(EXAMPLES.find((e) => e.id === 'keywordOpen')!, t, '', []);
    i18n.global.locale.value = 'en';
    expect(d.spec).toMatchObject({ kind: 'keyword', keywords: ['ÅBEN'], frequency: { kind: 'period', hours: 24 } });
    expect(d.name).toBe('Åbningstider på ÅBEN');
  });

  it.each<[string, MergeField[], string | undefined]>([
    ['a field labelled Fødselsdag', [field('x1', 'Fødselsdag')], 'x1'],
    ['a field keyed birthday', [field('email'), field('birthday')], 'birthday'],
    ['a built-in field only', [{ key: 'first_name', label: 'First name', builtin: true }], undefined],
    ['no fitting field', [field('city')], undefined],
  ])('the birthday finds %s', (_, fields, expected) => {
    expect(fieldFor(EXAMPLES.find((e) => e.id === 'birthday')!, fields)?.key).toBe(expected);
  });
});

describe('switchKind', () => {
  it('keeps the recipients between a recurring campaign and a date-field message', () => {
    const next = switchKind(recurring, 'date_field');
    expect(next).toMatchObject({ kind: 'date_field', recipients: recurring.recipients });
  });
  it('starts a keyword rule afresh', () => {
    expect(switchKind(recurring, 'keyword')).toEqual(blankDraft('keyword').spec);
  });
});

describe('switchOnConfirmation', () => {
  const words = {
    t: (key: string, named?: Record<string, unknown>, plural?: number) => (plural === undefined ? i18n.global.t(key, named ?? {}) : i18n.global.t(key, named ?? {}, plural)),
    number: (n: number) => String(n),
    money: (n: number, c: string) => `${c} ${n.toFixed(2)}`,
    dateTime: (iso: string) => iso,
  };
  it.each<[string, 'sandbox' | 'live', NextSends | null, { warning: boolean; ack: boolean; body: string }]>([
    ['sandbox with next sends', 'sandbox', nextSends(), { warning: false, ack: false, body: 'From now on it sends by itself. The first send is 2026-12-07T09:00:00.000Z. The next send costs DKK 36.00 and goes to 120 recipients.' }],
    ['live with next sends', 'live', nextSends(), { warning: true, ack: true, body: 'From now on it sends by itself. The first send is 2026-12-07T09:00:00.000Z. The next send costs DKK 36.00 and goes to 120 recipients.' }],
    ['a keyword rule (no occurrences)', 'sandbox', nextSends({ occurrences: [] }), { warning: false, ack: false, body: 'From now on it sends by itself.' }],
    ['live, next sends unknown', 'live', null, { warning: true, ack: true, body: 'From now on it sends by itself.' }],
  ])('%s', (_, mode, next, expected) => {
    i18n.global.locale.value = 'en';
    const c = switchOnConfirmation('Weekly news', mode, next, words);
    expect({ warning: c.warning !== null, ack: c.liveAcknowledged, body: c.body }).toEqual(expected);
    expect(c.positiveText).toBe(mode === 'live' ? 'Switch on and send for real' : 'Switch on');
  });
});
