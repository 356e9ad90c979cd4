// The composer and campaigns in Chromium over web mode, in Sandbox: a group of customers, a message with a merge
// field and an emoji fixed to GSM-7 with one click (and undone and redone with the keyboard), each recipient's
// text, the cost before sending, the send, its progress and the finished campaign; and why recipients failed, in
// Danish and English. Screenshots: test-results/compose-*.png and campaigns-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoView, openApp, type E2EApp } from './harness';
import { axe, SEVERE } from './axe-audit';

const GROUP_SIZE = 2500;
const NAMES = ['Anna', 'Bo', 'Carl', 'Dorte', 'Emil', 'Frida', ''];

/** Serious and critical accessibility violations on the page as it is now, in words. */
async function severeA11y(page: Page): Promise<string[]> {
  const findings = await axe(page, 'compose', undefined, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  return findings.filter((f) => SEVERE.has(f.impact)).map((f) => `${f.id}: ${f.help} — ${f.nodes.slice(0, 3).join(', ')}`);
}

/** Toasts pile up over the views in screenshots, and popovers caught mid-fade are unreadable. */
async function steadyScreens(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }' });
}

/** A group of customers made through the contract, as the contacts view would. */
async function seedGroup(page: Page): Promise<void> {
  await page.evaluate(
    async ({ size, names }) => {
      const must = async <T,>(p: Promise<{ ok: boolean; value?: T; error?: { message: string } }>): Promise<T> => {
        const r = await p;
        if (!r.ok) throw new Error(r.error!.message);
        return r.value as T;
      };
      const group = await must<{ id: number }>(window.besked.call('groups.create', { name: 'Regulars' }) as never);
      const batch = 100;
      for (let i = 0; i < size; i += batch) {
        await Promise.all(
          Array.from({ length: Math.min(batch, size - i) }, (_, j) => {
            const n = i + j;
            return must(window.besked.call('contacts.create', { firstName: names[n % names.length]!, lastName: `Kunde${n}`, phone: `+45${20000000 + n}`, groupIds: [group.id] }) as never);
          }),
        );
      }
      // Six thousand a minute: the campaign goes out in three steps, ten seconds apart, so its progress can be watched.
      await must(
        window.besked.call('settings.update', {
          sendingLimits: { campaignCap: null, dailyCap: null, maxParts: null, quietHours: null, messagesPerMinute: 6000 },
          defaultSender: 'Bageriet',
        }) as never,
      );
    },
    { size: GROUP_SIZE, names: NAMES },
  );
}

describe('composing and sending a campaign in Sandbox', () => {
  let app: E2EApp;

  beforeAll(async () => {
    app = await openApp();
    await steadyScreens(app.page);
    await seedGroup(app.page);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('composes with a merge field and an emoji, fixes it to GSM-7 in one click, checks the cost, sends and watches it finish', async () => {
    const { page } = app;
    await gotoView(page, 'compose');
    await page.waitForSelector('[data-testid="message-text"]');
    expect(await page.inputValue('[data-testid="sender"] input')).toBe('Bageriet');

    // Recipients: the group.
    await page.click('[data-testid="recipient-groups"]');
    await page.click(`.n-base-select-option:has-text("Regulars (2,500)")`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.textContent('[data-testid="recipient-count"]'), { timeout: 20_000 }).toBe('2,500 recipients');

    // Text: a greeting with the first-name field inserted from the menu, and an emoji.
    await page.click('[data-testid="message-text"]');
    await page.keyboard.type('Hi ');
    await page.click('[data-testid="insert-field"]');
    await page.click('.n-dropdown-option:has-text("{first_name}")');
    await page.keyboard.type(', fresh bread today ');
    await page.keyboard.insertText('🥐');
    await page.keyboard.type(' - 20% off until 18:00!');
    expect(await page.inputValue('[data-testid="message-text"]')).toBe('Hi {first_name}, fresh bread today 🥐 - 20% off until 18:00!');
    await page.fill('[data-testid="fallback-first_name"] input', 'friend');

    // The counter: Unicode because of the emoji, which is highlighted.
    await expect.poll(() => page.textContent('[data-testid="counter-encoding"]')).toContain('Unicode');
    expect(await page.textContent('[data-testid="ucs2-chars"]')).toContain('🥐');
    expect(await page.textContent('[data-testid="counter-parts"]')).toBe('1 part');
    await page.click('[data-testid="refresh-prices"]');
    await expect.poll(() => page.textContent('[data-testid="counter-personalised"]'), { timeout: 20_000 }).toContain('1 part per recipient');
    await app.screenshot('compose-unicode');

    // One click to GSM-7, showing what changes.
    await page.click('[data-testid="gsm-fix"]');
    await page.waitForSelector('[data-testid="gsm-fix-panel"]');
    expect(await page.textContent('[data-testid="gsm-fix-panel"]')).toMatch(/🥐\s*is taken out/);
    await app.screenshot('compose-gsm-fix');
    await page.click('[data-testid="gsm-fix-apply"]');
    expect(await page.inputValue('[data-testid="message-text"]')).toBe('Hi {first_name}, fresh bread today - 20% off until 18:00!');
    await expect.poll(() => page.textContent('[data-testid="counter-encoding"]')).toBe('GSM-7');
    // The change is part of the editor's own undo history.
    await page.keyboard.press('Control+z');
    expect(await page.inputValue('[data-testid="message-text"]')).toContain('🥐');
    await page.keyboard.press('Control+Shift+z');
    expect(await page.inputValue('[data-testid="message-text"]')).not.toContain('🥐');
    await expect.poll(() => page.textContent('[data-testid="counter-encoding"]')).toBe('GSM-7');

    // Each recipient's own text, stepping through them; the fallback where a contact has no first name.
    await expect.poll(() => page.textContent('[data-testid="preview-text"]'), { timeout: 20_000 }).toBe('Hi Anna, fresh bread today - 20% off until 18:00!');
    expect(await page.textContent('[data-testid="preview-position"]')).toBe('1 of 2,500');
    const seen = new Set<string>();
    for (let i = 0; i < NAMES.length; i++) {
      seen.add((await page.textContent('[data-testid="preview-text"]'))!);
      const before = await page.textContent('[data-testid="preview-position"]');
      await page.click('[data-testid="preview-next"]');
      await expect.poll(() => page.textContent('[data-testid="preview-position"]')).not.toBe(before);
    }
    expect([...seen].some((s) => s.startsWith('Hi friend,'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('Hi Bo,'))).toBe(true);

    // The cost before sending: 2500 × 1 part × 0.13 DKK, priced from the cached list, against the balance.
    await expect.poll(() => page.textContent('[data-testid="cost-total"]'), { timeout: 20_000 }).toMatch(/325\.00/);
    expect(await page.textContent('[data-testid="cost-parts"]')).toBe('2,500');
    expect(await page.textContent('[data-testid="price-age"]')).toMatch(/Price list updated/);
    expect(await page.textContent('[data-testid="cost-balance"]')).toMatch(/\d/);
    await expect.poll(() => page.textContent('[data-testid="draft-saved"]')).toBe('Draft saved');
    await app.screenshot('compose-cost');

    // Send, confirming the cost.
    await page.click('[data-testid="send"]');
    await page.waitForSelector('.n-dialog');
    expect(await page.textContent('.n-dialog')).toMatch(/2,500 recipients, 2,500 SMS parts, DKK\s?325\.00/);
    await page.click('[data-testid="confirm-send"]');
    await page.waitForSelector('[data-view="campaign"]');
    await page.waitForSelector('.n-dialog', { state: 'detached' });

    // Progress: the first thousand out, the rest waiting for the rate the user set.
    await expect.poll(() => page.textContent('[data-testid="campaign-progress-text"]').catch(() => ''), { timeout: 20_000 }).toBe('1,000 of 2,500');
    expect(await page.textContent('[data-testid="frozen-note"]')).toMatch(/recipient list was fixed/);
    await app.screenshot('campaigns-progress');
    await gotoView(page, 'campaigns');
    await page.waitForSelector('[data-testid="campaigns-table"][data-loaded="true"] [data-testid="campaign-progress"]');
    await app.screenshot('campaigns-list-sending');

    // Finished: every recipient accepted, the charge shown.
    await page.click('[data-testid^="campaign-row-"]');
    await page.waitForSelector('[data-view="campaign"]');
    await page.waitForSelector('[data-testid="campaign-state"][data-state="sent"]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="detail-accepted"]')).toBe('2,500');
    // Charged as the gateway reports it: at most the estimate (it does not charge messages it refuses downstream).
    await expect.poll(() => page.textContent('[data-testid="detail-cost"]')).toMatch(/DKK\s?3\d\d\.\d\d/);
    const charged = Number((await page.textContent('[data-testid="detail-cost"]'))!.replace(/[^\d.]/g, ''));
    expect(charged).toBeLessThanOrEqual(325);
    expect(charged).toBeGreaterThan(300);
    await expect.poll(async () => (await page.$$('[data-testid="recipient-status"]')).length).toBeGreaterThan(0);
    await app.screenshot('campaigns-sent');
    expect(await severeA11y(page)).toEqual([]);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-csv"]')]);
    expect(csv.suggestedFilename()).toMatch(/results-\d{4}-\d{2}-\d{2}\.csv$/);

    await gotoView(page, 'campaigns');
    await page.waitForSelector('[data-testid="campaigns-table"][data-loaded="true"] [data-testid="campaign-state"][data-state="sent"]');
    await app.screenshot('campaigns-list');
    expect(await severeA11y(page)).toEqual([]);
  });

  it('takes sending limits from Settings and refuses a message over the per-campaign cap before anything goes out', async () => {
    const { page } = app;
    await gotoView(page, 'settings');
    await page.waitForSelector('[data-testid="sending-limits"]');
    await page.fill('[data-testid="sending-limits"] input[aria-label="Most one message may cost"]', '100');
    await page.click('[data-testid="save-limits"]');
    await expect
      .poll(() => page.evaluate(async () => ((await window.besked.call('settings.get', {})) as { value: { settings: { sendingLimits: { campaignCap: number | null } } } }).value.settings.sendingLimits.campaignCap))
      .toBe(100);
    await page.locator('[data-testid="sending-limits"]').scrollIntoViewIfNeeded();
    await app.screenshot('compose-limits-settings');

    await gotoView(page, 'compose');
    await page.click('[data-testid="new-message"]');
    await page.waitForSelector('[data-testid="message-text"]');
    await page.click('[data-testid="recipient-groups"]');
    await page.click(`.n-base-select-option:has-text("Regulars (2,500)")`);
    await page.keyboard.press('Escape');
    await page.fill('[data-testid="message-text"]', 'Weekend opening hours: 9-14.');
    await expect.poll(() => page.textContent('[data-testid="problems"]').catch(() => ''), { timeout: 20_000 }).toMatch(/more than your limit of DKK\s?100\.00 per campaign/);
    expect(await page.isDisabled('[data-testid="send"]')).toBe(true);
    await app.screenshot('compose-over-cap');
    expect(await severeA11y(page)).toEqual([]);
  });

  it('lists no draft for a "New message" left without typing, and lists it once something is typed', async () => {
    const { page } = app;
    const draftRows = async () => {
      await gotoView(page, 'campaigns');
      // The view shows the list it had until its own load answers: wait until it shows what the core lists now.
      const listed = await page.evaluate(async () =>
        ((await window.besked.call('campaigns.list', {})) as { value: { campaigns: { id: number }[] } }).value.campaigns.map((c) => `campaign-row-${c.id}`),
      );
      await expect.poll(() => page.$$eval('[data-testid^="campaign-row-"]', (rows) => rows.map((r) => r.getAttribute('data-testid')))).toEqual(listed);
      return page.$$eval('[data-testid^="campaign-row-"]', (rows) =>
        rows.filter((r) => r.querySelector('[data-testid="campaign-state"][data-state="draft"]')).map((r) => r.textContent ?? ''),
      );
    };
    const before = await draftRows();

    await gotoView(page, 'compose');
    await page.click('[data-testid="new-message"]');
    await expect.poll(() => page.inputValue('[data-testid="message-text"]')).toBe('');
    expect(await draftRows()).toEqual(before);

    // Back in the composer the same draft is still open; a text makes it one to keep.
    await gotoView(page, 'compose');
    await page.fill('[data-testid="message-text"]', 'Fresh rye bread on Saturday.');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const r = (await window.besked.call('campaigns.list', {})) as { value: { campaigns: { textPreview: string }[] } };
          return r.value.campaigns.some((c) => c.textPreview.includes('Fresh rye bread'));
        }),
      )
      .toBe(true);
    const after = await draftRows();
    expect(after).toHaveLength(before.length + 1);
    expect(after.some((row) => row.includes('Fresh rye bread on Saturday.'))).toBe(true);
  });
});

describe('a campaign with undeliverable numbers, in Danish', () => {
  let app: E2EApp;

  beforeAll(async () => {
    app = await openApp();
    await steadyScreens(app.page);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A call through the contract, as a view would make it. */
  async function call<T>(name: string, input: unknown): Promise<T> {
    const r = (await app.page.evaluate(([n, i]) => window.besked.call(n as never, i as never), [name, input] as const)) as { ok: boolean; value?: T; error?: { message: string } };
    if (!r.ok) throw new Error(`${name}: ${r.error?.message}`);
    return r.value as T;
  }

  it("says why each recipient failed in the UI's language, the gateway's own code kept visible", async () => {
    const { page } = app;
    // The simulator cannot deliver to a number ending in 0 (0x1420); one ending in 1 is delivered.
    const c = await call<{ id: number; draft: Record<string, unknown> }>('campaigns.create', {});
    await call('campaigns.saveDraft', {
      id: c.id,
      draft: { ...c.draft, name: 'Fejl', sender: 'Bageriet', text: 'Hej', recipients: { contactIds: [], groupIds: [], searches: [], numbers: ['+4520304070', '+4520304071'] } },
    });
    await call('campaigns.send', { id: c.id });
    await expect
      .poll(
        async () => {
          await call('sync.now', { campaignId: c.id }).catch(() => undefined);
          return (await call<{ failures: unknown[] }>('campaigns.get', { id: c.id })).failures.length;
        },
        // The gateway answers a status lookup once the message is in its long-term storage, which takes a while.
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(1);

    await call('settings.update', { language: 'da' });
    await page.waitForFunction(() => document.documentElement.lang === 'da');
    await page.goto(`${app.web.url.split('#')[0]}#/campaigns/${c.id}`);
    await page.waitForSelector('[data-view="campaign"] [data-testid="failures"] li');
    const failure = (await page.textContent('[data-testid="failures"] li'))!.replace(/\s+/g, ' ');
    expect(failure).toContain('Telefonnettet kunne ikke levere beskeden til dette nummer.');
    expect(failure).toContain('Nummeret er ukendt, eller telefonen kan ikke nås');
    expect(failure).toContain('(0x1420)');
    expect(failure).not.toMatch(/phone network|Recipient unknown/);
    await page.waitForSelector('[data-testid="recipients-table"] td:has-text("0x1420")');
    const reasons = await page.textContent('[data-testid="recipients-table"]');
    expect(reasons).toContain('Nummeret er ukendt, eller telefonen kan ikke nås (slukket eller uden dækning) (0x1420)');
    await page.locator('[data-testid="failures"]').scrollIntoViewIfNeeded();
    await app.screenshot('campaigns-failures-da');
    await page.locator('[data-testid="recipients-table"]').scrollIntoViewIfNeeded();
    await app.screenshot('campaigns-failures-recipients-da');

    await call('settings.update', { language: 'en' });
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => page.textContent('[data-testid="failures"] li')).toContain('The phone network could not deliver the message to this number. (Recipient unknown or unreachable (absent subscriber) (0x1420))');
    await app.screenshot('campaigns-failures-en');
  });
});
