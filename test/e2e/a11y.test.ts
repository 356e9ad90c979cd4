// Accessibility in Chromium over web mode: axe-core over every view and the account's tabs, in light and dark,
// in English and Danish, with no serious or critical violation (lesser ones are printed); the language switch
// reaches strings, formatting and <html lang>; and the app works from the keyboard alone with a visible focus ring.
// Data comes from a simulated gateway the test controls, so lists, a conversation and a campaign are not empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src-sim/index';
import { openApp, type E2EApp } from './harness';

const TOKEN = 'e2e-a11y-gateway-token';
// The simulator's number rule: ending in 1 is delivered.
const CUSTOMER = 4520304071;
const ACCOUNT_TABS = ['balance', 'prices', 'usage', 'keywords', 'lookup', 'email'] as const;
const NAV = ['contacts', 'compose', 'campaigns', 'inbox', 'account', 'settings'] as const;

let sim: Simulator;
let app: E2EApp;
let campaignId = 0;

async function besked<T>(page: Page, name: string, input: unknown): Promise<T> {
  const r = (await page.evaluate(
    async ([n, i]) => (window as unknown as { besked: { call(n: string, i: unknown): Promise<unknown> } }).besked.call(n as string, i),
    [name, input] as const,
  )) as { ok: boolean; value?: T; error?: { message: string } };
  if (!r.ok) throw new Error(`${name}: ${r.error?.message}`);
  return r.value as T;
}

async function simCall(method: string, path: string, json?: unknown): Promise<void> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { authorization: `Token ${TOKEN}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

/** Opens a page of the app by its address, as a link or reload would, and waits for the view. */
async function open(page: Page, hash: string, view: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
  // Exactly the one view: the one before must be gone, or axe would judge a mix of both.
  await page.waitForFunction((v) => {
    const views = document.querySelectorAll('[data-view]');
    return views.length === 1 && views[0]!.getAttribute('data-view') === v;
  }, view);
  // Lists and panels load from the core after the view appears.
  await page.waitForTimeout(500);
}

interface Target {
  name: string;
  hash: string;
  view: string;
}
const targets = (): Target[] => [
  { name: 'contacts', hash: '#/contacts', view: 'contacts' },
  { name: 'compose', hash: '#/compose', view: 'compose' },
  { name: 'campaigns', hash: '#/campaigns', view: 'campaigns' },
  { name: 'campaign detail', hash: `#/campaigns/${campaignId}`, view: 'campaign' },
  { name: 'inbox', hash: `#/inbox?conversation=${CUSTOMER}`, view: 'inbox' },
  ...ACCOUNT_TABS.map((tab) => ({ name: `account: ${tab}`, hash: `#/account?tab=${tab}`, view: 'account' })),
  { name: 'settings', hash: '#/settings', view: 'settings' },
];

interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

async function audit(page: Page, target: Target): Promise<Finding[]> {
  await open(page, target.hash, target.view);
  // Not the email preview's frame: it is sandboxed without scripts (axe would wait for it forever), and what it
  // shows is the user's own email, not Besked's UI.
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude('iframe[sandbox=""]').analyze();
  return result.violations.map((v) => ({
    page: target.name,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`),
  }));
}

const SEVERE = new Set(['serious', 'critical']);
const describeFinding = (f: Finding) => `[${f.impact}] ${f.page}: ${f.id} (${f.help})\n      ${f.nodes.join('\n      ')}`;

describe('accessibility', () => {
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    app = await openApp();
    const { page } = app;
    // Transitions would let axe measure colours halfway through a theme change.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }' });
    await besked(page, 'settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } }, defaultSender: 'Bageriet' });
    await besked(page, 'settings.setToken', { platform: 'default', token: TOKEN });

    // A group with customers, one opted out; a sent campaign; a reply in the inbox.
    const group = await besked<{ id: number }>(page, 'groups.create', { name: 'Stamkunder' });
    const anna = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Anna', lastName: 'Berg', phone: `+${CUSTOMER}`, groupIds: [group.id] });
    await besked(page, 'contacts.create', { firstName: 'Bo', lastName: 'Dahl', phone: '+4520304081', email: 'bo@example.com', groupIds: [group.id] });
    const carl = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Carl', lastName: 'Holm', phone: '+4520304091', groupIds: [] });
    await besked(page, 'contacts.optOut', { selection: { ids: [carl.id] } });
    const created = await besked<{ id: number; draft: Record<string, unknown> }>(page, 'campaigns.create', {});
    campaignId = created.id;
    await besked(page, 'campaigns.saveDraft', {
      id: created.id,
      draft: { ...created.draft, name: 'Forårstilbud', sender: 'Bageriet', text: 'Hej {first_name}, 20 % på alt brød i dag!', recipients: { contactIds: [anna.id], groupIds: [group.id], searches: [], numbers: [] } },
    });
    await besked(page, 'campaigns.send', { id: created.id });
    await simCall('POST', '/_sim/inbound', { msisdn: CUSTOMER, receiver: 1204, message: 'Tak, jeg kommer forbi!' });
    await besked(page, 'sync.now', {});
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  const combos = [
    ['en', 'light'],
    ['en', 'dark'],
    ['da', 'light'],
    ['da', 'dark'],
  ] as const;

  it.each(combos)('axe finds nothing serious on any view in %s, %s theme', async (language, theme) => {
    const { page } = app;
    await besked(page, 'settings.update', { language, theme });
    await page.waitForFunction(([lang, dark]) => document.documentElement.lang === lang && document.querySelector('.root')?.getAttribute('data-theme') === dark, [language, theme] as const);
    const findings: Finding[] = [];
    for (const target of targets()) findings.push(...(await audit(page, target)));
    await app.screenshot(`a11y-${language}-${theme}-settings`);

    const severe = findings.filter((f) => SEVERE.has(f.impact));
    const lesser = findings.filter((f) => !SEVERE.has(f.impact));
    console.log(
      `axe, ${language} ${theme}: ${severe.length} serious or critical, ${lesser.length} lesser` +
        (lesser.length ? `\n  lesser:\n    ${lesser.map(describeFinding).join('\n    ')}` : '') +
        (severe.length ? `\n  SERIOUS:\n    ${severe.map(describeFinding).join('\n    ')}` : ''),
    );
    expect(severe.map(describeFinding)).toEqual([]);
  }, 120_000);

  it.each(['light', 'dark'] as const)('axe finds nothing serious in the Sandbox header (%s theme)', async (theme) => {
    const { page } = app;
    await besked(page, 'settings.update', { language: 'en', theme, sandbox: true });
    await page.waitForSelector('[data-testid="sandbox-badge"]');
    const findings = await audit(page, { name: 'settings in Sandbox', hash: '#/settings', view: 'settings' });
    await besked(page, 'settings.update', { sandbox: false });
    await page.waitForSelector('[data-testid="sandbox-badge"]', { state: 'detached' });
    expect(findings.filter((f) => SEVERE.has(f.impact)).map(describeFinding)).toEqual([]);
  });

  it('speaks Danish when Settings says so: words, money and dates, the component library and <html lang>', async () => {
    const { page } = app;
    await besked(page, 'settings.update', { language: 'da', theme: 'light' });
    await open(page, '#/account?tab=balance', 'account');
    expect(await page.getAttribute('html', 'lang')).toBe('da');
    expect(await page.textContent('[data-nav="contacts"]')).toBe('Kontakter');
    expect(await page.textContent('[data-nav="compose"]')).toBe('Ny besked');
    expect(await page.textContent('[data-testid="account-tab-balance"]')).toBe('Saldo');
    // Danish money: comma decimals and the krone sign or code after the amount.
    await expect.poll(() => page.textContent('[data-testid="balance-amount"] .n-statistic-value'), { timeout: 20_000 }).toMatch(/^-?[\d.]+,\d{2}\s?(kr\.|DKK|€)$/);
    // Naive UI's own words (the date picker's placeholder on the usage tab) are Danish too.
    await open(page, '#/account?tab=usage', 'account');
    expect(await page.locator('[data-view="account"] input[placeholder]').evaluateAll((els) => els.map((e) => e.getAttribute('placeholder')))).toContain('Startdato');

    await besked(page, 'settings.update', { language: 'en' });
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.textContent('[data-nav="contacts"]')).toBe('Contacts');
  });

  it('follows the OS language when Settings says "system"', async () => {
    const context = await app.browser.newContext({ locale: 'da-DK' });
    const page = await context.newPage();
    try {
      await page.goto(app.web.url);
      await page.waitForSelector('[data-view]');
      await besked(page, 'settings.update', { language: 'system' });
      await page.waitForFunction(() => document.documentElement.lang === 'da');
      expect(await page.textContent('[data-nav="inbox"]')).toBe('Indbakke');
    } finally {
      await context.close();
    }
  });

  describe('keyboard alone', () => {
    /** Presses Tab until the focused element matches, as a keyboard user would; fails after `max` presses. */
    async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    }

    /** The focused element shows a ring: an outline or a box shadow, on itself or on its ::before (menu items). */
    const focusRing = (page: Page) =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const ring = (s: CSSStyleDeclaration) => (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) || s.boxShadow !== 'none';
        return { ring: ring(getComputedStyle(el)) || ring(getComputedStyle(el, '::before')), tag: el.tagName.toLowerCase(), text: (el.textContent ?? '').trim().slice(0, 40) };
      });

    beforeAll(async () => {
      await besked(app.page, 'settings.update', { language: 'en', theme: 'light' });
    });

    it('skips to the content from the first Tab, with the link visible while focused', async () => {
      const { page } = app;
      await open(page, '#/settings', 'settings');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('skip-link');
      const box = await page.locator('[data-testid="skip-link"]').boundingBox();
      expect(box && box.y >= 0 && box.height > 0).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      // The next Tab lands inside the view, not back in the navigation.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    });

    it.each(NAV)('reaches %s through the navigation with Tab and Enter, with a visible focus ring', async (view) => {
      const { page } = app;
      await open(page, view === 'settings' ? '#/contacts' : '#/settings', view === 'settings' ? 'contacts' : 'settings');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tabTo(page, `[data-nav="${view}"]`);
      const ring = await focusRing(page);
      expect(ring?.ring, `focus ring on ${JSON.stringify(ring)}`).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`[data-view="${view}"]`);
      await app.screenshot(`a11y-keyboard-${view}`);
    });

    it('switches the account tabs with the keyboard', async () => {
      const { page } = app;
      await open(page, '#/account?tab=balance', 'account');
      await tabTo(page, '[role="tab"]');
      const ring = await focusRing(page);
      expect(ring?.ring, `focus ring on ${JSON.stringify(ring)}`).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
      // The arrow keys move to the next tab and select it; only the selected tab is a Tab stop.
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => location.hash.includes('tab=prices'));
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-selected') === 'true');
      expect(await page.$$eval('[role="tablist"] [role="tab"][tabindex="0"]', (els) => els.map((e) => e.textContent))).toEqual(['Prices']);
      await page.keyboard.press('End');
      await page.waitForFunction(() => location.hash.includes('tab=email'));
    });

    it('opens a conversation and sends a reply without the mouse', async () => {
      const { page } = app;
      await open(page, '#/inbox', 'inbox');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tabTo(page, `[data-testid="conversation-${CUSTOMER}"]`);
      const ring = await focusRing(page);
      expect(ring?.ring, `focus ring on ${JSON.stringify(ring)}`).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="thread"]');
      await tabTo(page, '[data-testid="reply-input"] textarea');
      await page.keyboard.type('Vi ses!');
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => page.$$eval('[data-testid="thread-item"][data-direction="out"]', (els) => els.length), { timeout: 15_000 }).toBe(2);
    });
  });
});
