// Danish mirrors English key for key, with the same placeholders and plural forms in every message, and both
// compile in vue-i18n; the language follows Settings, else the OS.
import { describe, expect, it } from 'vitest';
import { compile } from '@intlify/core-base';
import { en } from '../../../src-renderer/i18n/en';
import { da } from '../../../src-renderer/i18n/da';
import { formatLocale, resolveUiLocale } from '../../../src-renderer/i18n/locale';
import { GATEWAY_STATUS_TABLE, STATE_INFO } from '../../../src-shared/delivery-status';

type Tree = { readonly [k: string]: string | Tree };

/** key path → message, for every leaf. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else for (const [p, m] of flatten(v, path)) out.set(p, m);
  }
  return out;
}

/** The named placeholders of a message ({n}, {count}…), not literal interpolations like {'|'}. */
const placeholders = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1]))].sort();
/** vue-i18n plural forms are separated by " | " (a literal bar is written {'|'}). */
const pluralForms = (message: string) => message.replace(/\{'[^']*'\}/g, '').split('|').length;

const english = flatten(en as unknown as Tree);
const danish = flatten(da as unknown as Tree);

describe('Danish messages', () => {
  it('have exactly the keys of English', () => {
    const missing = [...english.keys()].filter((k) => !danish.has(k));
    const extra = [...danish.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('are all translated: none empty', () => {
    expect([...danish].filter(([, m]) => m.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('use the same {placeholders} as English in every message', () => {
    const differ = [...english]
      .filter(([k, m]) => danish.has(k) && placeholders(m).join() !== placeholders(danish.get(k)!).join())
      .map(([k, m]) => `${k}: en ${placeholders(m).join(',')} / da ${placeholders(danish.get(k)!).join(',')}`);
    expect(differ).toEqual([]);
  });

  it('have as many plural forms as English', () => {
    const differ = [...english].filter(([k, m]) => danish.has(k) && pluralForms(m) !== pluralForms(danish.get(k)!)).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it.each([
    ['en', english],
    ['da', danish],
  ] as const)('%s messages all compile', (locale, messages) => {
    const broken: string[] = [];
    for (const [k, m] of messages) {
      compile(m, { key: k, locale, onError: (e) => broken.push(`${k}: ${e.message}`), warnHtmlMessage: false });
    }
    expect(broken).toEqual([]);
  });

  it('are Danish words for the main places, as a Danish shop owner expects', () => {
    expect(da.nav).toEqual({ contacts: 'Kontakter', compose: 'Ny besked', campaigns: 'Kampagner', automations: 'Automatiseringer', inbox: 'Indbakke', account: 'Konto', settings: 'Indstillinger' });
    expect(da.header.balance).toBe('Saldo');
    expect(da.sync.status.delivered).toBe('Leveret');
  });
});

describe('delivery-status help', () => {
  it('says in English exactly what the shared status model says, for every state and gateway status with its own words', () => {
    expect(en.deliveryHelp.state).toEqual(Object.fromEntries(Object.entries(STATE_INFO).map(([k, v]) => [k, v.explanation])));
    for (const source of ['sms', 'rcs', 'legacy'] as const) {
      const details = Object.fromEntries(
        Object.entries(GATEWAY_STATUS_TABLE[source]).flatMap(([status, entry]) => (entry.detail ? [[status, entry.detail]] : [])),
      );
      expect(en.deliveryHelp[source]).toEqual(details);
    }
  });
});

describe('UI language', () => {
  it.each([
    ['da', ['en-US'], 'da'],
    ['en', ['da-DK'], 'en'],
    ['system', ['da-DK', 'en'], 'da'],
    ['system', ['da'], 'da'],
    ['system', ['DA_dk'], 'da'],
    ['system', ['en-GB', 'da'], 'en'],
    ['system', ['de-DE'], 'en'],
    ['system', ['nb-NO'], 'en'],
    ['system', [], 'en'],
    ['system', [''], 'en'],
  ] as const)('Settings %s with OS languages %j speaks %s', (setting, system, expected) => {
    expect(resolveUiLocale(setting, system)).toBe(expected);
  });

  it.each([
    ['da', ['da-DK'], 'da-DK'],
    ['da', ['da'], 'da'],
    ['da', ['en-US'], 'da-DK'],
    ['da', ['en-US', 'da_DK'], 'da-DK'],
    ['en', ['en-US'], 'en-US'],
    ['en', ['da-DK'], 'en-GB'],
    ['en', ['de-DE', 'en-IE'], 'en-IE'],
    ['en', [], 'en-GB'],
    ['en', ['en-!!'], 'en-GB'],
  ] as const)('language %s with OS languages %j formats as %s', (ui, system, expected) => {
    expect(formatLocale(ui, system)).toBe(expected);
  });
});
