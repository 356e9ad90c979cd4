// Issue 26.8 in web mode: the loopback bridge applies the same frame limits as the team server — a frame larger than
// any call is refused from its header (1009), one larger than its own call is answered "too large" unread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startWebServer, type WebServer } from '../../../src-main/bridge/web-server';
import { startCore, type Core } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { BRIDGE_MAX_CALL_FRAME_BYTES } from '../../../src-shared/contract';

let dir: string;
let core: Core;
let server: WebServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'besked-ws-limits-'));
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Besked</title>');
  core = await startCore({ dataDir: join(dir, 'data'), shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
  server = await startWebServer({ dispatch: core.dispatch, events: core.events, staticDir, port: 0, log: core.log });
});
afterAll(async () => {
  await server?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/bridge?key=${server.key}`, { origin: `http://127.0.0.1:${server.port}` });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

const nextAnswer = (ws: WebSocket) => new Promise<{ id: unknown; result: { ok: boolean; error?: { code?: string } } }>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()) as never)));

describe('web mode’s bridge', () => {
  it('answers a frame larger than its call takes "too large" under its id', async () => {
    const ws = await open();
    const answer = nextAnswer(ws);
    ws.send(JSON.stringify({ id: 3, name: 'app.info', input: { pad: 'x'.repeat(1024 * 1024) } }));
    expect(await answer).toMatchObject({ id: 3, result: { ok: false, error: { code: 'call.tooLarge' } } });
    const next = nextAnswer(ws);
    ws.send(JSON.stringify({ id: 4, name: 'app.info', input: {} }));
    expect(await next).toMatchObject({ id: 4, result: { ok: true } });
    ws.close();
  });

  it('closes with 1009 on a frame larger than any call, from its header', async () => {
    const ws = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const header = Buffer.alloc(14);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(BRIDGE_MAX_CALL_FRAME_BYTES + 1), 2);
    const socket = (ws as unknown as { _socket: NodeJS.WritableStream & { on(e: string, f: () => void): void } })._socket;
    socket.on('error', () => undefined);
    socket.write(header);
    expect(await closed).toBe(1009);
  });
});
