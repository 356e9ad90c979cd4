// The BUILT main process as a client of a Besked server: with remote.json in its data folder it runs no core of its
// own (no local database is created), the window's IPC calls go over the pinned TLS link to a real server core, and
// remote.* is answered by the desktop app itself.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../src-main/core/core';
import { createLogger } from '../../src-main/core/log';
import { MemoryVault } from '../../src-main/core/secrets/vault';
import { REMOTE_FILE } from '../../src-main/core/remote/remote-file';
import { makeCertificate, startEndpoint, type TestEndpoint } from '../integration/team/client/tls-endpoint';
import { ShellProcess } from './harness';

type Answer = { ok: true; value: unknown } | { ok: false; error: { kind: string; code?: string; message: string } };

let configHome = '';
let serverDir = '';
let userData = '';
let shell: ShellProcess;
let server: Core;
let endpoint: TestEndpoint;

beforeAll(async () => {
  serverDir = mkdtempSync(join(tmpdir(), 'besked-server-'));
  server = await startCore({ dataDir: serverDir, shell: 'web', instance: 'test', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }), team: { serverName: 'The shop' } });
  const cert = await makeCertificate();
  endpoint = await startEndpoint(server, cert);
  configHome = mkdtempSync(join(tmpdir(), 'besked-shell-'));
  userData = join(configHome, 'Besked');
  mkdirSync(userData, { recursive: true });
  writeFileSync(join(userData, REMOTE_FILE), JSON.stringify({ url: endpoint.url, fingerprint: cert.fingerprint }));
  shell = ShellProcess.start(configHome);
  await shell.until((s) => s.windows[0]?.exposed.includes('besked') === true);
});

afterAll(async () => {
  shell?.kill();
  await shell?.exited;
  await endpoint?.close();
  await server?.close();
  rmSync(configHome, { recursive: true, force: true });
  rmSync(serverDir, { recursive: true, force: true });
});

describe('the desktop app as a client', () => {
  it('answers the window from the server over the pinned link, with no local database', async () => {
    const status = await shell.request<Answer>('call', { name: 'team.status', input: {} });
    expect(status).toEqual({ ok: true, value: { kind: 'server', setupNeeded: true, me: null, serverName: 'The shop', language: 'system' } });
    const state = await shell.request<Answer>('call', { name: 'remote.state', input: {} });
    expect(state).toMatchObject({ ok: true, value: { mode: 'server', server: { url: endpoint.url }, link: 'connected' } });
    const refused = await shell.request<Answer>('call', { name: 'contacts.list', input: {} });
    expect(refused).toMatchObject({ ok: false, error: { code: 'team.signInNeeded' } });
    expect(existsSync(join(userData, 'besked.db'))).toBe(false);
    // The shell's badge read went there too; its desktop habits are this PC's (no settings.get), remote.state is answered here.
    expect(endpoint.seen.frames.map((f) => (JSON.parse(f) as { name: string }).name)).toEqual(['inbox.unreadCount', 'team.status', 'contacts.list']);
  });
});
