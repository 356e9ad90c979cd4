// A whole core on a temp data folder with the sandbox simulator in-process, plus helpers to drive the simulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../core-calls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import type { CallName, CallOutput, CallInput, EventMessage } from '../../../src-shared/contract';

export interface TestCore {
  core: Core;
  dir: string;
  heard: EventMessage[];
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  /** The error a call answers with (fails the test if it succeeds). */
  fail<N extends CallName>(name: N, input: CallInput<N>): Promise<{ kind: string; message: string }>;
  sim<T = unknown>(method: string, path: string, json?: unknown): Promise<T>;
  inbound(msisdn: number, message: string, receiver?: number): Promise<number>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestCore(opts: Partial<CoreOptions> = {}): Promise<TestCore> {
  const dir = mkdtempSync(join(tmpdir(), 'besked-inbox-'));
  const vault = new MemoryVault();
  const boot = () =>
    startCore({ dataDir: dir, shell: 'web', version: 't', vault, checkOutputs: true, log: createLogger({ level: 'error' }), ...opts });
  const t: TestCore = {
    core: await boot(),
    dir,
    heard: [],
    async call(name, input) {
      const r = await t.core.dispatch(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value as never;
    },
    async fail(name, input) {
      const r = await t.core.dispatch(name, input);
      if (r.ok) throw new Error(`${name} was expected to fail`);
      return r.error;
    },
    async sim(method, path, json) {
      const target = await t.core.connection.target();
      const res = await fetch(target.legacyUrl + path, {
        method,
        headers: { authorization: `Token ${target.token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as never;
    },
    async inbound(msisdn, message, receiver = 1204) {
      return (await t.sim<{ id: number }>('POST', '/_sim/inbound', { msisdn, receiver, message })).id;
    },
    async restart() {
      await t.core.close();
      t.core = await boot();
      listen();
    },
    async close() {
      await t.core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const listen = () => t.core.events.subscribe((m) => t.heard.push(m));
  listen();
  return t;
}

/** Waits until `check` passes (it throws until then), polling every 50 ms. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Turns on the core's webhook receiver with these signing secrets on a free port; returns its base address. */
export async function startReceiver(t: TestCore, secrets: { messaging?: string; legacy?: string }): Promise<string> {
  const port = await freePort();
  if (secrets.messaging) await t.call('sync.setWebhookSecret', { kind: 'messaging', secret: secrets.messaging });
  if (secrets.legacy) await t.call('sync.setWebhookSecret', { kind: 'legacy', secret: secrets.legacy });
  await t.call('settings.update', { webhookReceiver: { enabled: true, port } });
  const status = async () => (await t.call('sync.status', {})).webhook;
  await eventually(async () => {
    const w = await status();
    if (!w.listening || w.port !== port) throw new Error(`receiver not listening yet: ${JSON.stringify(w)}`);
  });
  return `http://127.0.0.1:${port}`;
}
