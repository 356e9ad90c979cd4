// A Besked server as `npm run server` starts it (startTeamServer: a real core on disk, its sandbox simulator as the
// gateway, a real self-signed certificate, TLS on 127.0.0.1), and clients over real WebSockets that pin its
// certificate's SHA-256 fingerprint before anything is sent, the way the desktop app does.
import { LOOPBACK_STRANGERS } from '../harness';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import WebSocket from 'ws';
import { startTeamServer, type TeamServer, type TeamServerOptions } from '../../../../src-main/server/start-server';
import { createLogger } from '../../../../src-main/core/log';
import { MemoryVault } from '../../../../src-main/core/secrets/vault';
import type { CallInput, CallName, CallOutput } from '../../../../src-shared/contract';
import type { AppError, Result } from '../../../../src-shared/errors';

export const OWNER_PASSWORD = 'ejerens-kodeord-1';
export const STAFF_PASSWORD = 'personalets-kode-2';

export interface TestServer {
  server: TeamServer;
  dir: string;
  dataDir: string;
  origin: string;
  fingerprint: string;
  /** A client pinned to this server's certificate (or to `pin`). */
  connect(opts?: ClientOptions): Client;
  /** A connected client signed in as the owner (set up on first use). */
  owner(): Promise<Client>;
  /** A connected client signed in as a new staff user of that name, invited by the owner. */
  staff(name: string): Promise<Client>;
  close(opts?: { keepData?: boolean }): Promise<void>;
}

export interface ClientOptions {
  origin?: string;
  host?: string;
  path?: string;
  pin?: string;
}

export interface Client {
  ws: WebSocket;
  /** Every text frame received, parsed. */
  frames: Record<string, unknown>[];
  /** The raw text of every frame, for leak searches. */
  raw: string[];
  /** Resolves once open; rejects with the refusal's HTTP status or the pinning failure. */
  opened: Promise<void>;
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<Result<CallOutput<N>>>;
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  /** Sends anything (a string, a Buffer) and waits for the next answer frame. */
  raw_send(frame: string | Buffer): Promise<{ id: unknown; result: Result<unknown> }>;
  events(name?: string): { event: string; payload: unknown }[];
  close(): void;
}

export class Refused extends Error {
  constructor(readonly status: number) {
    super(`refused with ${status}`);
  }
}

export function staticFolder(dir: string): string {
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Besked</title>');
  return staticDir;
}

export async function startTestServer(opts: Partial<TeamServerOptions> & { dir?: string } = {}): Promise<TestServer> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'besked-team-server-'));
  const dataDir = opts.dataDir ?? join(dir, 'data');
  const server = await startTeamServer({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    staticDir: staticFolder(dir),
    version: 't',
    serverName: 'Salonen',
    vault: new MemoryVault(),
    log: createLogger({ level: 'error' }),
    ...opts,
    limits: { ...LOOPBACK_STRANGERS, ...opts.limits },
    core: { checkOutputs: true, campaigns: { retryBaseMs: 200, retryMaxMs: 1_000 }, ...opts.core },
  });
  const origin = `https://127.0.0.1:${server.port}`;
  const fingerprint = server.certificate?.fingerprint256 ?? '';
  const clients: Client[] = [];
  let ownerClient: Client | null = null;

  const connect = (o: ClientOptions = {}): Client => {
    const c = client(server.port, { origin, pin: fingerprint, ...o });
    clients.push(c);
    return c;
  };
  const owner = async () => {
    if (ownerClient) return ownerClient;
    const c = connect();
    await c.opened;
    const status = await c.ok('team.status', {});
    if (status.setupNeeded) await c.ok('team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
    else await c.ok('team.signIn', { name: 'Anna', password: OWNER_PASSWORD });
    ownerClient = c;
    return c;
  };
  const staff = async (name: string) => {
    const o = await owner();
    const { code } = await o.ok('team.invite', { role: 'staff', name });
    const c = connect();
    await c.opened;
    await c.ok('team.acceptInvitation', { code, name, password: STAFF_PASSWORD });
    return c;
  };
  return {
    server,
    dir,
    dataDir,
    origin,
    fingerprint,
    connect,
    owner,
    staff,
    close: async (o = {}) => {
      for (const c of clients) c.close();
      await server.close();
      if (!o.keepData && !opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A WebSocket client that, like the desktop app, compares the certificate's fingerprint before sending anything. */
export function client(port: number, o: ClientOptions & { origin: string; pin: string }): Client {
  const ws = new WebSocket(`wss://127.0.0.1:${port}${o.path ?? '/bridge'}`, {
    origin: o.origin,
    rejectUnauthorized: false,
    headers: o.host ? { host: o.host } : {},
  });
  const frames: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const waiting: ((f: { id: unknown; result: Result<unknown> }) => void)[] = [];
  let nextId = 1;
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('upgrade', (res) => {
      const seen = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
      if (seen !== o.pin) {
        ws.terminate();
        reject(new Error(`certificate changed: ${seen}`));
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Refused(res.statusCode ?? 0)));
    ws.on('open', () => resolve());
    ws.on('error', (err) => reject(err));
  });
  opened.catch(() => undefined);
  ws.on('message', (data) => {
    const text = data.toString();
    raw.push(text);
    const f = JSON.parse(text) as Record<string, unknown>;
    frames.push(f);
    if (!('event' in f)) {
      const byId = waiting.findIndex((w) => (w as { id?: unknown }).id === f.id);
      const w = byId >= 0 ? waiting.splice(byId, 1)[0] : waiting.shift();
      w?.(f as { id: unknown; result: Result<unknown> });
    }
  });
  const send = (text: string | Buffer, id?: unknown) =>
    new Promise<{ id: unknown; result: Result<unknown> }>((resolve) => {
      const w = Object.assign((f: { id: unknown; result: Result<unknown> }) => resolve(f), id === undefined ? {} : { id });
      waiting.push(w);
      ws.send(text);
    });
  const call = async <N extends CallName>(name: N, input: CallInput<N>) => {
    await opened;
    const id = nextId++;
    return (await send(JSON.stringify({ id, name, input }), id)).result as Result<CallOutput<N>>;
  };
  return {
    ws,
    frames,
    raw,
    opened,
    call,
    ok: async (name, input) => {
      const r = await call(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r.error)}`);
      return r.value;
    },
    fails: async (name, input) => {
      const r = await call(name, input);
      if (r.ok) throw new Error(`${name} succeeded: ${JSON.stringify(r.value)}`);
      return r.error;
    },
    raw_send: async (frame) => {
      await opened;
      return send(frame);
    },
    events: (name) =>
      frames.filter((f): f is { event: string; payload: unknown } => 'event' in f && (name === undefined || f.event === name)),
    close: () => ws.close(),
  };
}

/** GET over TLS with a chosen Host header; the status and the body. */
export function httpsGet(port: number, path: string, host: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host }, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until `test` holds, polling. */
export async function until(test: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
