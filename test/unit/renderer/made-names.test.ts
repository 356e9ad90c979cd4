// Names the core makes in English are said in the UI's language (issue 27.10): an auto-reply's and an opt-out
// confirmation's campaign name, and an import column without a header. A user's own names stay as they are.
import { describe, expect, it } from 'vitest';
import { campaignTitle } from '../../../src-renderer/components/campaigns/campaign-title';
import { columnHeader } from '../../../src-renderer/components/contacts/column-header';
import { i18n, loadLanguage } from '../../../src-renderer/i18n';

await Promise.all([loadLanguage('en'), loadLanguage('da')]);

const words = (ui: 'en' | 'da') => ({
  t: (key: string, named: Record<string, string> = {}) => i18n.global.t(key, named, { locale: ui }),
  dateTime: () => '30.11.2026 10.00',
});
const campaign = (name: string, kind: 'campaign' | 'reply', textPreview = 'Hej!') => ({ name, kind, textPreview, runDueAt: null });

describe('campaign titles', () => {
  it.each([
    ['da', campaign('Auto-reply: Åbningstider', 'reply'), 'Autosvar: Åbningstider'],
    ['en', campaign('Auto-reply: Åbningstider', 'reply'), 'Auto-reply: Åbningstider'],
    ['da', campaign('Opt-out confirmation', 'reply'), 'Bekræftelse af afmelding'],
    ['en', campaign('Opt-out confirmation', 'reply'), 'Opt-out confirmation'],
    // A rule's name is shown as written, braces and all.
    ['da', campaign('Auto-reply: Tilbud {uge}', 'reply'), 'Autosvar: Tilbud {uge}'],
    // A campaign a user named so is the user's own words.
    ['da', campaign('Auto-reply: test', 'campaign'), 'Auto-reply: test'],
    ['da', campaign('Opt-out confirmation', 'campaign'), 'Opt-out confirmation'],
    // A hand-written reply keeps its name; without one, the start of its text.
    ['da', campaign('Svar til Anna', 'reply'), 'Svar til Anna'],
    ['da', campaign('', 'reply', 'Tak for din besked'), 'Tak for din besked'],
    ['da', campaign('', 'campaign', ''), 'Besked uden navn'],
  ] as const)('%s: %j is "%s"', (ui, c, out) => {
    expect(campaignTitle(c, words(ui))).toBe(out);
  });

  it('puts a run\'s due time after the said name', () => {
    expect(campaignTitle({ ...campaign('Auto-reply: Åben', 'reply'), runDueAt: '2026-11-30T09:00:00Z' }, words('da'))).toBe('Autosvar: Åben · 30.11.2026 10.00');
  });
});

describe('import column headers', () => {
  it.each([
    ['Column 3', 2, 'Kolonne', 'Kolonne 3'],
    ['Column 3', 2, 'Column', 'Column 3'],
    // Only the name the core gives that very column: a header that says something else is the file's own.
    ['Column 3', 0, 'Kolonne', 'Column 3'],
    ['Fødselsdag', 4, 'Kolonne', 'Fødselsdag'],
    ['Column 12', 11, 'Kolonne', 'Kolonne 12'],
  ] as const)('%j at %i with "%s" is "%s"', (header, col, word, out) => {
    expect(columnHeader(header, col, word)).toBe(out);
  });
});
