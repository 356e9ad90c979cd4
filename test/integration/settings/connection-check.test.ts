// What Besked says about a live connection is what the gateway said: saving a token tests it, and the settings
// view's check is the last test's result (connected, refused with the gateway's reason, unreachable). Test
// connection tests a typed token before it is saved (on the chosen platform), and the typed token is never stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { coreCalls, freePort } from '../core-calls';

const TOKEN = 'connection-check-token';
const dirs: string[] = [];
const cores: Core[] = [];
let sim: Simulator;

async function core(vault = new MemoryVault()) {
  const dir = mkdtempSync(join(tmpdir(), 'besked-check-'));
  dirs.push(dir);
  const c = await startCore({ dataDir: dir, shell: 'web', version: 't', vault, checkOutputs: true, log: createLogger({ level: 'error' }), gateway: { retry: { maxAttempts: 1 } } });
  cores.push(c);
  return { ...coreCalls(() => c), vault };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
});
afterAll(async () => {
  await sim?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('saving a token tests it', () => {
  it('a token the gateway knows: live and connected', async () => {
    const { ok } = await core();
    await ok('settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    const view = await ok('settings.setToken', { platform: 'default', token: TOKEN });
    expect(view.connection.mode).toBe('live');
    expect(view.connection.check).toMatchObject({ result: 'connected', error: null });
    expect(view.connection.check.at).not.toBeNull();
  });

  it('a token the gateway refuses: live, refused, with the gateway’s reason', async () => {
    const { ok } = await core();
    await ok('settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    const view = await ok('settings.setToken', { platform: 'default', token: 'any-pasted-token' });
    expect(view.connection.check.result).toBe('refused');
    expect(view.connection.check.error).toMatchObject({ kind: 'auth', because: { code: 'gateway.tokenRefused' } });
    // The next save of the right token says so.
    expect((await ok('settings.setToken', { platform: 'default', token: TOKEN })).connection.check.result).toBe('connected');
  });

  it('an address nobody answers: unreachable, and new addresses are untested again', async () => {
    const { ok } = await core();
    const port = await freePort();
    await ok('settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: `http://127.0.0.1:${port}` } } });
    const view = await ok('settings.setToken', { platform: 'default', token: TOKEN });
    expect(view.connection.check).toMatchObject({ result: 'unreachable', error: { code: 'gateway.legacyAddressFailed' } });
    const moved = await ok('settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    expect(moved.connection.check.result).toBe('untested');
    await ok('settings.testConnection', {});
    expect((await ok('settings.get', {})).connection.check.result).toBe('connected');
  });
});

describe('Test connection tests what is in the field', () => {
  it('a typed, unsaved token is tested on the chosen platform, not the Sandbox, and is not stored', async () => {
    const { ok, fails, vault } = await core();
    await ok('settings.update', { endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    // In Sandbox (no token): a typed wrong token is refused by the live gateway instead of the Sandbox saying "Connected".
    const e = await fails('settings.testConnection', { token: 'typed-but-wrong' });
    expect(e).toMatchObject({ kind: 'auth', because: { code: 'gateway.tokenRefused' } });
    const r = await ok('settings.testConnection', { token: TOKEN });
    expect(r).toMatchObject({ mode: 'live', platform: 'default' });
    // Nothing was saved: still Sandbox, no token in the vault.
    const view = await ok('settings.get', {});
    expect(view.connection).toMatchObject({ mode: 'sandbox', hasToken: { default: false, eu: false } });
    expect(await vault.get('default')).toBeNull();
  });

  it('the platform chosen: a typed token for the EU platform goes to the EU addresses', async () => {
    const { ok, fails } = await core();
    const port = await freePort();
    await ok('settings.update', { platform: 'eu', endpoints: { eu: { messagingUrl: sim.url, legacyUrl: `http://127.0.0.1:${port}` } } });
    const e = await fails('settings.testConnection', { token: TOKEN });
    expect(e).toMatchObject({ code: 'gateway.legacyAddressFailed', params: { host: `127.0.0.1:${port}` } });
  });
});
