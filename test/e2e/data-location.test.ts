// Settings → "Where your data is" in Chromium over web mode, against a real Besked server on 127.0.0.1 with its
// self-signed certificate: check, compare, connect (the window reloads onto the server), the banner while the server
// is away and gone once it is back, then "Use this PC only" with the local data as it was. Screenshots en + da.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowConsoleError, besked, gotoView, openApp, ROOT, type E2EApp } from './harness';
import { startTeamServer, type TeamServer } from '../../src-main/server/start-server';
import { MemoryVault } from '../../src-main/core/secrets/vault';
import { createLogger } from '../../src-main/core/log';
import type { RemoteState } from '../../src-shared/contract';

let app: E2EApp;
let server: TeamServer | null = null;
const serverDir = mkdtempSync(join(tmpdir(), 'besked-e2e-server-'));
const startServer = (port = 0) =>
  startTeamServer({ dataDir: serverDir, host: '127.0.0.1', port, staticDir: join(ROOT, 'out', 'renderer'), version: 't', serverName: 'The shop', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });

beforeAll(async () => {
  server = await startServer();
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  rmSync(serverDir, { recursive: true, force: true });
});

const card = '[data-testid="data-location"]';

describe('where your data is', () => {
  it('checks the server, shows its fingerprint to compare, and connects only once confirmed', async () => {
    const { page } = app;
    await besked(page, 'contacts.create', { phone: '+4520000001', firstName: 'Local' });
    await gotoView(page, 'settings');
    await page.locator(card).scrollIntoViewIfNeeded();
    await page.fill('[data-testid="server-address"] input', server!.url);
    await page.click('[data-testid="check-server"]');
    await expect.poll(() => page.textContent('[data-testid="checked-fingerprint"]')).toBe(server!.certificate!.fingerprint256);
    expect(await page.isDisabled('[data-testid="connect-server"]')).toBe(true);
    await page.click('[data-testid="fingerprints-same"]');
    await page.locator(card).screenshot({ path: join(ROOT, 'test-results', 'data-location-check-en.png') });
    // Before signing in, the server refuses the views' first reads: the sign-in gate (team views) handles them.
    allowConsoleError(/Sign in first|signInNeeded/);
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid="connect-server"]')]);
    await expect.poll(async () => (await besked<RemoteState>(page, 'remote.state', {})).link).toBe('connected');
    expect(await besked(page, 'team.status', {})).toMatchObject({ kind: 'server', setupNeeded: true, serverName: 'The shop' });
    await besked(page, 'team.setupOwner', { name: 'Anna', password: 'correct horse battery' });
    expect(await besked(page, 'contacts.list', {})).toMatchObject({ total: 0 });
  });

  it('shows a banner while the server is away, and offers a reload when the server is back', async () => {
    const { page } = app;
    await page.reload();
    await page.waitForSelector('[data-view]');
    const port = server!.port;
    await server!.close();
    server = null;
    await page.waitForSelector('[data-testid="server-unreachable"]');
    expect(await page.textContent('[data-testid="server-unreachable"]')).toContain('cannot be reached');
    await app.screenshot('data-location-unreachable-en');
    server = await startServer(port);
    await page.waitForSelector('[data-testid="server-unreachable"]', { state: 'detached', timeout: 40_000 });
    // What colleagues changed meanwhile sent no events here: the window offers a reload.
    await page.waitForSelector('[data-testid="server-back"]');
  });

  it('in Danish, and back to this PC with its own data as it was', async () => {
    const { page } = app;
    await besked(page, 'settings.update', { language: 'da' });
    await page.reload();
    await page.waitForSelector('[data-view]');
    await gotoView(page, 'settings');
    await page.locator(card).scrollIntoViewIfNeeded();
    expect(await page.textContent('[data-testid="data-on-server"]')).toContain('Dine data er på Besked-serveren');
    await page.locator(card).screenshot({ path: join(ROOT, 'test-results', 'data-location-server-da.png') });
    await page.click('[data-testid="use-this-pc"]');
    await Promise.all([page.waitForEvent('load'), page.click('.n-dialog .n-button--warning-type')]);
    await page.waitForSelector('[data-view]');
    expect(await besked(page, 'remote.state', {})).toMatchObject({ mode: 'thisPc' });
    expect(await besked<{ rows: { firstName: string }[] }>(page, 'contacts.list', {})).toMatchObject({ rows: [{ firstName: 'Local' }] });
  });
});
