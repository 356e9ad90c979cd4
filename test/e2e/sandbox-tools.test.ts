// The Sandbox tools in Chromium over web mode, with no token (the built-in test gateway): a campaign composed and sent
// to a contact, the contact made to answer from the Sandbox tools, the answer seen and replied to in the inbox, the
// contact made to answer STOP and then shown opted out in Contacts; a number made unreachable and the clock moved on.
// Screenshots: test-results/sandbox-tools-{en,da}.png and the steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src-sim/index';
import { gotoView, openApp, type E2EApp, besked } from './harness';
import { closeTools, openTools } from './sandbox-drawer';

// Ends in 1: the test gateway delivers it.
const METTE = 4520304051;

let app: E2EApp;
/** Plays the live gateway in the last test. */
let live: Simulator | undefined;

const threadDirections = (page: Page) => page.$$eval('[data-testid="thread-item"]', (els) => els.map((e) => e.getAttribute('data-direction')));

describe('Sandbox tools', () => {
  beforeAll(async () => {
    app = await openApp();
    // Toasts would cover the drawer in the screenshots, and a screenshot must not catch it sliding in.
    await app.page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }',
    });
    // The shop's one customer (the contacts view has its own tests); the rest goes through the UI.
    await besked(app.page, 'contacts.create', { firstName: 'Mette', lastName: 'Holm', phone: `+${METTE}` });
    await besked(app.page, 'settings.update', { defaultSender: 'Bageriet', language: 'en' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await live?.close();
  });

  it('sends a campaign, a reply comes, it is answered, STOP comes, and the contact is opted out', async () => {
    const { page } = app;
    // Compose and send to the contact.
    await gotoView(page, 'compose');
    await page.waitForSelector('[data-testid="message-text"]');
    await page.fill('[data-testid="recipient-search"] input', 'Mette');
    await page.click('[data-testid="recipient-found"] button:has-text("Add")');
    await expect.poll(() => page.textContent('[data-testid="recipient-count"]'), { timeout: 20_000 }).toBe('1 recipient');
    await page.fill('[data-testid="message-text"]', 'Fresh cinnamon buns today, 2 for 30 kr.');
    await page.click('[data-testid="send"]:not([disabled])', { timeout: 20_000 });
    await page.click('[data-testid="confirm-send"]');
    await page.waitForSelector('[data-view="campaign"]');

    // The customer answers, played from the Sandbox tools.
    await openTools(page, 'Mette');
    await page.fill('[data-testid="sandbox-reply-text"] textarea', 'Can I pick up four tomorrow morning?');
    await app.screenshot('sandbox-tools-reply');
    await page.click('[data-testid="sandbox-reply-send"]');
    await expect.poll(() => page.inputValue('[data-testid="sandbox-reply-text"] textarea')).toBe('');
    expect(await page.isVisible('[data-testid="sandbox-tools-error"]')).toBe(false);
    await closeTools(page);

    // The reply is in the inbox at once, with the campaign text before it; answer it.
    await gotoView(page, 'inbox');
    await page.click(`[data-testid="conversation-${METTE}"]`);
    await page.waitForSelector('[data-testid="thread"]');
    await expect.poll(() => threadDirections(page)).toEqual(['out', 'in']);
    expect(await page.textContent('[data-testid="thread"]')).toContain('Can I pick up four tomorrow morning?');
    await page.fill('[data-testid="reply-input"] textarea', 'Of course, they are ready at 7.');
    await page.click('[data-testid="reply-send"]');
    await expect.poll(() => threadDirections(page), { timeout: 15_000 }).toEqual(['out', 'in', 'out']);
    await app.screenshot('sandbox-tools-inbox-answered');

    // The customer answers STOP: marked in the thread, and the reply box closes.
    await openTools(page, 'Mette');
    await page.click('[data-testid="sandbox-reply-stop"]');
    await closeTools(page);
    await page.waitForSelector('[data-testid="opt-out-note"]');
    await page.waitForSelector('[data-testid="reply-opted-out"]');

    // Contacts shows her opted out.
    await gotoView(page, 'contacts');
    await page.waitForSelector(`[data-testid="contact-row"]:has-text("Mette") [data-testid="opted-out-badge"]`);
    await app.screenshot('sandbox-tools-opted-out');
  }, 120_000);

  it('makes a number unreachable and reachable again, and moves the test gateway’s clock forward', async () => {
    const { page } = app;
    await openTools(page);
    await page.click('[data-testid="sandbox-contact"] .n-base-clear').catch(() => undefined);
    await page.fill('[data-testid="sandbox-phone"] input', '20 30 40 61');
    await page.click('[data-testid="sandbox-unreachable"]');
    await page.waitForSelector('[data-testid="sandbox-unreachable-list"]:has-text("+45 20 30 40 61")');

    const clock = async () => (await page.textContent('[data-testid="sandbox-clock"]')) ?? '';
    const before = await clock();
    await page.click('[data-testid="sandbox-clock-day1"]');
    await expect.poll(clock, { timeout: 15_000 }).not.toBe(before);
    await app.screenshot('sandbox-tools-en');

    await page.click('[data-testid="sandbox-reachable-+4520304061"]');
    await page.waitForSelector('[data-testid="sandbox-unreachable-list"]', { state: 'detached' });
    expect(await page.isVisible('[data-testid="sandbox-tools-error"]')).toBe(false);
    await closeTools(page);
  }, 60_000);

  it('speaks Danish', async () => {
    const { page } = app;
    await besked(page, 'settings.update', { language: 'da' });
    await page.waitForFunction(() => document.documentElement.lang === 'da');
    await openTools(page);
    expect(await page.textContent('[data-testid="sandbox-tools"]')).toContain('Et testværktøj');
    expect(await page.textContent('[data-testid="sandbox-reply-stop"]')).toContain('Svar STOP');
    await app.screenshot('sandbox-tools-da');
    await closeTools(page);
    await besked(page, 'settings.update', { language: 'en' });
  });

  it('is not offered once Besked is live', async () => {
    const { page } = app;
    // A token and a gateway make the connection live; the header loses the tools with the Sandbox badge.
    const token = 'e2e-sandbox-tools-live-token';
    live = await startSimulator({ port: 0, token, log: () => undefined });
    await besked(page, 'settings.update', { endpoints: { default: { messagingUrl: live.url, legacyUrl: live.url } } });
    await besked(page, 'settings.setToken', { platform: 'default', token });
    await page.waitForSelector('[data-testid="sandbox-badge"]', { state: 'detached' });
    expect(await page.isVisible('[data-testid="sandbox-tools-open"]')).toBe(false);
  });
});
