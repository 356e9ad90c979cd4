// The app shell in Chromium over web mode: every view opens, the theme switches, each view is photographed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, gotoView, type E2EApp } from './harness';

const VIEWS = ['contacts', 'compose', 'campaigns', 'inbox', 'account', 'settings'];
let app: E2EApp;

beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the app shell in a browser', () => {
  it('starts in Sandbox with the demo balance in the header', async () => {
    const { page } = app;
    await page.waitForSelector('[data-testid="sandbox-badge"]');
    await expect.poll(() => page.textContent('[data-testid="balance"]'), { timeout: 20_000 }).toMatch(/\d/);
  });

  it.each(VIEWS)('opens the %s view and photographs it', async (view) => {
    await gotoView(app.page, view);
    expect(await app.page.locator(`[data-view="${view}"] h1`).first().textContent()).toBeTruthy();
    await app.screenshot(`view-${view}-light`);
  });

  it('switches to the dark theme and back, remembering the choice', async () => {
    const { page } = app;
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bg();
    await page.click('[data-testid="theme-toggle"]');
    await expect.poll(bg).not.toBe(light);
    for (const view of VIEWS) {
      await gotoView(page, view);
      await app.screenshot(`view-${view}-dark`);
    }
    await page.reload();
    await page.waitForSelector('[data-view]');
    await expect.poll(bg).not.toBe(light);
    await page.click('[data-testid="theme-toggle"]');
    await expect.poll(bg).toBe(light);
  });

  it('tests the sandbox connection from Settings', async () => {
    const { page } = app;
    await gotoView(page, 'settings');
    await page.click('[data-testid="test-connection"]');
    await expect.poll(() => page.textContent('[data-testid="test-result"]'), { timeout: 20_000 }).toMatch(/Sandbox: the built-in test gateway answers/);
  });

  it('removes the bridge key from the address bar', async () => {
    expect(app.page.url()).not.toContain('key=');
  });
});
