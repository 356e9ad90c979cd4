// The Automations view's example set-ups, in English and Danish, are automations the core saves and previews
// without a problem once the user has picked what only they can (a group), with the date fields found among the
// contacts' own fields as an import names them (Fødselsdag, Tid, Sidste besøg).
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLES, exampleDraft } from '../../../src-renderer/automations/examples';
import { en } from '../../../src-renderer/i18n/en';
import { da } from '../../../src-renderer/i18n/da';
import { draftIssues } from '../../../src-renderer/automations/draft-checks';
import { startClockedCore, type ClockedCore } from './store-fixture';

let t: ClockedCore;
afterEach(async () => t?.close());

/** A message by its dotted key, as vue-i18n finds it (the examples' texts have no placeholders). */
const wordsOf = (messages: object) => (key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], messages) as string;

describe('example set-ups', () => {
  it.each(['en', 'da'] as const)('in %s are saved and previewed by the core without problems', async (lang) => {
    t = await startClockedCore('2027-03-01T08:00:00.000Z');
    const g = await t.call('groups.create', { name: 'Club' });
    await t.call('contacts.create', {
      firstName: 'Ane',
      phone: '+4520000001',
      groupIds: [g.id],
      custom: { fodselsdag: '14-03-1985', tid: '2027-03-10 14:30', sidste_besog: '2027-03-02' },
    });
    const { fields } = await t.call('contacts.overview', {});
    const words = wordsOf(lang === 'en' ? en : da);
    for (const e of EXAMPLES) {
      let draft = exampleDraft(e, words, 'Besked', fields);
      if (draft.spec.kind === 'welcome') draft = { ...draft, spec: { ...draft.spec, groupId: g.id } };
      if (draft.spec.kind === 'recurring') draft = { ...draft, spec: { ...draft.spec, recipients: { ...draft.spec.recipients, groupIds: [g.id] } } };
      expect({ id: e.id, issues: draftIssues(draft) }).toEqual({ id: e.id, issues: [] });
      const a = await t.call('automations.create', { draft });
      const next = await t.call('automations.preview', { draft, id: a.id });
      expect({ id: e.id, problems: next.problems.filter((p) => p.level === 'error') }).toEqual({ id: e.id, problems: [] });
      expect({ id: e.id, unreadable: next.unreadable.total }).toEqual({ id: e.id, unreadable: 0 });
      if (e.kind === 'date_field' || e.kind === 'recurring') expect({ id: e.id, sends: next.occurrences.length > 0 }).toEqual({ id: e.id, sends: true });
      else expect({ id: e.id, perMessage: next.perMessage !== null }).toEqual({ id: e.id, perMessage: true });
      // Keyword examples must not clash with each other's words: switch each on, as a user trying them all would.
      await t.call('automations.activate', { id: a.id });
    }
  });
});
