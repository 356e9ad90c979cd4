// The web transport under arbitrary frames: text that is not JSON, JSON of any shape, binary frames, odd ids, unknown
// and real call names with arbitrary input. Every frame gets one well-formed answer, the connection stays open, and
// the core keeps answering ordinary calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startWebServer, type WebServer } from '../../../src-main/bridge/web-server';
import { startCore, type Core } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { calls } from '../../../src-shared/contract';
import { ErrorKind } from '../../../src-shared/errors';

let dir: string;
let core: Core;
let server: WebServer;
let ws: WebSocket;
const answers: { id: unknown; result: { ok: boolean; error?: { kind: string; message: string } } }[] = [];
let closed = false;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'besked-ws-fuzz-'));
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Besked</title>');
  core = await startCore({ dataDir: join(dir, 'data'), shell: 'web', version: 't', vault: new MemoryVault(), checkOutputs: true, log: createLogger({ level: 'error' }) });
  server = await startWebServer({ dispatch: core.dispatch, events: core.events, staticDir, port: 0, log: core.log });
  ws = new WebSocket(`ws://127.0.0.1:${server.port}/bridge?key=${server.key}`, { origin: `http://127.0.0.1:${server.port}` });
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as Record<string, unknown>;
    if (!('event' in msg)) answers.push(msg as (typeof answers)[number]);
  });
  ws.on('close', () => (closed = true));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
});
afterAll(async () => {
  ws?.close();
  await server?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function answerCount(n: number): Promise<void> {
  const until = Date.now() + 10_000;
  while (answers.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
}

const names = Object.keys(calls);
const frame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc
    .record({
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.double(), fc.array(fc.nat())),
      name: fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 30 }), fc.jsonValue()),
      input: fc.jsonValue({ maxDepth: 3 }),
    }, { requiredKeys: [] })
    .map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b)),
);

describe('the web bridge under arbitrary frames', () => {
  it('answers every frame once with a well-formed result and stays open', async () => {
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        const before = answers.length;
        ws.send(f);
        await answerCount(before + 1);
        expect(answers.length).toBe(before + 1);
        const a = answers[before]!;
        expect(typeof a.result.ok).toBe('boolean');
        if (!a.result.ok) {
          expect(ErrorKind.options).toContain(a.result.error!.kind);
          expect(a.result.error!.kind).not.toBe('internal');
          expect(a.result.error!.message).not.toMatch(/\n\s+at /);
        }
        if (a.id === null) expect(a.result.ok).toBe(false);
        expect(closed).toBe(false);
      }),
      { numRuns: 300 },
    );
    ws.send(JSON.stringify({ id: 'last', name: 'app.info', input: {} }));
    await answerCount(answers.length + 1);
    expect(answers.at(-1)).toMatchObject({ id: 'last', result: { ok: true } });
  });
});
