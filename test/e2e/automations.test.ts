// Automations in Chromium over web mode, on the built-in test gateway, in Danish and in English: a birthday greeting
// and an opening-hours auto-reply set up from the example set-ups; the next sends with the date, one recipient and a
// cost, and the contact whose birthday cannot be read named; the test gateway's clock moved past the send time from
// the Sandbox tools and the run shown as sent in the history, linked to its campaign; a customer's "åben?" played
// from the Sandbox tools answered, in the history and in the inbox.
// Screenshots: test-results/automations-{list,editor,history,reply-history}-{da,en}.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { da } from '../../src-renderer/i18n/da';
import { en } from '../../src-renderer/i18n/en';
import { gotoView, openApp, type E2EApp, besked } from './harness';
import { closeTools, openTools } from './sandbox-drawer';

// Both end in 1: the test gateway delivers to them.
const METTE = 4520304051;
const JENS = 4520304071;
const ZONE = 'Europe/Copenhagen';
const SEND_HOUR = 9;

/** The calendar day after `iso` in Copenhagen, as year, month and day. */
function tomorrowIn(iso: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const next = new Date(Date.UTC(n('year'), n('month') - 1, n('day') + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The hour of `iso` on Copenhagen's clock and the day it falls on, to tell whether the send time has passed. */
function copenhagenDayHour(iso: string): { key: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const v = (type: string) => parts.find((p) => p.type === type)!.value;
  return { key: `${v('year')}-${v('month')}-${v('day')}`, hour: Number(v('hour')) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Contacts as a shop's CSV names them: the birthday column is "Fødselsdag", day first, and one value is not a date. */
async function importContacts(page: Page, birthday: string): Promise<void> {
  const csv = `Fornavn;Efternavn;Mobil;Fødselsdag\r\nMette;Holm;${METTE};${birthday}\r\nJens;Berg;${JENS};sidst i maj\r\n`;
  const bytes = Buffer.from(csv, 'utf8');
  const { importId } = await besked<{ importId: string }>(page, 'contacts.importBegin', { fileName: 'kunder.csv', bytes: bytes.length });
  await besked(page, 'contacts.importChunk', { importId, offset: 0, base64: bytes.toString('base64') });
  const p = await besked<{ mapping: unknown[] }>(page, 'contacts.importPreview', { importId });
  const mapping = [...p.mapping.slice(0, 3), { custom: 'fodselsdag', label: 'Fødselsdag' }];
  await besked(page, 'contacts.importRun', { importId, mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
}

/** "New automation", then one of the example set-ups: the editor opens with it filled in. */
async function startFromExample(page: Page, example: string): Promise<void> {
  await gotoView(page, 'automations');
  await page.click('[data-testid="new-automation"]');
  await page.click(`[data-testid="example-${example}"]`);
  await page.waitForSelector('[data-view="automation"] [data-testid="switch-on"]');
}

/** Switches the automation in the editor on (saving it first) and confirms; waits until it is on. */
async function switchOn(page: Page): Promise<void> {
  await page.click('[data-testid="switch-on"]:not([disabled])', { timeout: 20_000 });
  await page.click('.n-dialog [data-testid="confirm-switch-on"]');
  await page.waitForSelector('[data-view="automation"] [data-testid="pause"]', { timeout: 20_000 });
}

const showHistory = (page: Page) => page.click('[data-view="automation"] .n-tabs-tab[data-name="history"]');

const languages = [
  { lang: 'da', words: da, inbound: 'åben?' },
  { lang: 'en', words: en, inbound: 'open?' },
] as const;

describe.each(languages)('automations in $lang', ({ lang, words, inbound }) => {
  let app: E2EApp;
  let birthdayId = 0;

  beforeAll(async () => {
    app = await openApp();
    // Toasts would cover the panels in the screenshots, and a screenshot must not catch a drawer sliding in.
    await app.page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }',
    });
    await besked(app.page, 'settings.update', { defaultSender: 'Bageriet', language: lang });
    await app.page.waitForFunction((l) => document.documentElement.lang === l, lang);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('sets up a birthday greeting, shows its next sends, and sends it when the test gateway’s clock passes its time', async () => {
    const { page } = app;
    const gatewayNow = (await besked<{ now: string }>(page, 'sandbox.state', {})).now;
    const birthday = tomorrowIn(gatewayNow);
    // Born in a leap year, so a birthday tomorrow on 29 February is a real date too.
    await importContacts(page, `${pad(birthday.day)}-${pad(birthday.month)}-1992`);

    await startFromExample(page, 'birthday');
    // The example found the contacts' "Fødselsdag" field and took its name and text from the UI's language.
    expect(await page.inputValue('[data-testid="automation-name"] input')).toBe(words.automations.examples.birthday.name);
    expect(await page.textContent('[data-testid="date-field"]')).toContain('Fødselsdag');

    // The next sends: tomorrow at 09:00, one recipient (Mette; Jens's date cannot be read), and a price.
    const first = page.locator('[data-testid="next-row"]').first();
    await first.waitFor({ timeout: 20_000 });
    const cells = await first.locator('td').allTextContents();
    const atSendTime = new RegExp(`\\b${birthday.day}\\b.*${birthday.year}.*0?${SEND_HOUR}[:.]00`);
    expect(cells[0]).toMatch(atSendTime);
    expect(cells[1]).toBe('1');
    expect(cells[2]).toMatch(/\d/);
    expect(cells[2]).not.toBe(words.automations.next.noCost);
    await page.waitForSelector('[data-testid="next-unreadable"]:has-text("Jens Berg")');
    expect(await page.textContent('[data-testid="next-unreadable"]')).toContain('sidst i maj');
    await app.screenshot(`automations-editor-${lang}`);

    await switchOn(page);
    birthdayId = Number(/automations\/(\d+)/.exec(page.url())![1]);

    // The customer's birthday comes on the test gateway's clock: a day at a time until 09:00 tomorrow has passed
    // (twice when this runs just after midnight, as the run is handed over only within the 24-hour look-ahead).
    const sendDay = `${birthday.year}-${pad(birthday.month)}-${pad(birthday.day)}`;
    for (let i = 0; i < 3; i++) {
      const now = copenhagenDayHour((await besked<{ now: string }>(page, 'sandbox.state', {})).now);
      if (now.key > sendDay || (now.key === sendDay && now.hour >= SEND_HOUR + 1)) break;
      await openTools(page);
      const before = await page.textContent('[data-testid="sandbox-clock"]');
      await page.click('[data-testid="sandbox-clock-day1"]');
      await expect.poll(() => page.textContent('[data-testid="sandbox-clock"]'), { timeout: 15_000 }).not.toBe(before);
      await closeTools(page);
    }

    // The history shows the run as sent, to Mette, linked to its campaign.
    await showHistory(page);
    const sent = page.locator('[data-testid^="history-run-"]:has([data-testid="history-state-sent"])');
    await sent.first().waitFor({ timeout: 30_000 });
    expect(await sent.count()).toBe(1);
    expect(await sent.textContent()).toContain('Mette Holm');
    // At 09:00 as the next sends said: the history reads the automation's time zone, whatever this computer's is.
    expect(await sent.locator('td').first().textContent()).toMatch(atSendTime);
    await app.screenshot(`automations-history-${lang}`);
    await sent.locator('[data-testid^="history-campaign-"]').click();
    await page.waitForSelector('[data-view="campaign"]');

    // The list: on, with one sent.
    await gotoView(page, 'automations');
    const row = page.locator(`[data-testid="automation-row-${birthdayId}"]`);
    await row.locator('[data-testid="state-active"]').waitFor();
    await expect.poll(() => row.locator('[data-testid="count-sent"]').textContent()).toContain('1');
  }, 180_000);

  it('answers the opening-hours keyword from the example set-up, in the history and in the inbox', async () => {
    const { page } = app;
    const reply = words.automations.examples.keywordOpen.text;
    await startFromExample(page, 'keywordOpen');
    expect(await page.inputValue('[data-testid="automation-name"] input')).toBe(words.automations.examples.keywordOpen.name);
    await page.waitForSelector('[data-testid="next-per-message"]', { timeout: 20_000 });
    await switchOn(page);

    // Mette texts the keyword, played from the Sandbox tools; the inbox is fetched at once and the rule answers.
    await openTools(page, 'Mette');
    await page.fill('[data-testid="sandbox-reply-text"] textarea', inbound);
    await page.click('[data-testid="sandbox-reply-send"]');
    await expect.poll(() => page.inputValue('[data-testid="sandbox-reply-text"] textarea')).toBe('');
    expect(await page.isVisible('[data-testid="sandbox-tools-error"]')).toBe(false);
    await closeTools(page);

    await showHistory(page);
    const replied = page.locator('[data-testid^="history-reply-"]:has([data-testid="history-state-replied"])');
    await replied.first().waitFor({ timeout: 30_000 });
    expect(await replied.count()).toBe(1);
    expect(await replied.locator('[data-testid="history-text"]').textContent()).toBe(`“${inbound}”`);
    expect(await replied.textContent()).toContain('Mette Holm');
    await app.screenshot(`automations-reply-history-${lang}`);

    // The conversation holds the customer's text and the answer. (Not in a set order: the text carries the test
    // gateway's clock, moved on a day above, the answer this computer's.) The unread badge covers the middle of the
    // menu item, so the click goes to the start of its label.
    await page.click('[data-nav="inbox"]', { position: { x: 4, y: 4 } });
    await page.waitForSelector('[data-view="inbox"]');
    await page.click(`[data-testid="conversation-${METTE}"]`);
    await page.waitForSelector('[data-testid="thread"]');
    const thread = () => page.$$eval('[data-testid="thread-item"]', (els) => els.map((e) => `${e.getAttribute('data-direction')}: ${e.textContent ?? ''}`));
    await expect.poll(async () => (await thread()).length, { timeout: 20_000 }).toBe(3);
    const items = await thread();
    expect(items.filter((i) => i.startsWith('in: '))).toEqual([expect.stringContaining(inbound)]);
    expect(items.filter((i) => i.startsWith('out: ') && i.includes(reply))).toHaveLength(1);
    expect(items.filter((i) => i.startsWith('out: ') && i.includes(`${words.automations.examples.birthday.text.split('{first_name}')[0]}Mette`))).toHaveLength(1);

    await gotoView(page, 'automations');
    await page.waitForSelector('[data-testid="automations-table"] [data-testid="count-replies"]');
    await app.screenshot(`automations-list-${lang}`);
  }, 120_000);
});
