// Going live in Chromium over web mode, as a new shop owner would: the platform choice fills in the gateway's
// addresses (EU here), a wrong address is refused as typed and, when it cannot be reached, Test connection names
// it with its host, in English and Danish; the first live send warns once, plainly, that real texts go to real
// people and what they cost. Screenshots: test-results/going-live-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src-sim/index';
import { gotoView, openApp, type E2EApp, besked } from './harness';

const TOKEN = 'going-live-token-for-the-eu-platform';

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const text = (page: Page, selector: string) => page.textContent(selector).then((s) => (s ?? '').replace(/\s+/g, ' ').trim());

let app: E2EApp;
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
  app = await openApp();
  await app.page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }' });
});

afterAll(async () => {
  await app?.close();
  await sim?.close();
});

describe('going live', () => {
  it('the EU platform fills in its addresses; Test connection names the address that fails, in English and Danish', async () => {
    const { page } = app;
    await gotoView(page, 'settings');
    expect(await text(page, '[data-testid="endpoints-summary"]')).toBe('GatewayAPI’s public addresses for this platform: messaging.gatewayapi.com and gatewayapi.com.');
    await page.locator('label.n-radio-button', { hasText: 'EU' }).click();
    await expect.poll(() => text(page, '[data-testid="endpoints-summary"]')).toBe('GatewayAPI’s public addresses for this platform: messaging.gatewayapi.eu and gatewayapi.eu.');
    await app.screenshot('going-live-eu');

    // Advanced: the addresses as they are, and an unencrypted one refused as it is typed.
    await page.click('[data-testid="advanced-addresses"] .n-collapse-item__header');
    expect(await page.getByLabel('Messaging interface address').inputValue()).toBe('https://messaging.gatewayapi.eu');
    expect(await page.getByLabel('REST interface address').inputValue()).toBe('https://gatewayapi.eu');
    await page.getByLabel('Messaging interface address').fill('http://messaging.gatewayapi.eu');
    await expect.poll(() => text(page, '[data-testid="gateway-addresses"]')).toContain('Use an address starting with https:// (plain http only to this computer).');
    expect(await page.isDisabled('[data-testid="save-endpoints"]')).toBe(true);
    await app.screenshot('going-live-advanced-refused');

    // A test server: the messaging address on a port nobody listens on, the REST address on the simulator.
    const port = await closedPort();
    await page.getByLabel('Messaging interface address').fill(`http://127.0.0.1:${port}`);
    await page.getByLabel('REST interface address').fill(sim.url);
    await page.click('[data-testid="save-endpoints"]');
    await expect.poll(() => text(page, '[data-testid="endpoints-summary"]')).toBe(`Your own addresses: 127.0.0.1:${port} and ${sim.url.replace('http://', '')}.`);
    await page.getByLabel('API token').fill(TOKEN);
    await page.getByRole('button', { name: 'Save token' }).click();
    // Saving tested it: one address cannot be reached, and the card says so instead of "connected" (issue 27.2).
    await expect.poll(() => text(page, '[data-testid="connection-status"]'), { timeout: 20_000 }).toContain('Live – the gateway could not be reached');
    expect(await text(page, '[data-testid="connection-status"]')).toContain(`127.0.0.1:${port}`);
    expect(await text(page, '[data-testid="live-badge"]')).toContain('Live – not reachable');
    await app.screenshot('going-live-saved-unreachable');

    await page.click('[data-testid="test-connection"]');
    await expect.poll(() => text(page, '[data-testid="test-result"]'), { timeout: 20_000 }).toMatch(
      new RegExp(`^The messaging interface address \\(127\\.0\\.0\\.1:${port}\\) did not work: Could not connect to the gateway at 127\\.0\\.0\\.1:${port}`),
    );
    await page.locator('[data-testid="test-result"]').scrollIntoViewIfNeeded();
    await app.screenshot('going-live-test-failed');

    await besked(page, 'settings.update', { language: 'da' });
    await page.click('[data-testid="test-connection"]');
    await expect.poll(() => text(page, '[data-testid="test-result"]'), { timeout: 20_000 }).toMatch(
      new RegExp(`^Adressen på beskedgrænsefladen \\(127\\.0\\.0\\.1:${port}\\) virkede ikke: Kunne ikke forbinde til gatewayen på 127\\.0\\.0\\.1:${port}`),
    );
    expect(await text(page, '[data-testid="endpoints-summary"]')).toBe(`Dine egne adresser: 127.0.0.1:${port} og ${sim.url.replace('http://', '')}.`);
    await page.locator('[data-testid="test-result"]').scrollIntoViewIfNeeded();
    await app.screenshot('going-live-test-failed-da');

    // Fixed: both addresses answer.
    await page.getByLabel('Adresse på beskedgrænsefladen').fill(sim.url);
    await page.click('[data-testid="save-endpoints"]');
    await page.click('[data-testid="test-connection"]');
    await expect.poll(() => text(page, '[data-testid="test-result"]'), { timeout: 20_000 }).toMatch(/^Forbundet\. Kredit:/);
    // The test passed: the card and the header say what it said.
    await expect.poll(() => text(page, '[data-testid="connection-status"]')).toContain('Live – forbundet');
    await app.screenshot('going-live-connected-da');
    await besked(page, 'settings.update', { language: 'en' });
  });

  it('the first live send warns that real texts go to real people and what they cost — once', async () => {
    const { page } = app;
    await besked(page, 'settings.update', { defaultSender: 'Bageriet' });

    const compose = async () => {
      await gotoView(page, 'compose');
      await page.waitForSelector('[data-testid="message-text"]');
      await page.fill('[data-testid="recipient-numbers"] textarea', '+4520000011\n+4520000012');
      await page.click('[data-testid="recipient-add-numbers"]');
      await page.fill('[data-testid="message-text"]', 'Fresh bread today');
      await page.click('[data-testid="send"]:not([disabled])', { timeout: 20_000 });
      await page.waitForSelector('.n-dialog');
    };

    // In Danish first: the warning is the dialog's first paragraph; cancelling sends nothing.
    await besked(page, 'settings.update', { language: 'da' });
    await compose();
    await expect.poll(() => text(page, '[data-testid="first-live-warning"]')).toMatch(
      /^Det her er ikke Sandkassen: rigtige beskeder går til rigtige mennesker\. 2 modtagere får beskeden på deres telefon, og din gatewaykonto betaler (\d+,\d\d kr\. for den|for hver del)\. En sendt besked kan ikke kaldes tilbage\.$/,
    );
    expect(await text(page, '.n-dialog__title')).toBe('Din første rigtige afsendelse');
    await app.screenshot('going-live-first-send-da');
    await page.getByRole('button', { name: 'Annuller' }).click();
    await page.waitForSelector('.n-dialog', { state: 'detached' });

    await besked(page, 'settings.update', { language: 'en' });
    await page.click('[data-testid="send"]:not([disabled])', { timeout: 20_000 });
    await page.waitForSelector('.n-dialog');
    await expect.poll(() => text(page, '[data-testid="first-live-warning"]')).toMatch(
      /^This is not Sandbox: real texts go to real people\. 2 recipients will get this message on their phones, and your gateway account pays (DKK\s?\d+\.\d\d for it|for every part)\. A sent text cannot be called back\.$/,
    );
    expect(await text(page, '.n-dialog')).toMatch(/2 recipients, 2 SMS parts/);
    await app.screenshot('going-live-first-send');
    await page.click('[data-testid="confirm-send"]');
    await page.waitForSelector('[data-view="campaign"]');
    await page.waitForSelector('.n-dialog', { state: 'detached' });

    // The second live send: the ordinary confirmation.
    await compose();
    expect(await text(page, '.n-dialog__title')).toBe('Send this message?');
    expect(await page.$('[data-testid="first-live-warning"]')).toBeNull();
    await app.screenshot('going-live-second-send');
    await page.click('[data-testid="confirm-send"]');
    await page.waitForSelector('[data-view="campaign"]');
    // Nothing was left behind: the cancelled confirmation's message is the one that was sent (issue 27.13).
    const { campaigns } = await besked<{ campaigns: { state: string; name: string }[] }>(page, 'campaigns.list', {});
    expect(campaigns.filter((c) => c.state === 'draft')).toEqual([]);
  });
});
