// Delivery statuses and the inbox in Chromium over web mode, against a simulated gateway the test controls: a
// campaign's statuses move to delivered and undeliverable, replies arrive with an unread badge and a notification,
// an answer goes out, and STOP opts the number out. Screenshots: test-results/inbox-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src-sim/index';
import { gotoView, openApp, type E2EApp, besked } from './harness';

const TOKEN = 'e2e-inbox-gateway-token';
// The simulator's number rule: ending in 1 is delivered, ending in 0 is undeliverable.
const HAPPY = 4520304071;
const GONE = 4520304070;

let sim: Simulator;
let app: E2EApp;

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

const inbound = (msisdn: number, message: string) => simCall('POST', '/_sim/inbound', { msisdn, receiver: 1204, message });

async function hideToasts(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.n-message-container { visibility: hidden !important; }' });
}

async function openConversation(page: Page, msisdn: number): Promise<void> {
  await page.click(`[data-testid="conversation-${msisdn}"]`);
  await page.waitForFunction((n) => location.hash.includes(`conversation=${n}`), msisdn);
  await page.waitForSelector('[data-testid="thread"]');
}

/** The delivery-status tags of the open thread, oldest first. */
const statuses = (page: Page) => page.$$eval('[data-testid="delivery-status"]', (els) => els.map((e) => e.getAttribute('data-status')));

describe('inbox and delivery status in the browser', () => {
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    app = await openApp();
    const { page } = app;
    // Web notifications: a stand-in records what would be shown, and the page counts as not focused.
    await page.context().addInitScript(() => {
      const shown: { title: string; body: string; click: () => void }[] = [];
      class FakeNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: (() => void) | null = null;
        constructor(title: string, opts: { body: string }) {
          shown.push({ title, body: opts.body, click: () => this.onclick?.() });
        }
        close() {}
      }
      Object.assign(window, { Notification: FakeNotification, __shown: shown });
      document.hasFocus = () => false;
    });
    await page.reload();
    await page.waitForSelector('[data-view]');
    // Point Besked at the test's gateway (as a shop owner does in Settings with their token).
    await besked(page, 'settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    await besked(page, 'settings.setToken', { platform: 'default', token: TOKEN });
    await hideToasts(page);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('watches a campaign go out, replies come in with an unread badge, an answer go out, and STOP opt out', async () => {
    const { page } = app;
    // Send a campaign through the contract (the composer has its own tests).
    const created = await besked<{ id: number; draft: Record<string, unknown> }>(page, 'campaigns.create', {});
    await besked(page, 'campaigns.saveDraft', {
      id: created.id,
      draft: { ...created.draft, name: 'Spring offer', sender: 'Shop', text: 'Spring offer: 20% off this week', recipients: { contactIds: [], groupIds: [], searches: [], numbers: [`+${HAPPY}`, `+${GONE}`] } },
    });
    await besked(page, 'campaigns.send', { id: created.id, liveAcknowledged: true });
    await expect.poll(async () => (await simCall<{ messages: unknown[] }>('GET', '/_sim/ledger')).messages.length, { timeout: 30_000 }).toBe(2);

    // Both customers answer.
    await inbound(HAPPY, 'Ja tak, jeg kommer forbi!');
    await inbound(GONE, 'Hvem er det?');
    await gotoView(page, 'inbox');
    await page.click('[data-testid="sync-refresh"]');
    await page.waitForSelector('[data-testid="nav-unread-badge"]');
    expect(await page.textContent('[data-testid="nav-unread-badge"]')).toContain('2');
    await page.waitForSelector(`[data-testid="conversation-${HAPPY}"]`);
    await page.waitForSelector(`[data-testid="conversation-${GONE}"]`);
    await app.screenshot('inbox-unread');

    // A notification for each new reply; clicking one opens its conversation.
    const shown = await page.evaluate(() => (window as unknown as { __shown: { title: string; body: string }[] }).__shown.map((n) => n.title + ': ' + n.body));
    expect(shown).toEqual(expect.arrayContaining([expect.stringContaining('Ja tak, jeg kommer forbi!'), expect.stringContaining('Hvem er det?')]));
    await page.evaluate(() => (window as unknown as { __shown: { body: string; click(): void }[] }).__shown.find((n) => n.body.startsWith('Hvem'))!.click());
    await page.waitForFunction((n) => location.hash.includes(`conversation=${n}`), GONE);
    await page.waitForSelector('[data-testid="thread"]');

    // The undeliverable number: the campaign text shows Failed once its status is polled (30 s after sending).
    await expect.poll(() => statuses(page), { timeout: 90_000, interval: 1_000 }).toEqual(['failed']);
    await app.screenshot('inbox-undeliverable');

    await openConversation(page, HAPPY);
    await expect.poll(() => statuses(page), { timeout: 30_000, interval: 500 }).toEqual(['delivered']);
    const items = await page.$$eval('[data-testid="thread-item"]', (els) => els.map((e) => e.getAttribute('data-direction')));
    expect(items).toEqual(['out', 'in']);
    // Opening it read both conversations' texts: the badge is gone.
    await page.waitForSelector('[data-testid="nav-unread-badge"]', { state: 'detached' });
    await app.screenshot('inbox-delivered');

    // Answer, with the composer's counter.
    await page.fill('[data-testid="reply-input"] textarea', 'Vi glæder os til at se dig!');
    expect(await page.textContent('[data-testid="reply-counter"]')).toMatch(/27 characters · 1 parts · GSM-7/);
    await page.click('[data-testid="reply-send"]');
    await expect.poll(() => statuses(page), { timeout: 15_000 }).toHaveLength(2);
    await expect
      .poll(async () => (await simCall<{ messages: { recipient: number; text: string }[] }>('GET', '/_sim/ledger')).messages.map((m) => m.text), { timeout: 30_000 })
      .toContain('Vi glæder os til at se dig!');
    await expect.poll(() => statuses(page), { timeout: 90_000, interval: 1_000 }).toEqual(['delivered', 'delivered']);
    await app.screenshot('inbox-reply');

    // STOP opts the number out: marked in the thread and the list, and the reply box is closed.
    await inbound(HAPPY, 'STOP');
    await page.click('[data-testid="sync-refresh"]');
    await page.waitForSelector('[data-testid="opt-out-note"]');
    await page.waitForSelector('[data-testid="conversation-opted-out"]');
    await page.waitForSelector('[data-testid="reply-opted-out"]');
    expect(await page.isDisabled('[data-testid="reply-input"] textarea')).toBe(true);
    const convs = await besked<{ conversations: { msisdn: number; optedOut: boolean }[] }>(page, 'inbox.conversations', {});
    expect(convs.conversations.find((c) => c.msisdn === HAPPY)?.optedOut).toBe(true);
    await app.screenshot('inbox-stop');
  });
});
