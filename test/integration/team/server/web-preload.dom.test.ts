// The browser's team mode (src-renderer/bridge/web-preload.ts) against a real Besked server: the page has no key, so
// it connects to the server's own bridge; a sign-in's token is kept and resumes the session first on every new
// connection (a reload, a server restart); a sign-out, an ended session or a refused resume forgets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startCore } from '../../../../src-main/core/core';
import { startWebServer } from '../../../../src-main/bridge/web-server';
import { MemoryVault } from '../../../../src-main/core/secrets/vault';
import { createLogger } from '../../../../src-main/core/log';
import WS from 'ws';
import { bridgeUrl, createWebBridge, type SessionStore } from '../../../../src-renderer/bridge/web-preload';
import { OWNER_PASSWORD, startTestServer, until, type TestServer } from './helpers';

let t: TestServer;
let origin = '';
/** Every address a page's socket was opened to, for the check that no token is ever in one. */
const opened: string[] = [];

/** A browser's WebSocket sends its page's Origin; the ws package does when told. */
class PageWebSocket extends WS {
  constructor(url: string) {
    super(url, { origin });
    opened.push(url);
  }
}

function memoryStore(): SessionStore & { token: string | null } {
  const s = {
    token: null as string | null,
    get: () => s.token,
    set: (token: string) => void (s.token = token),
    forget: () => void (s.token = null),
  };
  return s;
}

function page(store: SessionStore) {
  const url = bridgeUrl({ protocol: 'http:', host: `127.0.0.1:${t.server.port}` }, null);
  return createWebBridge(url, store);
}

beforeAll(async () => {
  // The page's own protocol decides ws:// or wss://; plain HTTP on loopback keeps this test free of certificates.
  t = await startTestServer({ certificate: 'none' });
  origin = `http://127.0.0.1:${t.server.port}`;
  globalThis.WebSocket = PageWebSocket as unknown as typeof WebSocket;
});
/**
 * After the suite its pages are as good as unloaded: the reconnect each tries once the server has stopped (250 ms
 * later) opens nothing and leads to no further try. (Putting back this environment's WebSocket, which is none, made
 * each page throw "WebSocket is not a constructor" when the file's teardown outlasted that wait: a loaded CI run.)
 */
class UnloadedPageSocket {
  addEventListener(): void {}
}

afterAll(async () => {
  globalThis.WebSocket = UnloadedPageSocket as unknown as typeof WebSocket;
  await t?.close();
  rmSync(t.dir, { recursive: true, force: true });
});

describe('the browser\'s team mode', () => {
  it('connects to the server\'s own bridge: wss on an https page, ws on a plain one, never with a key', () => {
    expect(bridgeUrl({ protocol: 'https:', host: 'shop-pc:8443' }, null)).toBe('wss://shop-pc:8443/bridge');
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:8443' }, null)).toBe('ws://127.0.0.1:8443/bridge');
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:5000' }, 'k y')).toBe('ws://127.0.0.1:5000/bridge?key=k%20y');
  });

  it('keeps a sign-in\'s token, resumes with it after a reload, and forgets it on signing out', async () => {
    const store = memoryStore();
    const first = page(store);
    const set = await first.call('team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
    expect(set.ok).toBe(true);
    expect(store.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // A reload: a new page with the same storage is signed in before its first call is answered.
    const reloaded = page(store);
    const status = await reloaded.call('team.status', {});
    expect(status.ok && status.value.me).toMatchObject({ name: 'Anna', role: 'owner' });

    expect((await reloaded.call('team.signOut', {})).ok).toBe(true);
    expect(store.token).toBeNull();
    const after = page(store);
    const signedOut = await after.call('team.status', {});
    expect(signedOut.ok && signedOut.value.me).toBeNull();
    expect(opened.every((u) => !u.includes('?'))).toBe(true);
  });

  it('forgets a token the server no longer knows, and the page is simply not signed in', async () => {
    const store = memoryStore();
    store.set('A'.repeat(43));
    const p = page(store);
    const status = await p.call('team.status', {});
    expect(status.ok && status.value.me).toBeNull();
    expect(store.token).toBeNull();
  });

  it('forgets the token when the server ends the session, and tells the view', async () => {
    const storeA = memoryStore();
    const storeB = memoryStore();
    const a = page(storeA);
    const b = page(storeB);
    expect((await a.call('team.signIn', { name: 'Anna', password: OWNER_PASSWORD })).ok).toBe(true);
    expect((await b.call('team.signIn', { name: 'Anna', password: OWNER_PASSWORD })).ok).toBe(true);
    const told: unknown[] = [];
    b.on('team.sessionEnded', (p) => told.push(p));
    expect((await a.call('team.signOutEverywhere', {})).ok).toBe(true);
    await until(() => told.length > 0);
    expect(told).toEqual([{ reason: 'signedOut' }]);
    expect(storeB.token).toBeNull();
  });

  it('still tells an old web-mode link (a page without a key on web mode\'s port) as today, and stops trying', async () => {
    const core = await startCore({ dataDir: join(t.dir, 'web-data'), shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
    const web = await startWebServer({ dispatch: core.dispatch, events: core.events, staticDir: join(t.dir, 'static'), port: 0, log: core.log });
    try {
      const saved = origin;
      origin = `http://127.0.0.1:${web.port}`;
      const p = createWebBridge(bridgeUrl({ protocol: 'http:', host: `127.0.0.1:${web.port}` }, null), memoryStore());
      const r = await p.call('settings.get', {});
      origin = saved;
      expect(r.ok ? null : r.error.code).toBe('bridge.wrongKey');
    } finally {
      await web.close();
      await core.close();
    }
  });

  it('resumes the session on its own when the server comes back after a restart', async () => {
    const store = memoryStore();
    const p = page(store);
    expect((await p.call('team.signIn', { name: 'Anna', password: OWNER_PASSWORD })).ok).toBe(true);
    const port = t.server.port;
    const dir = t.dir;
    await t.server.close();
    t = await startTestServer({ certificate: 'none', dir, port });
    // Calls made while it was away were answered "reconnecting"; once back, the page is Anna's again without a word.
    let me: unknown = null;
    const end = Date.now() + 10_000;
    while (!me && Date.now() < end) {
      const r = await p.call('team.status', {});
      me = r.ok ? r.value.me : null;
      if (!me) await new Promise((res) => setTimeout(res, 100));
    }
    expect(me).toMatchObject({ name: 'Anna' });
  });
});
