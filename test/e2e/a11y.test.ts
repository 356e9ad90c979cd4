// Accessibility in Chromium over web mode: axe-core over every view and the account's tabs in light and dark, in
// English and Danish, and over every dialog, drawer and confirmation opened on them (each theme and language once;
// the Sandbox tools drawer in Sandbox, in both themes),
// with no violation of any impact (each is printed by impact first); the language switch reaches strings, formatting
// and <html lang>; and the app works from the keyboard alone with a visible focus ring. Data comes from a simulated
// gateway the test controls, so lists, a conversation and campaigns (sent, scheduled, one with an unknown outcome)
// are not empty. In Danish the walk fails on any English sentence (english-words.ts). The same walk fails on any of the component library's bare default texts ("Please Input", "No Data",
// and in Danish any English word of the library) on a view or in a dialog, in both languages.
// Screenshots of the dialogs in Danish: test-results/a11y-dialog-da-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src-sim/index';
import { openApp, type E2EApp, besked } from './harness';
import { describeDefault, libraryDefaultsShown, type DefaultShown } from './library-defaults';
import { describeEnglish, englishShown, type EnglishShown } from './english-words';
import { settle } from './page-settle';
import { axe, describeFinding, open, OPEN_OVERLAY, OVERLAYS, SEVERE, STEADY, type Finding } from './axe-audit';

const TOKEN = 'e2e-a11y-gateway-token';
// The simulator's number rule: ending in 1 is delivered.
const CUSTOMER = 4520304071;
const ACCOUNT_TABS = ['balance', 'prices', 'usage', 'keywords', 'lookup', 'email'] as const;
const NAV = ['contacts', 'compose', 'campaigns', 'inbox', 'account', 'settings'] as const;

let sim: Simulator;
let app: E2EApp;
let campaignId = 0;
/** What the dialogs need: a draft to confirm, a scheduled campaign to cancel, one with an unknown outcome to resend,
 * an overcharged message to refund and a leased keyword to cancel. */
const ids = { draft: 0, scheduled: 0, uncertain: 0, charged: 0, stamkunder: 0, noCredit: 0 };
const CHARGED_TO = 4512345671;

async function simCall<T = unknown>(method: string, path: string, json?: unknown): Promise<T> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { authorization: `Token ${TOKEN}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

type Draft = Record<string, unknown>;
/** A campaign made and sent through the contract, waiting until it reaches one of the states given. */
async function sendCampaign(page: Page, draft: Draft, states: string[]): Promise<number> {
  const created = await besked<{ id: number; draft: Draft }>(page, 'campaigns.create', {});
  await besked(page, 'campaigns.saveDraft', { id: created.id, draft: { ...created.draft, sender: 'Bageriet', ...draft } });
  await besked(page, 'campaigns.send', { id: created.id, liveAcknowledged: true });
  // (expect.poll is for tests, not their set-up.)
  for (let waited = 0, state = ''; !states.includes(state); waited += 200) {
    if (waited > 30_000) throw new Error(`campaign ${created.id} stayed ${state}, not ${states.join(' or ')}`);
    await new Promise((r) => setTimeout(r, 200));
    state = (await besked<{ state: string }>(page, 'campaigns.get', { id: created.id })).state;
  }
  return created.id;
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

async function audit(page: Page, target: Target): Promise<Finding[]> {
  await open(page, target.hash, target.view);
  return axe(page, target.name);
}

/** One dialog (or drawer, or popover), opened step by step from its page as a user would; axe runs after each step. */
interface DialogTarget {
  name: string;
  hash: () => string;
  view: string;
  steps: { name: string; act(page: Page): Promise<unknown> }[];
}

const clickRowOf = (page: Page, name: string) => page.click(`[data-testid="contact-row"]:has-text("${name}")`);
async function selectFirstContact(page: Page): Promise<void> {
  if (!(await page.isVisible('[data-testid="bulk-bar"]'))) await page.locator('[data-testid="contact-row"] [data-testid="contact-check"]').first().click();
  await page.waitForSelector('[data-testid="bulk-bar"]');
}
const dialogOpen = (page: Page, testid?: string) => page.waitForSelector(testid ? `.n-dialog [data-testid="${testid}"]` : '.n-dialog', { state: 'visible' });
/** A small file with a good row, a row for a known number and one without a number, so the report has every part. */
const IMPORT_CSV = 'Fornavn;Efternavn;Mobil;Kunde nr.\r\nDorte;Lund;+4520304111;2001\r\nAnna;Berg;+4520304071;1001\r\nIngen;Nummer;;1002\r\n';

const dialogTargets = (): DialogTarget[] => [
  {
    name: 'contact drawer',
    hash: () => '#/contacts',
    view: 'contacts',
    steps: [
      {
        name: 'an opted-out contact',
        act: async (page) => {
          await clickRowOf(page, 'Carl');
          await page.waitForSelector('[data-testid="contact-drawer"] [data-testid="consent-history"]');
        },
      },
      { name: 'opt in again', act: (page) => page.click('[data-testid="contact-opt-in"]').then(() => page.waitForSelector('[data-testid="opt-in-note"]')) },
    ],
  },
  { name: 'new contact', hash: () => '#/contacts', view: 'contacts', steps: [{ name: 'drawer', act: (page) => page.click('[data-testid="contacts-add"]').then(() => page.waitForSelector('[data-testid="contact-first-name"]')) }] },
  { name: 'new group', hash: () => '#/contacts', view: 'contacts', steps: [{ name: 'dialog', act: (page) => page.click('[data-testid="group-create"]').then(() => page.waitForSelector('[data-testid="group-name"]')) }] },
  {
    name: 'group menu',
    hash: () => '#/contacts',
    view: 'contacts',
    steps: [
      { name: 'actions', act: (page) => page.click(`[data-testid="group-actions-${ids.stamkunder}"]`).then(() => page.waitForSelector('.n-dropdown-option')) },
      { name: 'delete confirmation', act: (page) => page.locator('.n-dropdown-option').nth(1).click().then(() => dialogOpen(page)) },
    ],
  },
  { name: 'opt out the selection', hash: () => '#/contacts', view: 'contacts', steps: [{ name: 'confirmation', act: (page) => selectFirstContact(page).then(() => page.click('[data-testid="bulk-opt-out"]')).then(() => page.waitForSelector('.n-dialog [data-testid="opt-out-note"]')) }] },
  { name: 'delete the selection', hash: () => '#/contacts', view: 'contacts', steps: [{ name: 'confirmation', act: (page) => selectFirstContact(page).then(() => page.click('[data-testid="bulk-delete"]')).then(() => dialogOpen(page)) }] },
  {
    name: 'import',
    hash: () => '#/contacts',
    view: 'contacts',
    steps: [
      { name: 'choose a file', act: (page) => page.click('[data-testid="contacts-import"]').then(() => page.waitForSelector('[data-testid="import-dialog"] [data-testid="import-file"]', { state: 'attached' })) },
      {
        name: 'columns',
        act: async (page) => {
          await page.setInputFiles('[data-testid="import-file"]', { name: 'kunder.csv', mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV, 'latin1') });
          await page.waitForSelector('[data-testid="import-preview"] [data-testid="import-rows"]');
        },
      },
      { name: 'report', act: (page) => page.click('[data-testid="import-start"]').then(() => page.waitForSelector('[data-testid="import-report"]', { timeout: 20_000 })) },
    ],
  },
  {
    name: 'composer',
    hash: () => `#/compose?id=${ids.draft}`,
    view: 'compose',
    steps: [
      {
        name: 'who is left out',
        act: async (page) => {
          await page.click('[data-testid="show-excluded"]', { timeout: 20_000 });
          await page.waitForSelector('[data-testid="excluded-modal"] .n-list-item');
        },
      },
    ],
  },
  { name: 'save as template', hash: () => `#/compose?id=${ids.draft}`, view: 'compose', steps: [{ name: 'dialog', act: (page) => page.click('[data-testid="save-template"]').then(() => page.waitForSelector('[data-testid="template-name"]')) }] },
  { name: 'delete a template', hash: () => `#/compose?id=${ids.draft}`, view: 'compose', steps: [{ name: 'confirmation', act: (page) => page.click('[data-testid^="template-delete-"]').then(() => page.waitForSelector('.n-popconfirm')) }] },
  { name: 'make it GSM-7', hash: () => `#/compose?id=${ids.draft}`, view: 'compose', steps: [{ name: 'what changes', act: (page) => page.click('[data-testid="gsm-fix"]').then(() => page.waitForSelector('[data-testid="gsm-fix-panel"]')) }] },
  {
    name: 'send',
    hash: () => `#/compose?id=${ids.draft}`,
    view: 'compose',
    steps: [{ name: 'confirmation', act: (page) => page.click('[data-testid="send"]:not([disabled])', { timeout: 20_000 }).then(() => dialogOpen(page, 'confirm-send')) }],
  },
  { name: 'campaigns: cancel a scheduled one', hash: () => '#/campaigns', view: 'campaigns', steps: [{ name: 'confirmation', act: (page) => page.click(`[data-testid="campaign-row-${ids.scheduled}"] [data-testid="cancel"]`).then(() => dialogOpen(page)) }] },
  { name: 'campaigns: delete', hash: () => '#/campaigns', view: 'campaigns', steps: [{ name: 'confirmation', act: (page) => page.click(`[data-testid="campaign-row-${campaignId}"] [data-testid="delete"]`).then(() => dialogOpen(page)) }] },
  { name: 'campaign: cancel', hash: () => `#/campaigns/${ids.scheduled}`, view: 'campaign', steps: [{ name: 'confirmation', act: (page) => page.click('[data-testid="detail-cancel"]').then(() => dialogOpen(page)) }] },
  { name: 'campaign: resend to the unknown', hash: () => `#/campaigns/${ids.uncertain}`, view: 'campaign', steps: [{ name: 'confirmation', act: (page) => page.click('[data-testid="resend-uncertain"]').then(() => dialogOpen(page)) }] },
  {
    name: 'refund',
    hash: () => `#/messages/${ids.charged}`,
    view: 'message',
    steps: [{ name: 'dialog', act: (page) => page.click(`[data-testid="refund-open-${CHARGED_TO}"]`, { timeout: 20_000 }).then(() => page.waitForSelector('[data-testid="refund-dialog"] [data-testid="refund-confirm"]')) }],
  },
  {
    name: 'lease a keyword',
    hash: () => '#/account?tab=keywords',
    view: 'account',
    steps: [
      {
        name: 'full-month warning',
        act: async (page) => {
          await page.fill('[data-testid="keyword-input"]', 'KAGE');
          await page.click('[data-testid="keyword-check"]');
          await page.waitForSelector('[data-testid="keyword-check-result"]');
          await page.click('[data-testid="keyword-lease"]');
          await dialogOpen(page, 'keyword-lease-confirm');
        },
      },
    ],
  },
  { name: 'cancel a keyword', hash: () => '#/account?tab=keywords', view: 'account', steps: [{ name: 'confirmation', act: (page) => page.click('[data-testid="keyword-cancel-PIZZA"]', { timeout: 20_000 }).then(() => dialogOpen(page, 'keyword-cancel-confirm')) }] },
  {
    name: 'number lookup',
    hash: () => '#/account?tab=lookup',
    view: 'account',
    steps: [
      { name: 'pick contacts', act: (page) => page.click('[data-testid="lookup-pick"]').then(() => page.waitForSelector('[data-testid="contact-picker"] tbody tr')) },
      {
        name: 'cost confirmation',
        act: async (page) => {
          await closeOverlays(page);
          await page.fill('[data-testid="lookup-numbers"]', '+45 20 30 40 71\n20304081');
          await page.click('[data-testid="lookup-check"]');
          await page.click('[data-testid="lookup-run"]');
          await dialogOpen(page, 'lookup-confirm');
        },
      },
    ],
  },
  {
    name: 'email',
    hash: () => '#/account?tab=email',
    view: 'account',
    steps: [
      {
        name: 'send confirmation',
        act: async (page) => {
          await page.fill('[data-testid="email-from"]', 'Bageriet <shop@example.com>');
          await page.fill('[data-testid="email-address"]', 'bo@example.com');
          await page.click('[data-testid="email-address-add"]');
          await page.fill('[data-testid="email-subject"]', 'Friskt brød');
          await page.fill('[data-testid="email-plaintext"]', 'Hej {first_name}');
          await page.click('[data-testid="email-send"]');
          await dialogOpen(page, 'email-send-confirm');
        },
      },
    ],
  },
];

/** Closes whatever is open over the page the way a user would (Escape, or a click beside a popover). */
async function closeOverlays(page: Page): Promise<void> {
  for (let i = 0; i < 6 && (await page.isVisible(OPEN_OVERLAY)); i++) {
    if (i < 3) await page.keyboard.press('Escape');
    // A popover does not close on Escape: a click on the empty middle of the app's header does it.
    else await page.mouse.click(640, 28);
    await page.waitForTimeout(120);
  }
}

/**
 * Loads the page again, as the dialogs' clicks leave the browser's place for the next Tab (its sequential focus
 * starting point) wherever they were, and the keyboard tests start from a fresh page.
 */
async function reloadPage(page: Page): Promise<void> {
  await page.reload();
  await page.waitForSelector('[data-view]');
  await page.addStyleTag({ content: STEADY });
}

describe('accessibility', () => {
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    app = await openApp();
    const { page } = app;
    await page.addStyleTag({ content: STEADY });
    await besked(page, 'settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } }, defaultSender: 'Bageriet' });
    await besked(page, 'settings.setToken', { platform: 'default', token: TOKEN });

    // A group with customers, one opted out; a sent campaign; a reply in the inbox.
    const group = await besked<{ id: number }>(page, 'groups.create', { name: 'Stamkunder' });
    ids.stamkunder = group.id;
    const anna = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Anna', lastName: 'Berg', phone: `+${CUSTOMER}`, groupIds: [group.id] });
    const bo = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Bo', lastName: 'Dahl', phone: '+4520304081', email: 'bo@example.com', groupIds: [group.id] });
    const carl = await besked<{ id: number }>(page, 'contacts.create', { firstName: 'Carl', lastName: 'Holm', phone: '+4520304091', groupIds: [] });
    await besked(page, 'contacts.optOut', { selection: { ids: [carl.id] } });
    const recipients = (r: { contactIds?: number[]; groupIds?: number[]; numbers?: string[] }) => ({ contactIds: [], groupIds: [], searches: [], numbers: [], ...r });
    campaignId = await sendCampaign(page, { name: 'Forårstilbud', text: 'Hej {first_name}, 20 % på alt brød i dag!', recipients: recipients({ contactIds: [anna.id], groupIds: [group.id] }) }, ['sent']);
    await simCall('POST', '/_sim/inbound', { msisdn: CUSTOMER, receiver: 1204, message: 'Tak, jeg kommer forbi!' });
    await besked(page, 'sync.now', {});

    // For the dialogs. A request whose answer is lost leaves its recipients with an unknown outcome.
    await simCall('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, drop: 'after' }] });
    ids.uncertain = await sendCampaign(page, { name: 'Tabt svar', text: 'Husk din ordre i morgen.', recipients: recipients({ numbers: ['+4520304101'] }) }, ['partly_failed', 'failed']);
    ids.scheduled = await sendCampaign(
      page,
      { name: 'Weekendtilbud', text: 'Weekend: 2 for 1 på rugbrød.', recipients: recipients({ contactIds: [bo.id] }), sendAt: new Date(Date.now() + 2 * 86_400_000).toISOString() },
      ['scheduled'],
    );
    // Too little credit on the gateway account: the campaign pauses and says why.
    const { credit } = await simCall<{ credit: number }>('GET', '/_sim/account');
    await simCall('PUT', '/_sim/account', { credit: 0 });
    ids.noCredit = await sendCampaign(page, { name: 'Uden kredit', text: 'Tilbud i dag.', recipients: recipients({ numbers: ['+4520304102'] }) }, ['paused']);
    await simCall('PUT', '/_sim/account', { credit });
    await besked(page, 'templates.save', { name: 'Åbningstider', text: 'Vi har åbent 7-17 i dag.' });
    const draft = await besked<{ id: number; draft: Draft }>(page, 'campaigns.create', {});
    ids.draft = draft.id;
    // An opted-out contact and a number that is not one are left out; the emoji makes the text Unicode.
    await besked(page, 'campaigns.saveDraft', {
      id: draft.id,
      draft: { ...draft.draft, name: 'Croissanter', sender: 'Bageriet', text: 'Hej {first_name} 🥐 friske croissanter!', recipients: recipients({ contactIds: [anna.id, carl.id], numbers: ['12'] }) },
    });
    await besked(page, 'account.keywordCreate', { keyword: 'PIZZA', shortcode: 1204, acceptMonthlyCharge: true });
    // A webshop's overcharged SMS on the same account, its charge captured and the message in long-term storage.
    await simCall('PUT', '/_sim/account', { features: { charge: true } });
    const charged = await simCall<{ ids: number[] }>('POST', '/rest/mtsms', {
      class: 'charge',
      message: 'Tak for din ordre',
      sender: '1204',
      recipients: [{ msisdn: CHARGED_TO, charge: { amount: 10, currency: 'DKK', code: 'P01', description: 'Ordre', category: 'SC00' } }],
    });
    ids.charged = charged.ids[0]!;
    await simCall('POST', '/_sim/clock', { advance_seconds: 10 });
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

  it.each(combos)('axe finds no violation on any view in %s, %s theme', async (language, theme) => {
    const { page } = app;
    await besked(page, 'settings.update', { language, theme });
    await page.waitForFunction(([lang, dark]) => document.documentElement.lang === lang && document.querySelector('.root')?.getAttribute('data-theme') === dark, [language, theme] as const);
    const findings: Finding[] = [];
    const defaults: DefaultShown[] = [];
    const english: EnglishShown[] = [];
    for (const target of targets()) {
      findings.push(...(await audit(page, target)));
      defaults.push(...(await libraryDefaultsShown(page, target.name, language)));
      if (language === 'da') english.push(...(await englishShown(page, target.name)));
    }
    await app.screenshot(`a11y-${language}-${theme}-settings`);

    const severe = findings.filter((f) => SEVERE.has(f.impact));
    const lesser = findings.filter((f) => !SEVERE.has(f.impact));
    console.log(
      `axe, ${language} ${theme}: ${severe.length} serious or critical, ${lesser.length} lesser` +
        (lesser.length ? `\n  lesser:\n    ${lesser.map(describeFinding).join('\n    ')}` : '') +
        (severe.length ? `\n  SERIOUS:\n    ${severe.map(describeFinding).join('\n    ')}` : ''),
    );
    expect([...severe, ...lesser].map(describeFinding)).toEqual([]);
    expect(defaults.map(describeDefault), 'the component library\'s default texts').toEqual([]);
    expect(english.map(describeEnglish), 'English sentences on a Danish screen').toEqual([]);
  }, 120_000);

  // Each theme once and each language once: contrast depends on the theme, names and labels on the language, and all
  // four pairs would add a minute to a suite that must stay quick.
  it.each([
    ['en', 'dark'],
    ['da', 'light'],
  ] as const)('axe finds no violation in any dialog, drawer or confirmation in %s, %s theme', async (language, theme) => {
    const { page } = app;
    await besked(page, 'settings.update', { language, theme });
    await page.waitForFunction(([lang, dark]) => document.documentElement.lang === lang && document.querySelector('.root')?.getAttribute('data-theme') === dark, [language, theme] as const);
    const findings: Finding[] = [];
    const defaults: DefaultShown[] = [];
    const english: EnglishShown[] = [];
    for (const target of dialogTargets()) {
      // Dialogs on the same page open one after the other without loading it again.
      if ((await page.evaluate(() => location.hash)) !== target.hash()) await open(page, target.hash(), target.view);
      for (const step of target.steps) {
        const name = `${target.name}: ${step.name}`;
        try {
          await step.act(page);
        } catch (err) {
          await app.screenshot('a11y-dialog-failed-to-open');
          throw new Error(`could not open ${name}: ${(err as Error).message}`);
        }
        // Lists in a dialog load from the core after it opens: judged once they are answered and drawn, not after a
        // fixed pause that a loaded machine outlasts.
        await settle(page);
        findings.push(...(await axe(page, name, OVERLAYS)));
        defaults.push(...(await libraryDefaultsShown(page, name, language, OVERLAYS)));
        if (language === 'da') english.push(...(await englishShown(page, name, OVERLAYS)));
        if (language === 'da') await app.screenshot(`a11y-dialog-da-${name.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-$/, '')}`);
      }
      await closeOverlays(page);
    }
    await reloadPage(page);

    const severe = findings.filter((f) => SEVERE.has(f.impact));
    const lesser = findings.filter((f) => !SEVERE.has(f.impact));
    console.log(
      `axe over dialogs, ${language} ${theme}: ${severe.length} serious or critical, ${lesser.length} lesser` +
        (lesser.length ? `\n  lesser:\n    ${lesser.map(describeFinding).join('\n    ')}` : '') +
        (severe.length ? `\n  SERIOUS:\n    ${severe.map(describeFinding).join('\n    ')}` : ''),
    );
    expect([...severe, ...lesser].map(describeFinding)).toEqual([]);
    expect(defaults.map(describeDefault), 'the component library\'s default texts').toEqual([]);
    expect(english.map(describeEnglish), 'English sentences on a Danish screen').toEqual([]);
  }, 180_000);

  // The walks above pass when axe finds nothing: this one shows that the audit, run in the page as it is, finds what is
  // there, on the whole page and within a scope, and that what it leaves out (the email preview's frame) stays out.
  it('the audit finds a missing name, an unlabeled field and grey on grey, and only within its scope', async () => {
    const { page } = app;
    await open(page, '#/settings', 'settings');
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.id = 'planted';
      planted.innerHTML = '<button type="button"></button><input type="text"><p style="color:#777;background:#888">Grå på grå</p>';
      document.querySelector('[data-view]')!.prepend(planted);
      const overlay = document.createElement('div');
      overlay.className = 'n-modal-container';
      overlay.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
      document.body.append(overlay);
    });
    try {
      const whole = await axe(page, 'planted');
      // (Also "region": the planted overlay's image stands outside the page's landmarks.)
      expect(whole.map((f) => f.id)).toEqual(expect.arrayContaining(['button-name', 'label', 'color-contrast', 'image-alt']));
      expect(whole.find((f) => f.id === 'color-contrast')!.nodes.join()).toContain('#planted');
      const scoped = await axe(page, 'planted overlay', OVERLAYS);
      expect(scoped.map((f) => f.id)).toEqual(['image-alt']);
    } finally {
      await page.evaluate(() => {
        document.getElementById('planted')?.remove();
        document.querySelector('body > .n-modal-container:last-child')?.remove();
      });
    }
    expect(await axe(page, 'settings')).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('axe finds nothing in the Sandbox header (%s theme)', async (theme) => {
    const { page } = app;
    await besked(page, 'settings.update', { language: 'en', theme, sandbox: true });
    await page.waitForSelector('[data-testid="sandbox-badge"]');
    const findings = await audit(page, { name: 'settings in Sandbox', hash: '#/settings', view: 'settings' });
    // The Sandbox tools drawer, opened from the header, with a number made unreachable so its list shows too.
    await page.click('[data-testid="sandbox-tools-open"]');
    await page.fill('[data-testid="sandbox-phone"] input', '20 30 40 61');
    await page.click('[data-testid="sandbox-unreachable"]');
    await page.waitForSelector('[data-testid="sandbox-unreachable-list"]');
    findings.push(...(await axe(page, 'Sandbox tools', OVERLAYS)));
    await page.click('[data-testid="sandbox-reachable-+4520304061"]');
    await closeOverlays(page);
    await besked(page, 'settings.update', { sandbox: false });
    await page.waitForSelector('[data-testid="sandbox-badge"]', { state: 'detached' });
    expect(findings.map(describeFinding)).toEqual([]);
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

    // Why a campaign stopped, said by the gateway client in English, reads in Danish in the list and on its page.
    const noCredit = 'Din gatewaykonto har ikke penge nok til dette. Fyld kontoen op i gatewayens kontrolpanel, og prøv så igen.';
    await open(page, '#/campaigns', 'campaigns');
    await expect.poll(() => page.textContent(`[data-testid="campaign-row-${ids.noCredit}"] [data-testid="campaign-stopped"]`).catch(() => null), { timeout: 20_000 }).toBe(noCredit);
    await open(page, `#/campaigns/${ids.noCredit}`, 'campaign');
    await expect.poll(() => page.textContent('[data-testid="last-error"] .n-alert-body__content').catch(() => null), { timeout: 20_000 }).toBe(noCredit);
    await app.screenshot('campaign-stopped-da');

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
      // A fresh page, as a keyboard user arrives: clicks in earlier tests (dialogs, drawers) move Chromium's
      // starting point for Tab past the skip link, and blur() does not reset it.
      await reloadPage(page);
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
