// The empty-draft rule: only a draft with no text, name, recipients or send time is empty; anything else stays.
import { describe, expect, it } from 'vitest';
import { isEmptyDraft, type DraftContent } from '../../../src-shared/campaigns/empty-draft';

const blank: DraftContent = { name: '', text: '', sendAt: null, recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] } };
const withSpec = (spec: Partial<DraftContent['recipients']>): DraftContent => ({ ...blank, recipients: { ...blank.recipients, ...spec } });

const table: [string, DraftContent, boolean][] = [
  ['nothing at all', blank, true],
  ['only spaces and line breaks as text', { ...blank, text: ' \n\t ' }, true],
  ['only spaces as name', { ...blank, name: '   ' }, true],
  ['a blank typed number', withSpec({ numbers: ['', '  '] }), true],
  ['a text', { ...blank, text: 'Hej' }, false],
  ['a merge field as the whole text', { ...blank, text: '{first_name}' }, false],
  ['a name', { ...blank, name: 'Jul' }, false],
  ['a send time', { ...blank, sendAt: '2030-01-01T09:00:00.000Z' }, false],
  ['a contact', withSpec({ contactIds: [1] }), false],
  ['a group', withSpec({ groupIds: [2] }), false],
  ['a search', withSpec({ searches: ['kunde'] }), false],
  ['a typed number', withSpec({ numbers: ['20 00 00 00'] }), false],
];

describe('isEmptyDraft', () => {
  it.each(table)('%s → %s', (_what, draft, empty) => {
    expect(isEmptyDraft(draft)).toBe(empty);
  });
});
