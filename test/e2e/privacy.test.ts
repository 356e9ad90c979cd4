// A customer's data on request in Chromium over web mode, in Danish and English (issue 28): the contact drawer's
// "Download their data" saves one readable HTML page (opened and photographed), "Delete everything about this
// person…" asks, erases after the confirming word, and the contact is gone; Settings shows the retention card and
// "Data for a number". Screenshots: test-results/privacy-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { besked, gotoView, openApp, RESULTS, type E2EApp } from './harness';

const languages = [
  { lang: 'da', exportLabel: 'Hent personens data', word: 'SLET', title: 'Slet alt om Xenia Quist?', page: 'Beskeder fra dig', settings: 'Kundedata og opbevaring' },
  { lang: 'en', exportLabel: 'Download their data', word: 'DELETE', title: 'Delete everything about Xenia Quist?', page: 'Texts from you', settings: 'Customer data and retention' },
] as const;

describe.each(languages)('a customer\'s data in $lang', ({ lang, exportLabel, word, title, page: pageWords, settings }) => {
  let app: E2EApp;

  beforeAll(async () => {
    app = await openApp();
    await app.page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }',
    });
    await besked(app.page, 'settings.update', { language: lang });
    await app.page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await besked(app.page, 'contacts.create', { firstName: 'Xenia', lastName: 'Quist', phone: '+45 20 00 00 77', email: 'xenia@example.dk' });
    await besked(app.page, 'sandbox.reply', { phone: '+45 20 00 00 77', text: 'Hej, har I åbent lørdag?' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('downloads everything about the contact as one page, then erases them after the confirming word', async () => {
    const { page } = app;
    await gotoView(page, 'contacts');
    await page.click('[data-testid="contact-row"]');
    await page.waitForSelector('[data-testid="person-data-export"]');
    await page.locator('[data-testid="person-data"]').scrollIntoViewIfNeeded();
    expect(await page.textContent('[data-testid="person-data-export"]')).toContain(exportLabel);
    await app.screenshot(`privacy-contact-${lang}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="person-data-export"]')]);
    expect(download.suggestedFilename()).toMatch(/^besked-data-4520000077-\d{4}-\d\d-\d\d\.html$/);
    const path = (await download.path())!;
    const html = await readFile(path, 'utf8');
    expect(html).toContain('Xenia Quist');
    expect(html).toContain('Hej, har I åbent lørdag?');
    // Saved under its own name, so the browser opens it as the web page it is.
    const saved = join(RESULTS, `privacy-export-${lang}.html`);
    await download.saveAs(saved);
    const viewer = await page.context().newPage();
    await viewer.goto(pathToFileURL(saved).href);
    expect(await viewer.textContent('body')).toContain(pageWords);
    await viewer.screenshot({ path: join(RESULTS, `privacy-export-${lang}.png`) });
    await viewer.close();

    await page.click('[data-testid="person-data-erase"]');
    await page.waitForSelector('[data-testid="erase-dialog"]');
    expect(await page.textContent('[data-testid="erase-dialog"]')).toContain(title);
    expect(await page.isDisabled('[data-testid="erase-confirm"]')).toBe(true);
    await page.fill('[data-testid="erase-word"]', word);
    await app.screenshot(`privacy-erase-${lang}`);
    await page.click('[data-testid="erase-confirm"]');
    await page.waitForSelector('[data-testid="erase-dialog"]', { state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="contact-row"]').count(), { timeout: 10_000 }).toBe(0);
    // Their unread text went with them: the navigation's badge too.
    await page.waitForSelector('[data-testid="nav-unread-badge"]', { state: 'detached', timeout: 10_000 });
    const conversations = await besked<{ conversations: unknown[] }>(page, 'inbox.conversations', {});
    expect(conversations.conversations).toEqual([]);
  });

  it('shows the retention of texts and "Data for a number" in Settings', async () => {
    const { page } = app;
    await gotoView(page, 'settings');
    const card = page.locator('[data-testid="privacy-card"]');
    await card.scrollIntoViewIfNeeded();
    expect(await card.textContent()).toContain(settings);
    await page.click('[data-testid="retention-on"]');
    await page.fill('[data-testid="retention-months"]', '18');
    await page.click('[data-testid="retention-save"]');
    await expect.poll(async () => (await besked<{ months: number | null }>(page, 'privacy.retention', {})).months).toBe(18);
    await page.fill('[data-testid="privacy-number"]', '+45 20 00 00 55');
    await card.scrollIntoViewIfNeeded();
    await app.screenshot(`privacy-settings-${lang}`);
  });
});
