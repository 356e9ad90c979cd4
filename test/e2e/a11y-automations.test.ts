// Accessibility of the Automations view in Chromium over web mode, the walk of a11y.test.ts carried on: axe-core over
// the list, an editor with its next sends (and a contact whose date cannot be read), a new one from an example and an
// automation's history, in light and dark, in English and Danish; and over "New automation" and the switch-on
// confirmation. No violation of any impact, and none of the component library's bare default texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAMPLES, exampleDraft, type ExampleId } from '../../src-renderer/automations/examples';
import { da } from '../../src-renderer/i18n/da';
import { openApp, type E2EApp, besked } from './harness';
import { describeDefault, libraryDefaultsShown, type DefaultShown } from './library-defaults';
import { describeEnglish, englishShown, type EnglishShown } from './english-words';
import { settle } from './page-settle';
import { axe, describeFinding, open, OPEN_OVERLAY, OVERLAYS, SEVERE, STEADY, type Finding } from './axe-audit';

let app: E2EApp;
const ids = { birthday: 0, keyword: 0, newsletter: 0 };

/**
 * A message by its dotted key, as vue-i18n finds it (the examples' texts only use {first_name}, kept as written). The
 * shop is Danish, so its automations' names and texts are too: the Danish walk for English sentences then judges the
 * UI's words, not what the shop wrote.
 */
const words = (key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], da) as string;

/** An example set-up saved through the contract (the editor's own tests and automations.test.ts go through the UI). */
async function saveExample(page: Page, id: ExampleId, patch: (d: Record<string, unknown>) => Record<string, unknown> = (d) => d): Promise<number> {
  const { fields } = await besked<{ fields: { key: string; label: string; builtin: boolean }[] }>(page, 'contacts.overview', {});
  const draft = patch(exampleDraft(EXAMPLES.find((e) => e.id === id)!, words, 'Bageriet', fields) as unknown as Record<string, unknown>);
  return (await besked<{ id: number }>(page, 'automations.create', { draft })).id;
}

interface Target {
  name: string;
  hash: () => string;
  view: string;
  /** What to do on the page before axe looks (a tab chosen). */
  then?: (page: Page) => Promise<unknown>;
}
const targets: Target[] = [
  { name: 'automations', hash: () => '#/automations', view: 'automations' },
  { name: 'automation: next sends', hash: () => `#/automations/${ids.birthday}`, view: 'automation', then: (page) => page.waitForSelector('[data-testid="next-unreadable"]') },
  { name: 'automation: new from an example', hash: () => '#/automations/new?example=appointment', view: 'automation' },
  { name: 'automation: a recurring campaign', hash: () => `#/automations/${ids.newsletter}`, view: 'automation', then: (page) => page.waitForSelector('[data-testid="next-row"]') },
  {
    name: 'automation: history',
    hash: () => `#/automations/${ids.keyword}`,
    view: 'automation',
    then: (page) => page.click('.n-tabs-tab[data-name="history"]').then(() => page.waitForSelector('[data-testid^="history-reply-"]')),
  },
];

const dialogs: (Target & { act(page: Page): Promise<unknown> })[] = [
  {
    name: 'new automation',
    hash: () => '#/automations',
    view: 'automations',
    act: (page) => page.click('[data-testid="new-automation"]').then(() => page.waitForSelector('[data-testid="example-birthday"]')),
  },
  {
    name: 'switch on',
    hash: () => `#/automations/${ids.newsletter}`,
    view: 'automation',
    act: (page) => page.click('[data-testid="switch-on"]:not([disabled])', { timeout: 20_000 }).then(() => page.waitForSelector('.n-dialog [data-testid="confirm-switch-on"]')),
  },
];

async function closeOverlays(page: Page): Promise<void> {
  for (let i = 0; i < 4 && (await page.isVisible(OPEN_OVERLAY)); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(120);
  }
}

function report(label: string, findings: Finding[], defaults: DefaultShown[], english: EnglishShown[] = []): void {
  const severe = findings.filter((f) => SEVERE.has(f.impact));
  const lesser = findings.filter((f) => !SEVERE.has(f.impact));
  console.log(`axe, ${label}: ${severe.length} serious or critical, ${lesser.length} lesser` + (findings.length ? `\n    ${[...severe, ...lesser].map(describeFinding).join('\n    ')}` : ''));
  expect([...severe, ...lesser].map(describeFinding)).toEqual([]);
  expect(defaults.map(describeDefault), "the component library's default texts").toEqual([]);
  expect(english.map(describeEnglish), 'English sentences on a Danish screen').toEqual([]);
}

const setLook = async (page: Page, language: 'en' | 'da', theme: 'light' | 'dark') => {
  await besked(page, 'settings.update', { language, theme });
  await page.waitForFunction(([lang, dark]) => document.documentElement.lang === lang && document.querySelector('.root')?.getAttribute('data-theme') === dark, [language, theme] as const);
};

describe('accessibility of Automations', () => {
  beforeAll(async () => {
    app = await openApp();
    const { page } = app;
    await page.addStyleTag({ content: STEADY });
    await besked(page, 'settings.update', { defaultSender: 'Bageriet', language: 'en' });
    const club = await besked<{ id: number }>(page, 'groups.create', { name: 'Klubben' });
    const mette = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Mette', lastName: 'Holm', phone: '+4520304051', groupIds: [club.id], custom: { fodselsdag: '14-03-1985' } });
    await besked(page, 'contacts.create', { firstName: 'Jens', lastName: 'Berg', phone: '+4520304071', custom: { fodselsdag: 'sidst i maj' } });

    // On: a birthday greeting and the opening-hours reply, which has answered once. Off: a newsletter to the club.
    ids.birthday = await saveExample(page, 'birthday');
    await besked(page, 'automations.activate', { id: ids.birthday });
    ids.keyword = await saveExample(page, 'keywordOpen');
    await besked(page, 'automations.activate', { id: ids.keyword });
    ids.newsletter = await saveExample(page, 'newsletter', (d) => ({ ...d, spec: { ...(d.spec as object), recipients: { contactIds: [], groupIds: [club.id], searches: [], numbers: [] } } }));
    await besked(page, 'sandbox.reply', { contactId: mette.id, text: 'Åben?' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['en', 'light'],
    ['en', 'dark'],
    ['da', 'light'],
    ['da', 'dark'],
  ] as const)('axe finds no violation on the list, the editor and the history in %s, %s theme', async (language, theme) => {
    const { page } = app;
    await setLook(page, language, theme);
    const findings: Finding[] = [];
    const defaults: DefaultShown[] = [];
    const english: EnglishShown[] = [];
    for (const target of targets) {
      await open(page, target.hash(), target.view);
      await target.then?.(page);
      findings.push(...(await axe(page, target.name)));
      defaults.push(...(await libraryDefaultsShown(page, target.name, language)));
      // Issue 27.10: the automations' list, editor and history speak Danish through and through.
      if (language === 'da') english.push(...(await englishShown(page, target.name)));
    }
    report(`automations, ${language} ${theme}`, findings, defaults, english);
  }, 120_000);

  it.each([
    ['en', 'dark'],
    ['da', 'light'],
  ] as const)('axe finds no violation in "New automation" and the switch-on confirmation in %s, %s theme', async (language, theme) => {
    const { page } = app;
    await setLook(page, language, theme);
    const findings: Finding[] = [];
    const defaults: DefaultShown[] = [];
    const english: EnglishShown[] = [];
    for (const d of dialogs) {
      await open(page, d.hash(), d.view);
      await d.act(page);
      // What the dialog loads from the core is answered and drawn before it is judged (not a fixed pause).
      await settle(page);
      findings.push(...(await axe(page, d.name, OVERLAYS)));
      defaults.push(...(await libraryDefaultsShown(page, d.name, language, OVERLAYS)));
      if (language === 'da') english.push(...(await englishShown(page, d.name, OVERLAYS)));
      await closeOverlays(page);
    }
    report(`automations' dialogs, ${language} ${theme}`, findings, defaults, english);
  }, 120_000);
});
