// A team in Chromium: `npm run server`'s entry on 127.0.0.1 with its own self-signed certificate (browser contexts
// that accept it, as a user who checked the fingerprint does). The owner opens the new server, sets it up and invites
// Bo; Bo opens the link in a second browser, chooses a password and is in. A customer's text arrives on the test
// gateway; the owner assigns the conversation to Bo; Bo answers it while the owner watches the same conversation show
// "Bo is replying…" and then Bo's answer, without reloading. In English and Danish; screenshots in test-results/.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { besked, gotoView, launchBrowser, RESULTS } from './harness';
import { setUpOwner, startServer, type ServerProcess } from './team-server';

const PASSWORD = 'correct horse battery staple';
const CUSTOMER = 4520304071;

async function newWindow(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 820 }, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function hideToasts(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.n-message-container { visibility: hidden !important; }' });
}

async function openConversation(page: Page, msisdn: number): Promise<void> {
  await page.click(`[data-testid="conversation-${msisdn}"]`);
  await page.waitForFunction((n) => location.hash.includes(`conversation=${n}`), msisdn);
  await page.waitForSelector('[data-testid="thread"]');
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(RESULTS, `${name}.png`), fullPage: false });

const languages = [
  { lang: 'en' as const, customer: 'Do you have time on Saturday?', answer: 'Yes, 10 o’clock works. See you!', replying: 'Bo is replying…', by: 'by Bo' },
  { lang: 'da' as const, customer: 'Har I tid lørdag?', answer: 'Ja, kl. 10 passer fint. Vi ses!', replying: 'Bo skriver et svar…', by: 'af Bo' },
];

let server: ServerProcess | null = null;
let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  server = null;
});

describe.each(languages)('a team in $lang', ({ lang, customer, answer, replying, by }) => {
  it('owner sets up and invites; staff joins and answers the text assigned to them while the owner watches', async () => {
    mkdirSync(RESULTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();

    // The owner opens the new server: it asks for its owner.
    const owner = await newWindow(browser, server.url);
    await setUpOwner(owner, 'Anna', PASSWORD);
    await besked(owner, 'settings.update', { language: lang });
    await hideToasts(owner);

    // The owner invites Bo as staff and copies the one-time link.
    await gotoView(owner, 'team');
    await owner.click('[data-testid="team-invite"]');
    await owner.fill('[data-testid="invite-name"] input', 'Bo');
    await owner.click('[data-testid="invite-role-staff"]');
    await owner.click('[data-testid="invite-submit"]');
    const link = await owner.inputValue('[data-testid="one-time-link-url"] input');
    await owner.waitForSelector('[data-testid="invite-form"]', { state: 'detached' });
    expect(link).toMatch(new RegExp(`^${server.url}/#/join/[A-Za-z0-9_-]{16,}$`));
    await shot(owner, `team-${lang}-invite-link`);
    await owner.click('[data-testid="one-time-link-done"]');

    // Bo opens the link in his own browser and chooses a password.
    const staff = await newWindow(browser, link);
    await staff.waitForSelector('[data-testid="join-form"]');
    expect(await staff.inputValue('[data-testid="team-name"] input')).toBe('Bo');
    await staff.fill('[data-testid="team-password"] input', PASSWORD);
    await staff.fill('[data-testid="team-password-again"] input', PASSWORD);
    await staff.waitForSelector('[data-testid="join-submit"]:not([disabled])');
    await staff.locator('[data-testid="join-submit"]').blur();
    await shot(staff, `team-${lang}-join`);
    await staff.click('[data-testid="join-submit"]');
    await staff.waitForSelector('[data-testid="user-menu"]');
    // The server's language reaches Bo's window once it has loaded the settings he may now read.
    await expect.poll(() => staff.textContent('[data-testid="user-role"]')).toMatch(lang === 'en' ? /Staff/ : /Medarbejder/);
    await hideToasts(staff);

    // A customer writes in (the test gateway plays the customer); the owner assigns the conversation to Bo.
    await besked(owner, 'sandbox.reply', { phone: `+${CUSTOMER}`, text: customer });
    await gotoView(owner, 'inbox');
    await owner.waitForSelector(`[data-testid="conversation-${CUSTOMER}"]`);
    await openConversation(owner, CUSTOMER);
    await owner.click('[data-testid="assignee-picker"]');
    await owner.click('.n-base-select-option:has-text("Bo")');
    await expect.poll(() => owner.textContent('[data-testid="assignee-picker"]')).toContain('Bo');

    // Bo sees it, opens it and writes; the owner's window shows him replying, then his answer, without a reload.
    await gotoView(staff, 'inbox');
    await staff.waitForSelector(`[data-testid="conversation-${CUSTOMER}"]`);
    await openConversation(staff, CUSTOMER);
    await staff.fill('[data-testid="reply-input"] textarea', answer);
    await expect.poll(() => owner.textContent('[data-testid="presence"]'), { timeout: 10_000 }).toContain(replying);
    await shot(owner, `team-${lang}-owner-sees-replying`);
    await staff.click('[data-testid="reply-send"]');
    await expect.poll(() => owner.textContent('[data-testid="thread"]'), { timeout: 10_000 }).toContain(answer);
    await expect.poll(() => owner.textContent('[data-testid="thread"]')).toContain(by);
    await expect.poll(() => owner.textContent('[data-testid="presence"]').then((t) => t ?? ''), { timeout: 10_000 }).not.toContain(replying);
    // The list's last text too.
    await expect.poll(() => owner.textContent(`[data-testid="conversation-${CUSTOMER}"]`)).toContain(answer.slice(0, 12));
    await shot(owner, `team-${lang}-owner-sees-answer`);
    await shot(staff, `team-${lang}-staff-answered`);
  });
});
