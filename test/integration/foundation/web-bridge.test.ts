// The web-mode bridge over real sockets: who may connect, what malformed calls get, that a call works, and that what a
// phone on mobile data waits for travels compressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startCore, type Core } from '../../../src-main/core/core';
import { startWebServer, type WebServer } from '../../../src-main/bridge/web-server';
import { KEY_CHECK_PATH } from '../../../src-shared/bridge-key-check';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { KEEP_ALIVE_MS } from '../../../src-main/bridge/idle-connections';

/** A script as the build writes one: repetitive enough that brotli and gzip both shrink it. */
const APP_SCRIPT = Array.from({ length: 2000 }, (_, i) => `export const text${i} = ${JSON.stringify(`Besked ${i % 97} ${(i * 7919) % 1000}`)};`).join('\n');

/** What a stale file holds now, unlike its compressed copies. */
const STALE_SCRIPT = APP_SCRIPT.replaceAll('Besked', 'Rettet');

let dir: string;
let core: Core;
let server: WebServer;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'besked-bridge-'));
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Besked</title>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-1a2b3c.js'), APP_SCRIPT);
  // As the build writes them (electron.vite.config.ts): each file's brotli and gzip beside it.
  for (const name of ['built-4d5e6f.js', 'twice-1c2d3e.js', 'stale-7a8b9c.js']) {
    const file = join(staticDir, 'assets', name);
    writeFileSync(file, APP_SCRIPT);
    writeFileSync(`${file}.br`, brotliCompressSync(APP_SCRIPT));
    writeFileSync(`${file}.gz`, gzipSync(APP_SCRIPT, { level: 9 }));
  }
  // A file replaced after the build: its copies are of other bytes.
  writeFileSync(join(staticDir, 'assets', 'stale-7a8b9c.js'), STALE_SCRIPT);
  core = await startCore({ dataDir: join(dir, 'data'), shell: 'web', version: 't', vault: new MemoryVault(), checkOutputs: true, log: createLogger() });
  server = await startWebServer({ dispatch: core.dispatch, events: core.events, staticDir, port: 0, log: core.log });
  origin = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

function connect(opts: { key?: string; origin?: string; host?: string } = {}) {
  const key = opts.key ?? server.key;
  return new WebSocket(`ws://127.0.0.1:${server.port}/bridge?key=${encodeURIComponent(key)}`, {
    origin: opts.origin ?? origin,
    headers: opts.host ? { host: opts.host } : {},
  });
}

function refusedStatus(ws: WebSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('connection was accepted')));
    ws.on('error', () => undefined);
  });
}

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
}

function rpc(ws: WebSocket, msg: unknown): Promise<{ id: unknown; result: { ok: boolean; value?: unknown; error?: { kind: string; message: string; fields?: { path: unknown[] }[] } } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const parsed = JSON.parse(data.toString());
      if ('event' in parsed) return;
      ws.off('message', onMessage);
      resolve(parsed);
    };
    ws.on('message', onMessage);
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  });
}

/** A page or asset as a browser asks for it, the body as it came over the wire. */
function getEncoded(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; cache: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], cache: res.headers['cache-control'], body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function httpGet(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web bridge', () => {
  it('prints a loopback URL with a long random key', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a wrong key', async () => {
    expect(await refusedStatus(connect({ key: 'wrong' }))).toBe(403);
  });

  it('refuses a missing key', async () => {
    expect(await refusedStatus(connect({ key: '' }))).toBe(403);
  });

  it('refuses a foreign Origin', async () => {
    expect(await refusedStatus(connect({ origin: 'http://evil.example' }))).toBe(403);
  });

  it('refuses a foreign Host (DNS rebinding) on the bridge and on pages', async () => {
    expect(await refusedStatus(connect({ host: `evil.example:${server.port}` }))).toBe(403);
    expect(await httpGet('/', `evil.example:${server.port}`)).toBe(421);
    expect(await httpGet('/', `127.0.0.1:${server.port}`)).toBe(200);
  });

  it.each([
    ['this run\'s key', () => server.key, true],
    ['a wrong key', () => 'wrong', false],
    ['an old run\'s key of the same length', () => 'x'.repeat(server.key.length), false],
    ['no key', () => '', false],
  ])('tells the page whether its key is this run\'s, always with 200 so the console stays clean: %s', async (_, key, valid) => {
    const res = await fetch(`${origin}${KEY_CHECK_PATH}?key=${encodeURIComponent(key())}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ valid });
  });

  it('answers the key check only on its own host and only to GET', async () => {
    expect(await httpGet(`${KEY_CHECK_PATH}?key=${server.key}`, `evil.example:${server.port}`)).toBe(421);
    expect((await fetch(`${origin}${KEY_CHECK_PATH}?key=${server.key}`, { method: 'POST' })).status).toBe(405);
  });

  it("sends the build's own brotli and gzip of a file at once, but not copies of other bytes", async () => {
    const built = await getEncoded('/assets/built-4d5e6f.js', 'gzip, deflate, br');
    expect(built.encoding).toBe('br');
    expect(brotliDecompressSync(built.body).toString()).toBe(APP_SCRIPT);
    const gz = await getEncoded('/assets/built-4d5e6f.js', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.body.equals(gzipSync(APP_SCRIPT, { level: 9 }))).toBe(true);
    // A page asks for its script twice at once (a preload and the script): both get the build's brotli.
    const both = await Promise.all([getEncoded('/assets/twice-1c2d3e.js', 'gzip, br'), getEncoded('/assets/twice-1c2d3e.js', 'gzip, br')]);
    expect(both.map((r) => r.encoding)).toEqual(['br', 'br']);
    const stale = await getEncoded('/assets/stale-7a8b9c.js', 'gzip, deflate, br');
    expect(stale.encoding).toBe('gzip');
    expect(gunzipSync(stale.body).toString()).toBe(STALE_SCRIPT);
  });

  it("keeps a page's idle connection open past Node's 5 s, and its next request goes over it", async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; localPort: number }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, localPort: req.socket!.localPort! }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      expect(first.status).toBe(200);
      // With Node's default the server had closed the socket by now, and the agent would open another.
      await new Promise((r) => setTimeout(r, 6_500));
      const again = await get();
      expect(again.status).toBe(200);
      expect(again.localPort).toBe(first.localPort);
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('serves pages with a CSP that forbids inline script', async () => {
    const res = await fetch(`${origin}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline\'; script');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  });

  it("sends the app's scripts gzipped at once, then brotli once it is made; kept for good; as they are to a browser taking neither", async () => {
    const path = '/assets/app-1a2b3c.js';
    const first = await getEncoded(path, 'gzip, deflate, br');
    expect(first.encoding).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(APP_SCRIPT);
    expect(first.cache).toContain('immutable');
    let later = first;
    for (let i = 0; i < 200 && later.encoding !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      later = await getEncoded(path, 'gzip, deflate, br');
    }
    expect(later.encoding).toBe('br');
    expect(brotliDecompressSync(later.body).toString()).toBe(APP_SCRIPT);
    expect(later.body.length).toBeLessThan(first.body.length);
    expect((await getEncoded(path, 'gzip, br;q=0')).encoding).toBe('gzip');
    const plain = await getEncoded(path, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_SCRIPT);
  });

  it("deflates the bridge's frames (RFC 7692), as every browser offers", async () => {
    const ws = connect();
    await opened(ws);
    expect(ws.extensions).toContain('permessage-deflate');
    // Calls and answers still work over it, small and large.
    expect(await rpc(ws, { id: 1, name: 'settings.get', input: {} })).toMatchObject({ id: 1, result: { ok: true } });
    ws.close();
  });

  it('does not serve files outside the app folder', async () => {
    expect(await httpGet('/../data/besked.db', `127.0.0.1:${server.port}`)).toBe(404);
    expect(await httpGet('/%2e%2e/data/besked.db', `127.0.0.1:${server.port}`)).toBe(404);
  });

  it('answers a valid call, and malformed calls with validation errors naming the field', async () => {
    const ws = connect();
    await opened(ws);
    const ok = await rpc(ws, { id: 1, name: 'settings.get', input: {} });
    expect(ok).toMatchObject({ id: 1, result: { ok: true } });

    const unknown = await rpc(ws, { id: 2, name: 'nope.nothing', input: {} });
    expect(unknown.result.error?.kind).toBe('validation');

    const badField = await rpc(ws, { id: 3, name: 'settings.update', input: { lowBalanceThreshold: 'lots' } });
    expect(badField.result.error?.kind).toBe('validation');
    expect(badField.result.error?.fields?.[0]?.path).toEqual(['lowBalanceThreshold']);

    const extra = await rpc(ws, { id: 4, name: 'settings.get', input: { sneaky: true } });
    expect(extra.result.error?.kind).toBe('validation');

    const notJson = await rpc(ws, '{not json');
    expect(notJson).toMatchObject({ id: null, result: { ok: false, error: { kind: 'validation' } } });
    ws.close();
  });

  it('closes the connection on an oversized message instead of buffering it', async () => {
    const ws = connect();
    await opened(ws);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.send('x'.repeat(65 * 1024 * 1024));
    // 1009 is the server's close frame; while the client is still writing its 65 MB the socket can reset first and
    // the client sees 1006 (seen once in a clean-clone CI run). Either way the connection ends, and the bridge answers the next.
    expect([1009, 1006]).toContain(await closed);
    const next = connect();
    await opened(next);
    const r = await rpc(next, { id: 1, name: 'settings.get', input: {} });
    expect(r.result.ok).toBe(true);
    next.close();
  });

  it('never sends a stored token back to the renderer', async () => {
    const ws = connect();
    await opened(ws);
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    const planted = 'tok_PLANTED_value_0123456789';
    const r = await rpc(ws, { id: 9, name: 'settings.setToken', input: { platform: 'eu', token: planted } });
    expect(r.result.ok).toBe(true);
    await rpc(ws, { id: 10, name: 'settings.get', input: {} });
    expect(frames.join('\n')).not.toContain(planted);
    expect(JSON.stringify(r)).toContain('"eu":true');
    ws.close();
  });
});
