// The composer names the built-in merge fields in the UI's language and keeps custom fields' own labels.
import { afterEach, describe, expect, it } from 'vitest';
import { mergeFieldLabel } from '../../../src-renderer/components/compose/merge-field-label';
import { applyLocale, i18n } from '../../../src-renderer/i18n';

const tr = { t: (key: string) => i18n.global.t(key), te: (key: string) => i18n.global.te(key) };

describe('merge field labels', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it.each([
    ['da', { key: 'first_name', label: 'First name', builtin: true }, 'Fornavn'],
    ['da', { key: 'name', label: 'Full name', builtin: true }, 'Fulde navn'],
    ['en', { key: 'company', label: 'Company', builtin: true }, 'Company'],
    // The owner's own label, in whatever language they wrote it.
    ['da', { key: 'kunde_nr', label: 'Kunde nr.', builtin: false }, 'Kunde nr.'],
    ['en', { key: 'kunde_nr', label: 'Kunde nr.', builtin: false }, 'Kunde nr.'],
    // A custom field whose key happens to look built-in is still the owner's.
    ['da', { key: 'email', label: 'Work email', builtin: false }, 'Work email'],
    // A built-in field this renderer has no words for yet keeps the core's.
    ['da', { key: 'birthday', label: 'Birthday', builtin: true }, 'Birthday'],
  ] as const)('%s: %j is %s', async (ui, field, out) => {
    await applyLocale(ui, ui === 'da' ? 'da-DK' : 'en-GB');
    expect(mergeFieldLabel(field, tr)).toBe(out);
  });
});
