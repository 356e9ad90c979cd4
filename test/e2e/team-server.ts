// `npm run server`'s entry as a process on 127.0.0.1 with its own self-signed certificate, for the team E2E tests
// (team.test.ts, team-phone.test.ts): its address and fingerprint as it prints them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './harness';
import { CORE_V8_FLAGS } from '../../src-main/core-v8-flags';

export interface ServerProcess {
  url: string;
  fingerprint: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The team server's entry as the build bundles it (scripts/build-headless.mjs): src-main/server.ts, what `npm run server` runs through tsx. */
const SERVER_ENTRY = join(ROOT, 'out/headless/server.js');

/** Spawns the team server (SERVER_ENTRY) and reads its address and fingerprint. */
export async function startServer(name = 'Salon Ida'): Promise<ServerProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'besked-e2e-server-'));
  const child = spawn(process.execPath, [...CORE_V8_FLAGS, SERVER_ENTRY, '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--name', name], {
    cwd: ROOT,
    env: { ...process.env, BESKED_KEYCHAIN_SERVICE: `Besked-e2e-team-${process.pid}-${Date.now()}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const out = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in time:\n${err}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      if (/Certificate fingerprint/.test(text) && text.includes('\n', text.indexOf('Certificate fingerprint'))) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${err}`)));
  });
  const url = /^Besked server: (https:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1];
  const fingerprint = /^Certificate fingerprint \(SHA-256\): ([0-9A-F:]{95}) /m.exec(out)?.[1];
  if (!url || !fingerprint) throw new Error(`unexpected output:\n${out}`);
  return {
    url,
    fingerprint,
    dataDir,
    child,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null || child.signalCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

/** The owner's first visit to a new server: the set-up form, filled and sent, until the signed-in app shows. */
export async function setUpOwner(page: Page, name: string, password: string): Promise<void> {
  await page.waitForSelector('[data-testid="setup-owner-form"]');
  await page.fill('[data-testid="team-name"] input', name);
  await page.fill('[data-testid="team-password"] input', password);
  await page.fill('[data-testid="team-password-again"] input', password);
  await page.click('[data-testid="setup-owner-submit"]');
  // Signed in: the header's user menu (the gate's screens have a data-view of their own).
  await page.waitForSelector('[data-testid="user-menu"]');
}
