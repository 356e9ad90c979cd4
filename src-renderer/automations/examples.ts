// The example set-ups offered by "New automation": starting points as data, their names and texts from i18n so
// they are Danish in Danish. A date-field example names the custom fields it hopes to find (by key or label);
// the editor picks the first the contacts have, else leaves the field for the user to choose.
import type { AutomationDraft, AutomationKind, MergeField } from '../../src-shared/contract';
import { blankDraft } from './blank-draft';

export const EXAMPLE_IDS = ['birthday', 'appointment', 'followUp', 'keywordOpen', 'keywordJoin', 'welcome', 'newsletter'] as const;
export type ExampleId = (typeof EXAMPLE_IDS)[number];

/** vue-i18n's t: a message by key, with named values. */
export type Words = (key: string, named?: Record<string, string>) => string;

/**
 * The merge fields an example's text uses, given to t as themselves: a {first_name} in a message is vue-i18n's
 * placeholder, so it is filled with the literal token the composer reads.
 */
const MERGE_TOKENS = { first_name: '{first_name}' };

export interface Example {
  id: ExampleId;
  kind: AutomationKind;
  /** Custom fields this example is about, lower-case, matched against a field's key and label. */
  fieldHints: readonly string[];
  build(t: Words, sender: string): AutomationDraft;
}

const named = (id: ExampleId, t: Words, kind: AutomationKind, sender: string) => {
  const d = blankDraft(kind, sender);
  return { ...d, name: t(`automations.examples.${id}.name`), message: { ...d.message, text: t(`automations.examples.${id}.text`, MERGE_TOKENS) } };
};

export const EXAMPLES: readonly Example[] = [
  {
    id: 'birthday',
    kind: 'date_field',
    fieldHints: ['birthday', 'fodselsdag', 'foedselsdag', 'fødselsdag', 'born'],
    // The blank date-field spec is the birthday: on the day, yearly, at 09:00.
    build: (t, sender) => named('birthday', t, 'date_field', sender),
  },
  {
    id: 'appointment',
    kind: 'date_field',
    fieldHints: ['appointment', 'tid', 'aftale', 'booking'],
    build: (t, sender) => {
      const d = named('appointment', t, 'date_field', sender);
      return { ...d, spec: { kind: 'date_field', field: '', offset: { direction: 'before', amount: 1, unit: 'days' }, time: '10:00', repeat: 'once', recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] } } };
    },
  },
  {
    id: 'followUp',
    kind: 'date_field',
    fieldHints: ['visit', 'besog', 'besoeg', 'besøg', 'last_visit'],
    build: (t, sender) => {
      const d = named('followUp', t, 'date_field', sender);
      return { ...d, spec: { kind: 'date_field', field: '', offset: { direction: 'after', amount: 2, unit: 'days' }, time: '11:00', repeat: 'once', recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] } } };
    },
  },
  {
    id: 'keywordOpen',
    kind: 'keyword',
    fieldHints: [],
    build: (t, sender) => {
      const d = named('keywordOpen', t, 'keyword', sender);
      return { ...d, spec: { kind: 'keyword', keywords: [t('automations.examples.keywordOpen.keyword')], fallback: false, frequency: { kind: 'period', hours: 24 }, addToGroupId: null, optIn: false } };
    },
  },
  {
    id: 'keywordJoin',
    kind: 'keyword',
    fieldHints: [],
    build: (t, sender) => {
      const d = named('keywordJoin', t, 'keyword', sender);
      return { ...d, spec: { kind: 'keyword', keywords: [t('automations.examples.keywordJoin.keyword'), 'START'], fallback: false, frequency: { kind: 'first' }, addToGroupId: null, optIn: true } };
    },
  },
  { id: 'welcome', kind: 'welcome', fieldHints: [], build: (t, sender) => named('welcome', t, 'welcome', sender) },
  {
    id: 'newsletter',
    kind: 'recurring',
    fieldHints: [],
    build: (t, sender) => named('newsletter', t, 'recurring', sender),
  },
];

export const exampleById = (id: unknown): Example | undefined => EXAMPLES.find((e) => e.id === id);

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The first custom field whose key or label contains one of the hints; undefined when none does. */
export function fieldFor(example: Example, fields: readonly MergeField[]): MergeField | undefined {
  const hints = example.fieldHints.map(fold);
  return fields.filter((f) => !f.builtin).find((f) => hints.some((h) => fold(f.key).includes(h) || fold(f.label).includes(h)));
}

/** The example's draft with its date field filled in where the contacts have a fitting one. */
export function exampleDraft(example: Example, t: Words, sender: string, fields: readonly MergeField[]): AutomationDraft {
  const d = example.build(t, sender);
  const f = fieldFor(example, fields);
  return f && d.spec.kind === 'date_field' ? { ...d, spec: { ...d.spec, field: f.key } } : d;
}
