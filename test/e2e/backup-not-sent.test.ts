// After a restore, in Chromium over web mode (issue 28.7): Settings › Backups lists the automation run the restore did
// not send, with the backup's time; Send anyway asks first, saying who may get it twice, then sends it through the
// outbox once — it leaves the list, and asking again sends nothing. The restored state is written into the database
// as never-twice.ts writes it. Screenshot: test-results/backup-not-sent.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { besked, gotoView, openApp, type E2EApp } from './harness';

const BACKUP_AT = '2026-11-20T09:00:00.000Z';
const DUE = '2026-11-21T09:00:00.000Z';

describe('runs not sent after a restore', () => {
  let app: E2EApp;
  let automationId = 0;

  beforeAll(async () => {
    app = await openApp();
    await app.page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    await besked(app.page, 'settings.update', { language: 'en' });
    const a = await besked<{ id: number }>(app.page, 'automations.create', {
      draft: {
        name: 'Weekly offer',
        timeZone: 'Europe/Copenhagen',
        spec: {
          kind: 'recurring',
          recurrence: { every: 'week', interval: 1, weekdays: ['mo'] },
          time: '10:00',
          startDate: '2030-01-07',
          end: { kind: 'never' },
          recipients: { contactIds: [], groupIds: [], searches: [], numbers: ['+4520000091'] },
          resolve: 'each_run',
        },
        message: { channel: 'legacy', sender: 'Butikken', text: 'This week: 20% off', fallbacks: {}, options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false } },
      },
    });
    automationId = a.id;
    await besked(app.page, 'automations.activate', { id: a.id });
    // What a restore records for a run due after its backup was taken (core/backup/never-twice.ts).
    const db = new Database(join(app.web.dataDir, 'besked.db'));
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `INSERT INTO automation_occurrences (automation_id, occurrence, contact_id, due_at, state, campaign_id, recipients, reason, reason_code, revision, created_at, updated_at)
       VALUES (?, ?, 0, ?, 'missed', NULL, 0, 'Not sent: restored from a backup', ?, 1, ?, ?)`,
    ).run(a.id, DUE, DUE, JSON.stringify({ code: 'backup.restoredNotSent', params: { at: BACKUP_AT } }), DUE, DUE);
    db.close();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('lists the run, asks before sending it anyway, sends it once, and a second ask sends nothing', async () => {
    const { page } = app;
    await gotoView(page, 'settings');
    const list = page.locator('[data-testid="not-sent-runs"]');
    await list.waitFor();
    await list.scrollIntoViewIfNeeded();
    expect(await list.textContent()).toContain('Not sent after the restore');
    expect(await list.textContent()).toContain('Weekly offer');
    await app.screenshot('backup-not-sent');

    const [run] = (await besked<{ runs: { id: number; backupAt: string }[] }>(page, 'backup.notSent', {})).runs;
    expect(run?.backupAt).toBe(BACKUP_AT);
    await page.click('[data-testid="not-sent-send"]');
    const question = page.locator('.n-dialog');
    await question.waitFor();
    expect(await question.textContent()).toContain('Send this run anyway?');
    expect(await question.textContent()).toContain('gets it again');
    await page.click('[data-testid="not-sent-confirm"]');
    await page.waitForSelector('[data-testid="not-sent-said"]');
    expect(await page.textContent('[data-testid="not-sent-said"]')).toContain('Sent through the outbox.');
    expect(await page.locator('[data-testid="not-sent-send"]').count()).toBe(0);

    // Its campaign is the automation's; asking again (another window, an old list) sends nothing and says so.
    const campaigns = await besked<{ campaigns: { automationId: number | null }[] }>(page, 'campaigns.list', {});
    expect(campaigns.campaigns.filter((c) => c.automationId === automationId)).toHaveLength(1);
    const again = await page.evaluate(
      async (id) => (globalThis as unknown as { besked: { call(n: string, i: unknown): Promise<{ ok: boolean; error?: { code?: string } }> } }).besked.call('backup.sendNotSent', { id }),
      run!.id,
    );
    expect(again).toMatchObject({ ok: false, error: { code: 'backup.notSentGone' } });
    expect((await besked<{ runs: unknown[] }>(page, 'backup.notSent', {})).runs).toEqual([]);
  });
});
