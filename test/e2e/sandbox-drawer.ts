// The Sandbox tools drawer from the header, as the E2E tests that play a customer or move the test gateway's clock open it.
import type { Page } from 'playwright-core';

/** Opens the Sandbox tools from the header, with the contact picked as the customer they play when one is named. */
export async function openTools(page: Page, contact?: string): Promise<void> {
  await page.click('[data-testid="sandbox-tools-open"]');
  await page.waitForSelector('[data-testid="sandbox-tools-notice"]');
  if (!contact) return;
  if ((await page.textContent('[data-testid="sandbox-contact"]'))?.includes(contact)) return;
  await page.click('[data-testid="sandbox-contact"]');
  await page.keyboard.type(contact);
  await page.click(`.n-base-select-option:has-text("${contact}")`);
}

export async function closeTools(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="sandbox-tools-notice"]', { state: 'detached' });
}
