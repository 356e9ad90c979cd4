// Web mode opened with a link whose key is not this run's (an old bookmark, a restarted Besked): the page says the
// link is not valid for this run and how to get the current one, in the OS's language (Settings cannot be read
// without the key), and stops knocking. Screenshots: test-results/web-link-wrong-key-{en,da}.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { allowConsoleError, launchBrowser, RESULTS, startWeb, type WebProcess } from './harness';

let web: WebProcess;
let browser: Browser;

beforeAll(async () => {
  web = await startWeb();
  browser = await launchBrowser();
  mkdirSync(RESULTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await web?.stop();
  if (web) rmSync(web.dataDir, { recursive: true, force: true });
});

describe('a link with a key that is not this run\'s', () => {
  it.each([
    ['en', 'en-GB', 'This link is not valid for this run of Besked: web mode makes a new key each time it starts. Open the address it printed in the terminal where you ran npm run web'],
    ['da', 'da-DK', 'Dette link gælder ikke for den Besked, der kører nu: webtilstanden laver en ny nøgle, hver gang den starter. Åbn adressen, den skrev i terminalen, hvor du kørte npm run web'],
  ])('says so in %s, with how to get the current link, and stops trying', async (lang, locale, says) => {
    // The browser logs the bridge's refused upgrade itself; that one message is what this test provokes.
    allowConsoleError(/^console error: WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/bridge\?key=[A-Za-z0-9_-]+' failed: Error during WebSocket handshake: Unexpected response code: 403/);
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 820 } });
    try {
      const page = await context.newPage();
      let attempts = 0;
      page.on('websocket', () => attempts++);
      // The shape of a real key from an earlier run.
      await page.goto(`${web.origin}/?key=${'Q'.repeat(web.key.length)}`);
      const alert = page.locator('[data-view] .n-alert').first();
      await expect.poll(() => alert.textContent().catch(() => ''), { timeout: 20_000 }).toContain(says);
      const text = (await alert.textContent())!;
      expect(text).not.toContain('not running');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await page.screenshot({ path: join(RESULTS, `web-link-wrong-key-${lang}.png`) });
      // An old key never becomes valid: one attempt, no reconnecting every few seconds.
      await page.waitForTimeout(1_500);
      expect(attempts).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('this run\'s own link still opens the app', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(web.url);
      await page.waitForSelector('[data-view="contacts"]');
      await expect.poll(() => page.locator('[data-view] .n-alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
