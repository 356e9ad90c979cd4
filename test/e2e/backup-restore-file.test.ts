// A new PC in Chromium over web mode (issue 28.6, 28.8): the first start's "Restore from a backup" takes a backup file
// larger than one call may carry (above 32 MiB), sends it in chunks with "Uploading n of N MB" under the bar, restores
// it, and the shop's contacts are back. Screenshot: test-results/backup-restore-file.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRIDGE_MAX_CALL_FRAME_BYTES } from '../../src-shared/contract';
import { bigDatabase } from '../integration/backup/big-database';
import { besked, gotoView, openApp, type E2EApp } from './harness';

const N = 90_000;

describe('restoring a picked backup file on a new PC', () => {
  let app: E2EApp;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-e2e-picked-'));
    file = join(dir, 'besked-old-pc.db');
    bigDatabase(file, N);
    app = await openApp();
    await app.page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    await besked(app.page, 'settings.update', { language: 'en' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the file in chunks with its progress, restores it and shows the contacts', async () => {
    expect(statSync(file).size).toBeGreaterThan(BRIDGE_MAX_CALL_FRAME_BYTES);
    const { page } = app;
    await gotoView(page, 'contacts');
    await page.click('[data-testid="welcome-restore"]');
    await page.setInputFiles('[data-testid="restore-file"]', file);
    await page.click('[data-testid="restore-start"]');
    // Read in the page in one go: the words are there only while the file goes up.
    const said = await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="restore-upload-text"]')?.textContent ?? '';
      return /^Uploading [1-9]\d* of \d+ MB$/.test(text) ? text : null;
    });
    const total = Math.round(statSync(file).size / (1024 * 1024));
    expect(await said.jsonValue()).toMatch(new RegExp(`^Uploading \\d+ of ${total} MB$`));
    await app.screenshot('backup-restore-file');
    await page.waitForSelector('[data-testid="restore-finished"]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="restore-finished"]')).toContain('Restored the backup');
    expect((await besked<{ total: number }>(page, 'contacts.list', {})).total).toBe(N);
    const left = await besked<{ entries: { reason: string }[] }>(page, 'backup.status', {});
    expect(left.entries.map((e) => e.reason)).toContain('restore');
  }, 120_000);
});
