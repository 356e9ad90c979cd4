// Going live is choosing a platform and pasting a token: each platform's public addresses are there from the start,
// a database from an older Besked keeps the addresses its user typed (and gets the public ones where it had none),
// and Test connection says which address failed, with its host, when one does.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { PUBLIC_ADDRESSES } from '../../../src-shared/gateway/addresses';
import { coreCalls, freePort } from '../core-calls';

const TOKEN = 'gateway-addresses-token';
const dirs: string[] = [];
const cores: Core[] = [];

async function open(dir: string, vault = new MemoryVault()): Promise<Core> {
  const core = await startCore({ dataDir: dir, shell: 'web', version: 't', vault, checkOutputs: true, log: createLogger({ level: 'error' }), gateway: { retry: { maxAttempts: 1 } } });
  cores.push(core);
  return core;
}

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'besked-addresses-'));
  dirs.push(dir);
  return dir;
}

/** A data folder whose settings row for `endpoints` is what an older Besked stored. */
async function olderDatabase(endpoints: unknown): Promise<string> {
  const dir = newDir();
  const core = await open(dir);
  await core.close();
  cores.splice(cores.indexOf(core), 1);
  const db = new Database(join(dir, 'besked.db'));
  db.prepare("INSERT INTO settings (key, value) VALUES ('endpoints', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(JSON.stringify(endpoints));
  db.prepare("INSERT INTO settings (key, value) VALUES ('platform', '\"eu\"') ON CONFLICT(key) DO UPDATE SET value = excluded.value").run();
  db.close();
  return dir;
}

afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
});

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the public addresses', () => {
  it('a new database has each platform’s public addresses, so a token alone goes live', async () => {
    const core = await open(newDir());
    const { ok } = coreCalls(() => core);
    const view = await ok('settings.get', {});
    expect(view.settings.endpoints).toEqual({
      default: { messagingUrl: 'https://messaging.gatewayapi.com', legacyUrl: 'https://gatewayapi.com' },
      eu: { messagingUrl: 'https://messaging.gatewayapi.eu', legacyUrl: 'https://gatewayapi.eu' },
    });
    expect(view.connection.mode).toBe('sandbox');
    await ok('settings.setToken', { platform: 'eu', token: TOKEN });
    await ok('settings.update', { platform: 'eu' });
    const target = await core.connection.target();
    expect(target).toMatchObject({ mode: 'live', platform: 'eu', messagingUrl: PUBLIC_ADDRESSES.eu.messagingUrl, legacyUrl: PUBLIC_ADDRESSES.eu.legacyUrl });
  });

  it("an emptied address is the platform's public one again", async () => {
    const core = await open(newDir());
    const { ok } = coreCalls(() => core);
    await ok('settings.update', { endpoints: { default: { messagingUrl: 'https://sms.reseller.example', legacyUrl: 'https://rest.reseller.example' } } });
    const view = await ok('settings.update', { endpoints: { default: { messagingUrl: '', legacyUrl: 'https://rest.reseller.example' } } });
    expect(view.settings.endpoints.default).toEqual({ messagingUrl: PUBLIC_ADDRESSES.default.messagingUrl, legacyUrl: 'https://rest.reseller.example' });
  });

  it.each([
    ['http://gatewayapi.com', /https:\/\//],
    ['https://user:pw@gatewayapi.com', /web address/],
    ['gatewayapi.com', /web address/],
  ])('refuses %s as an address, naming the field', async (address, message) => {
    const core = await open(newDir());
    const { fails, ok } = coreCalls(() => core);
    const e = await fails('settings.update', { endpoints: { eu: { messagingUrl: PUBLIC_ADDRESSES.eu.messagingUrl, legacyUrl: address } } });
    expect(e.kind).toBe('validation');
    expect(e.fields?.[0]?.path).toEqual(['endpoints', 'eu', 'legacyUrl']);
    expect(e.fields?.[0]?.message).toMatch(message);
    expect((await ok('settings.get', {})).settings.endpoints.eu).toEqual(PUBLIC_ADDRESSES.eu);
  });
});

describe('a database from an older Besked', () => {
  it('keeps the addresses its user typed', async () => {
    const typed = {
      default: { messagingUrl: 'https://sms.reseller.example', legacyUrl: 'https://rest.reseller.example/api' },
      eu: { messagingUrl: 'http://127.0.0.1:9999', legacyUrl: 'http://127.0.0.1:9999' },
    };
    const core = await open(await olderDatabase(typed));
    const view = await coreCalls(() => core).ok('settings.get', {});
    expect(view.settings.endpoints).toEqual(typed);
    expect(view.settings.platform).toBe('eu');
  });

  it("gets the platform's public addresses where it had none", async () => {
    const core = await open(
      await olderDatabase({ default: { messagingUrl: '', legacyUrl: '' }, eu: { messagingUrl: '', legacyUrl: 'https://rest.reseller.example' } }),
    );
    const { ok } = coreCalls(() => core);
    expect((await ok('settings.get', {})).settings.endpoints).toEqual({
      default: PUBLIC_ADDRESSES.default,
      eu: { messagingUrl: PUBLIC_ADDRESSES.eu.messagingUrl, legacyUrl: 'https://rest.reseller.example' },
    });
    // And writes them on the next change, so the next start reads the same.
    await ok('settings.update', { lowBalanceThreshold: 5 });
    const dir = dirs[dirs.length - 1]!;
    for (const c of cores.splice(0)) await c.close();
    const again = await open(dir);
    expect((await coreCalls(() => again).ok('settings.get', {})).settings.endpoints.default).toEqual(PUBLIC_ADDRESSES.default);
  });
});

describe('Test connection says which address failed', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
  });
  afterAll(async () => {
    await sim?.close();
  });

  async function liveCore(messagingUrl: string, legacyUrl: string) {
    const core = await open(newDir());
    const calls = coreCalls(() => core);
    await calls.ok('settings.update', { endpoints: { default: { messagingUrl, legacyUrl } } });
    await calls.ok('settings.setToken', { platform: 'default', token: TOKEN });
    return calls;
  }

  it('both addresses answer: the credit', async () => {
    const { ok } = await liveCore(sim.url, sim.url);
    const r = await ok('settings.testConnection', { platform: 'default' });
    expect(r).toMatchObject({ mode: 'live', platform: 'default', currency: expect.any(String) });
    expect((await ok('settings.testConnection', {})).mode).toBe('live');
  });

  it('the messaging address on a closed port: the messaging address, its host, and why', async () => {
    const port = await freePort();
    const { fails } = await liveCore(`http://127.0.0.1:${port}`, sim.url);
    for (const input of [{ platform: 'default' as const }, {}]) {
      const e = await fails('settings.testConnection', input);
      expect(e).toMatchObject({ kind: 'network', code: 'gateway.messagingAddressFailed', params: { host: `127.0.0.1:${port}` } });
      expect(e.because).toMatchObject({ code: 'gateway.unreachable', params: { host: `127.0.0.1:${port}`, reason: 'ECONNREFUSED' } });
      expect(e.fields?.[0]?.path).toEqual(['messagingUrl']);
      expect(e.message).toMatch(new RegExp(`^The messaging interface address \\(127\\.0\\.0\\.1:${port}\\) did not work: Could not connect`));
    }
  });

  it('the legacy address on a closed port: the legacy address, its host, and why', async () => {
    const port = await freePort();
    const { fails } = await liveCore(sim.url, `http://127.0.0.1:${port}/`);
    const e = await fails('settings.testConnection', { platform: 'default' });
    expect(e).toMatchObject({ kind: 'network', code: 'gateway.legacyAddressFailed', params: { host: `127.0.0.1:${port}` } });
    expect(e.because).toMatchObject({ code: 'gateway.unreachable', params: { host: `127.0.0.1:${port}` } });
    expect(e.fields?.[0]?.path).toEqual(['legacyUrl']);
  });

  it('a token the gateway refuses: said as the address that refused it', async () => {
    const { ok, fails } = await liveCore(sim.url, sim.url);
    await ok('settings.setToken', { platform: 'default', token: 'not-the-token' });
    const e = await fails('settings.testConnection', { platform: 'default' });
    expect(e).toMatchObject({ kind: 'auth', code: 'gateway.legacyAddressFailed', because: { code: 'gateway.tokenRefused' } });
  });
});
