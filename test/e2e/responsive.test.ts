// Besked from a phone to a wide screen (issue 29, and issue 27.12's tables at 1400×900): every view in English and
// Danish at 360×740 and 390×844 (touch, isMobile), 768×1024, 1280×800, 1400×900 and 1920×1080 in one Chromium on one
// web-mode server. No page-level horizontal scroll, no interactive element cut off by the edge unless it sits in a
// scrolling box of its own, tap targets of 44 px on the phones, and axe without violations. Screenshots:
// test-results/fit-<size>-<language>-<view>.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { besked, launchBrowser, RESULTS, startWeb, type WebProcess } from './harness';
import { axe, describeFinding, open, STEADY } from './axe-audit';
import { actionsOutOfSight, measureFit } from './fit-check';
import { EXAMPLES, exampleDraft } from '../../src-renderer/automations/examples';
import { en } from '../../src-renderer/i18n/en';

/** A message by its dotted key, as vue-i18n finds it. */
const words = (key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en) as string;

// Every size is measured for fit; the accessibility audit runs at the narrowest phone and a common laptop, the
// two layouts (bottom bar and sheets, sidebar and tables) — a11y.test.ts audits every view and dialog besides.
const SIZES = [
  { name: '360x740', width: 360, height: 740, phone: true, audit: true },
  { name: '390x844', width: 390, height: 844, phone: true, audit: false },
  { name: '768x1024', width: 768, height: 1024, phone: false, audit: false },
  { name: '1280x800', width: 1280, height: 800, phone: false, audit: false },
  { name: '1400x900', width: 1400, height: 900, phone: false, audit: true },
  { name: '1920x1080', width: 1920, height: 1080, phone: false, audit: false },
] as const;
const CUSTOMER = 4520304071;
const ids = { campaign: 0, automation: 0 };

const targets = () => [
  { name: 'inbox', hash: '#/inbox', view: 'inbox' },
  { name: 'thread', hash: `#/inbox?conversation=${CUSTOMER}`, view: 'inbox', ready: '[data-testid="reply-input"]' },
  { name: 'compose', hash: '#/compose', view: 'compose' },
  { name: 'contacts', hash: '#/contacts', view: 'contacts', ready: '[data-testid="contact-row"]' },
  { name: 'campaigns', hash: '#/campaigns', view: 'campaigns', ready: '[data-testid^="campaign-row-"]', table: 'campaigns-table' },
  { name: 'campaign', hash: `#/campaigns/${ids.campaign}`, view: 'campaign' },
  { name: 'automations', hash: '#/automations', view: 'automations', ready: '[data-testid^="automation-row-"]', table: 'automations-table' },
  { name: 'automation', hash: `#/automations/${ids.automation}`, view: 'automation' },
  { name: 'account', hash: '#/account', view: 'account' },
  { name: 'settings', hash: '#/settings', view: 'settings' },
];

let web: WebProcess;
let browser: Browser;

describe('every view fits every screen', () => {
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    web = await startWeb();
    browser = await launchBrowser();
    const page = await (await browser.newContext()).newPage();
    await page.goto(web.url);
    await page.waitForSelector('[data-view]');
    await besked(page, 'settings.update', { defaultSender: 'Bageriet' });
    const group = await besked<{ id: number }>(page, 'groups.create', { name: 'Stamkunder' });
    const anna = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Anna', lastName: 'Berg', phone: `+${CUSTOMER}`, email: 'anna.berg@example.com', groupIds: [group.id] });
    await besked(page, 'contacts.create', { firstName: 'Bo', lastName: 'Dahl-Kristiansen', phone: '+4520304081', company: 'Bageriet på Hjørnet', groupIds: [group.id] });
    // A campaign being sent (Pause and Stop sending in its row), one sent (Copy and Delete) and a draft.
    const created = await besked<{ id: number; draft: Record<string, unknown> }>(page, 'campaigns.create', {});
    const recipients = { contactIds: [anna.id], groupIds: [group.id], searches: [], numbers: [] };
    await besked(page, 'campaigns.saveDraft', { id: created.id, draft: { ...created.draft, name: 'Forårstilbud på alt brød og kager', text: 'Hej {first_name}, 20 % på alt brød og alle kager i dag og i morgen, kom forbi butikken på hjørnet og smag de nye croissanter!', recipients } });
    await besked(page, 'campaigns.send', { id: created.id, liveAcknowledged: true });
    ids.campaign = created.id;
    const scheduled = await besked<{ id: number; draft: Record<string, unknown> }>(page, 'campaigns.create', {});
    await besked(page, 'campaigns.saveDraft', {
      id: scheduled.id,
      draft: { ...scheduled.draft, name: 'Weekendtilbud', text: 'Weekend: 2 for 1 på rugbrød.', recipients, sendAt: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    await besked(page, 'campaigns.send', { id: scheduled.id, liveAcknowledged: true });
    await besked(page, 'sandbox.reply', { contactId: anna.id, text: 'Tak, jeg kommer forbi i morgen formiddag!' });
    // Automations, one switched on (Pause in its row).
    const { fields } = await besked<{ fields: { key: string; label: string; builtin: boolean }[] }>(page, 'contacts.overview', {});
    for (const example of ['keywordOpen', 'newsletter'] as const) {
      const draft = exampleDraft(EXAMPLES.find((e) => e.id === example)!, words, 'Bageriet', fields);
      const { id } = await besked<{ id: number }>(page, 'automations.create', { draft });
      ids.automation ||= id;
    }
    await besked(page, 'automations.activate', { id: ids.automation });
    await page.context().close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  for (const size of SIZES) {
    it(`fits at ${size.name} in English and Danish`, async () => {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: size.phone,
        hasTouch: size.phone,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.goto(web.url);
      await page.waitForSelector('[data-view]');
      await page.addStyleTag({ content: STEADY });
      const problems: string[] = [];
      for (const language of ['en', 'da'] as const) {
        await besked(page, 'settings.update', { language });
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        for (const target of targets()) {
          await open(page, target.hash, target.view);
          if (target.ready) await page.waitForSelector(target.ready);
          const where = `${size.name} ${language} ${target.name}`;
          const fit = await measureFit(page, { minTarget: size.phone ? 44 : null });
          if (fit.scrollWidth > fit.innerWidth) problems.push(`${where}: the page scrolls sideways (${fit.scrollWidth} > ${fit.innerWidth})`);
          problems.push(...fit.cutOff.map((c) => `${where}: cut off: ${c}`));
          problems.push(...fit.small.map((c) => `${where}: smaller than 44 px: ${c}`));
          // Issue 27.12: from a laptop's width up, a list's row actions are in sight without scrolling sideways.
          if (size.width >= 1280 && target.table) problems.push(...(await actionsOutOfSight(page, target.table)).map((a) => `${where}: row action out of sight: ${a}`));
          if (size.audit) problems.push(...(await axe(page, where)).map(describeFinding));
          await page.screenshot({ path: join(RESULTS, `fit-${size.name}-${language}-${target.name}.png`) });
        }
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('takes a phone from the conversation list to a thread and back with the browser', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(web.url);
    await page.waitForSelector('[data-view]');
    await besked(page, 'settings.update', { language: 'en' });
    await page.tap('[data-nav="inbox"]');
    await page.tap(`[data-testid="conversation-${CUSTOMER}"]`);
    await page.waitForSelector('[data-testid="reply-input"]');
    // One screen at a time: the list is gone while the conversation shows.
    expect(await page.isVisible('[data-testid="inbox-search"]')).toBe(false);
    await page.goBack();
    await page.waitForSelector('[data-testid="inbox-search"]');
    expect(await page.isVisible('[data-testid="reply-input"]')).toBe(false);
    await page.tap(`[data-testid="conversation-${CUSTOMER}"]`);
    await page.tap('[data-testid="inbox-back"]');
    await page.waitForSelector('[data-testid="inbox-search"]');
    // More holds the rest of the places.
    await page.tap('[data-testid="nav-more"]');
    await page.tap('[data-nav="campaigns"]');
    await page.waitForSelector('[data-view="campaigns"]');
    await context.close();
  });

  it('is installable: the page links a web app manifest with the name, icons and a standalone window', async () => {
    const res = await fetch(`${web.origin}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await res.json()) as { name: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest).toMatchObject({ name: 'Besked', display: 'standalone', theme_color: '#0e8043' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['256x256', '512x512']);
    for (const icon of manifest.icons) {
      const png = await fetch(`${web.origin}/${icon.src}`);
      expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
    // The page's policy lets the browser read it (a refusal would be a console error, which fails the test).
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(web.url);
    await page.waitForSelector('[data-view]');
    expect(await page.getAttribute('link[rel="manifest"]', 'href')).toBe('./manifest.webmanifest');
    expect(await page.getAttribute('meta[name="viewport"]', 'content')).toBe('width=device-width, initial-scale=1, viewport-fit=cover');
    const cdp = await context.newCDPSession(page);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(url).toBe(`${web.origin}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
