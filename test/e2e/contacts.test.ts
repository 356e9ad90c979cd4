// The contacts view in Chromium over web mode: importing a Danish Excel export (Windows-1252, semicolons)
// with bad rows, reading the report, saving the rejected rows, searching as you type, groups, a contact's
// consent, delete with undo and the hand-over to the composer; then 100,000 contacts scrolled end to end.
// Screenshots: test-results/contacts-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gotoView, openApp, type E2EApp } from './harness';
import { generateCsv } from '../bench/contacts.bench';

// As Excel in Denmark saves "CSV (semikolonsepareret)": Windows-1252, ';', CRLF, no byte order mark.
const EXPORT = [
  'Fornavn;Efternavn;Mobil;E-mail;Firma;Kunde nr.',
  'Søren;Ærøe;20 12 34 56;soren@bageriet.dk;Bageriet Ørsted;1001',
  'Åse;Holm;+45 30-12-34-56;ase@holm.dk;"Holm; Søn & Co";1002',
  'Bjørn;Østergaard;004540123456;;;1003',
  'Mette;Kjær;5012 3456;mette@kjaer.dk;;1004',
  'Ingen;Nummer;;x@y.dk;;1005',
  'Forkert;Nummer;12345678;;;1006',
  'Dårlig;Mail;60123456;ikke-en-mail;;1007',
  'Søren;Ærøe;+4520123456;;;',
].join('\r\n');

let tmp: string;

async function hideToasts(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.n-message-container { visibility: hidden !important; }' });
}

/** The names in the table's rendered rows, top to bottom. */
async function visibleNames(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="contact-row"] .name', (els) => els.map((e) => e.textContent ?? ''));
}

async function search(page: Page, text: string, count: RegExp, names?: string[]): Promise<void> {
  await page.fill('[data-testid="contacts-search"]', text);
  // The answer to this search, not the last one's (two searches often have the same count and names).
  await expect.poll(() => page.getAttribute('[data-testid="contacts-count"]', 'data-search'), { timeout: 10_000 }).toBe(text.trim());
  await expect.poll(() => page.textContent('[data-testid="contacts-count"]'), { timeout: 10_000 }).toMatch(count);
  if (names) await expect.poll(() => visibleNames(page), { timeout: 10_000 }).toEqual(names);
}

async function importFile(page: Page, path: string, group?: string): Promise<void> {
  await page.click('[data-testid="contacts-import"]');
  await page.setInputFiles('[data-testid="import-file"]', path);
  await page.waitForSelector('[data-testid="import-preview"]');
  if (group) {
    await page.click('[data-testid="import-group-new"]');
    await page.fill('[data-testid="import-group-name"]', group);
  }
}

describe('contacts in Chromium', () => {
  let app: E2EApp;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'besked-e2e-contacts-'));
    app = await openApp();
    await hideToasts(app.page);
    await gotoView(app.page, 'contacts');
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('starts empty and tells the owner what to do', async () => {
    await app.page.waitForSelector('text=No contacts yet');
    await app.screenshot('contacts-empty');
  });

  it('refuses files that are not CSV, in the dialog, with what to do instead', async () => {
    const { page } = app;
    await page.click('[data-testid="contacts-import"]');
    await page.setInputFiles('[data-testid="import-file"]', { name: 'kunder.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from([0x50, 0x4b, 3, 4, 20, 0, 6, 0]) });
    await expect.poll(() => page.textContent('[data-testid="import-error"]')).toMatch(/Excel workbook.*Save As/);
    await page.setInputFiles('[data-testid="import-file"]', { name: 'tom.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await expect.poll(() => page.textContent('[data-testid="import-error"]')).toMatch(/empty/);
    // A file over the cap is refused by its size alone, before a byte of it is read (a sparse file on disk).
    const huge = join(tmp, 'huge.csv');
    writeFileSync(huge, '');
    truncateSync(huge, 1024 * 1024 * 1024);
    await page.setInputFiles('[data-testid="import-file"]', huge);
    await expect.poll(() => page.textContent('[data-testid="import-error"]')).toBe('The file is 1,024 MB; Besked imports files up to 200 MB. Split it into smaller files.');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="import-dialog"]', { state: 'detached' });
  });

  it('imports a Latin-1 semicolon export with bad rows, reports every row and saves the rejected ones', async () => {
    const { page } = app;
    const file = join(tmp, 'kunder.csv');
    writeFileSync(file, Buffer.from(EXPORT, 'latin1'));
    await importFile(page, file, 'Kunder 2024');
    // Read right: Danish letters, the quoted semicolon, and the columns guessed from Danish headers.
    const rows = await page.textContent('[data-testid="import-rows"]');
    expect(rows).toContain('Søren');
    expect(rows).toContain('Holm; Søn & Co');
    expect(await page.textContent('[data-testid="import-warning"]')).toMatch(/Windows-1252/);
    expect(await page.textContent('[data-testid="import-target-2"]')).toContain('Phone number');
    expect(await page.textContent('[data-testid="import-target-5"]')).toContain('{kunde_nr}');
    await app.screenshot('contacts-import-preview');

    await page.click('[data-testid="import-start"]');
    await page.waitForSelector('[data-testid="import-report"]', { timeout: 30_000 });
    expect(await page.textContent('[data-testid="import-created"]')).toContain('4');
    expect(await page.textContent('[data-testid="import-merged"]')).toContain('1');
    expect(await page.textContent('[data-testid="import-rejected-rows"]')).toContain('No phone number');
    expect(await page.textContent('[data-testid="import-report"]')).toContain('Kunder 2024');
    expect(await page.textContent('[data-testid="import-reason-phone_invalid"]')).toContain('1');
    expect(await page.textContent('[data-testid="import-reason-email_invalid"]')).toContain('1');
    await app.screenshot('contacts-import-report');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="import-save-rejected"]')]);
    expect(download.suggestedFilename()).toMatch(/^kunder-rejected-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Fornavn;Efternavn;Mobil;E-mail;Firma;Kunde nr.;Row;Reason');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe('Ingen;Nummer;;x@y.dk;;1005;6;No phone number.');
    expect(lines[3]).toMatch(/^Dårlig;Mail;60123456;ikke-en-mail;;1007;8;/);

    await page.click('[data-testid="import-done"]');
    await page.waitForSelector('[data-testid="contacts-table"]');
    await expect.poll(() => page.textContent('[data-testid="contacts-count"]')).toMatch(/^4 contacts$/);
    // The count and the rows are rendered from two answers: the rows may follow the count by a moment.
    await expect.poll(() => visibleNames(page)).toEqual(['Bjørn Østergaard', 'Mette Kjær', 'Søren Ærøe', 'Åse Holm']);
  });

  it('searches as you type: names, any number format, email and custom fields', async () => {
    const { page } = app;
    await search(page, 'sør', /^1 of 4$/, ['Søren Ærøe']);
    await search(page, '+45 20 12', /^1 of 4$/, ['Søren Ærøe']);
    await search(page, '0045 3012', /^1 of 4$/, ['Åse Holm']);
    await search(page, 'kjaer.dk', /^1 of 4$/, ['Mette Kjær']);
    await search(page, '1003', /^1 of 4$/, ['Bjørn Østergaard']);
    await search(page, 'holm søn', /^1 of 4$/, ['Åse Holm']);
    await app.screenshot('contacts-search');
    await search(page, 'zzz', /^0 of 4$/);
    await page.waitForSelector('[data-testid="contacts-no-matches"]');
    await search(page, '', /^4 contacts$/, ['Bjørn Østergaard', 'Mette Kjær', 'Søren Ærøe', 'Åse Holm']);
  });

  it('creates a group and adds the selected contacts to it', async () => {
    const { page } = app;
    await page.click('[data-testid="group-create"]');
    await page.fill('[data-testid="group-name"]', 'VIP');
    await page.click('[data-testid="group-save"]');
    const vip = page.locator('[data-group-name="VIP"]');
    await expect.poll(() => vip.textContent()).toMatch(/VIP\s*0/);

    const checks = page.locator('[data-testid="contact-row"] [data-testid="contact-check"]');
    await checks.nth(0).click();
    await checks.nth(2).click();
    await expect.poll(() => page.textContent('[data-testid="selected-count"]')).toBe('2 selected');
    await page.click('[data-testid="bulk-add-group"]');
    await page.click('.n-dropdown-option:has-text("VIP")');
    await expect.poll(() => vip.textContent()).toMatch(/VIP\s*2/);
    await page.click('[data-testid="bulk-bar"] >> text=Clear selection');

    await vip.click();
    await expect.poll(() => page.textContent('[data-testid="contacts-count"]')).toMatch(/^2 of 4$/);
    await expect.poll(() => visibleNames(page)).toEqual(['Bjørn Østergaard', 'Søren Ærøe']);
    await app.screenshot('contacts-groups');
    await page.click('[data-testid="group-all"]');
    await expect.poll(() => page.textContent('[data-testid="contacts-count"]')).toMatch(/^4 contacts$/);
  });

  it("opens a contact's details, opts the number out and shows the badge and the consent log", async () => {
    const { page } = app;
    await page.click('[data-testid="contact-row"]:has-text("Mette")');
    await page.waitForSelector('[data-testid="contact-drawer"]');
    await expect.poll(() => page.inputValue('[data-testid="contact-phone"]')).toBe('+4550123456');
    expect(await page.inputValue('[data-testid="contact-email"]')).toBe('mette@kjaer.dk');
    await page.click('[data-testid="contact-opt-out"]');
    await expect.poll(() => page.textContent('[data-testid="contact-consent"]')).toMatch(/Opted out/);
    expect(await page.textContent('[data-testid="consent-history"]')).toMatch(/Opted out · by hand.*by you \(in Besked\)/s);
    await app.screenshot('contacts-detail');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid="contact-row"]:has-text("Mette") [data-testid="opted-out-badge"]').count()).toBe(1);

    // A name too long for its column is cut, not the badge, and shows whole on hover.
    const long = 'Kjær-Vestergaard Christiansen Østergaard Andersen Lykkegaard';
    await page.click('[data-testid="contact-row"]:has-text("Mette")');
    // The drawer fills its fields when the contact arrives: typing before that would be overwritten by it.
    await expect.poll(() => page.inputValue('[data-testid="contact-phone"]')).toBe('+4550123456');
    await page.fill('[data-testid="contact-last-name"]', long);
    await page.click('[data-testid="contact-save"]');
    await page.keyboard.press('Escape');
    const name = page.locator('[data-testid="contact-row"]:has-text("Mette") .name');
    await expect.poll(() => name.getAttribute('title')).toBe(`Mette ${long}`);
    const fit = await page.locator('[data-testid="contact-row"]:has-text("Mette") [data-testid="opted-out-badge"]').evaluate((badge) => {
      const cell = badge.closest('td')!.getBoundingClientRect();
      const b = badge.getBoundingClientRect();
      const n = badge.parentElement!.querySelector('.name')!;
      return { badgeWhole: badge.scrollWidth <= badge.clientWidth + 1 && b.right <= cell.right + 1, nameCut: n.scrollWidth > n.clientWidth };
    });
    expect(fit).toEqual({ badgeWhole: true, nameCut: true });
    await app.screenshot('contacts-long-name');
  });

  it('deletes with undo, and hands a selection to the composer', async () => {
    const { page } = app;
    await page.locator('[data-testid="contact-row"]:has-text("Åse") [data-testid="contact-check"]').click();
    await page.click('[data-testid="bulk-delete"]');
    await page.click('.n-dialog .n-button--error-type, .n-dialog .n-button--warning-type');
    await page.waitForSelector('[data-testid="undo-bar"]');
    await expect.poll(() => page.textContent('[data-testid="contacts-count"]')).toMatch(/^3 contacts$/);
    await page.click('[data-testid="undo-delete"]');
    await expect.poll(() => page.textContent('[data-testid="contacts-count"]')).toMatch(/^4 contacts$/);
    await expect.poll(() => visibleNames(page)).toContain('Åse Holm');

    await page.locator('[data-testid="contact-row"]:has-text("Søren") [data-testid="contact-check"]').click();
    await page.click('[data-testid="bulk-send"]');
    await page.waitForSelector('[data-view="compose"]');
    expect(page.url()).toMatch(/#\/compose\?/);
  });
});

describe('100,000 contacts in Chromium', () => {
  let app: E2EApp;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'besked-e2e-contacts-'));
    app = await openApp();
    await hideToasts(app.page);
    await gotoView(app.page, 'contacts');
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('imports a 10 MB file and scrolls from top to bottom, fetching only what is shown', async () => {
    const { page } = app;
    const file = join(tmp, 'alle-kunder.csv');
    writeFileSync(file, generateCsv(100_000));
    await importFile(page, file);
    await page.click('[data-testid="import-start"]');
    await page.waitForSelector('[data-testid="import-report"]', { timeout: 120_000 });
    expect(await page.textContent('[data-testid="import-created"]')).toContain('100,000');
    await page.click('[data-testid="import-done"]');
    await expect.poll(() => page.textContent('[data-testid="contacts-count"]'), { timeout: 20_000 }).toBe('100,000 contacts');

    // The count comes before the table has drawn its rows again after the import: scroll once it has.
    await expect.poll(async () => (await visibleNames(page)).length, { timeout: 20_000 }).toBeGreaterThan(5);
    // Scroll in steps as a mouse wheel would. How smooth that is, is a benchmark (ui.contacts_scroll.p95_frame_ms),
    // not a test: a timed assertion fails on a busy machine for reasons that are not bugs. The scroller is found at
    // each step, as the table may draw its body anew while rows arrive.
    await page.evaluate(async () => {
      const scroller = () => document.querySelector('[data-testid="contacts-table"] .v-vl, [data-testid="contacts-table"] .n-scrollbar-container') as HTMLElement | null;
      for (let i = 0; i < 120; i++) {
        const body = scroller();
        if (body) body.scrollTop += 1200;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
    });

    // Jump to the end: the last rows arrive from the core and replace their placeholders.
    await page.evaluate(() => {
      const body = document.querySelector('[data-testid="contacts-table"] .v-vl, [data-testid="contacts-table"] .n-scrollbar-container') as HTMLElement;
      body.scrollTop = body.scrollHeight;
    });
    // Both at once: right after the jump the list may not have drawn its new rows (or placeholders) yet.
    const settled = async () => ({
      pending: await page.locator('[data-testid="contact-row-pending"]').count(),
      manyNames: (await visibleNames(page)).length > 5,
    });
    await expect.poll(settled, { timeout: 10_000 }).toEqual({ pending: 0, manyNames: true });
    await app.screenshot('contacts-100k-bottom');

    await search(page, 'søren jen', /^\d[\d,]* of 100,000$/);
    // Every word typed starts a word of the contact: "Søren Jensen", "Jens Sørensen".
    const mismatches = async () => {
      const found = await visibleNames(page);
      return found.length > 5 ? found.filter((n) => !/\bsøren/i.test(n) || !/\bjen/i.test(n)) : ['(too few rows)'];
    };
    await expect.poll(mismatches, { timeout: 10_000 }).toEqual([]);
    await app.screenshot('contacts-100k-search');
  });
});
