// Test helpers: an in-process simulator, a token-carrying fetch, and a local webhook receiver that records raw bodies.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../src-sim/index';

export const TOKEN = 'test-token';
export const EU_TOKEN = 'test-token-eu';

export interface Sim extends Simulator {
  /** fetch against the default platform with the token header set (unless `auth: false`). */
  call(path: string, init?: RequestInit & { auth?: boolean | string; json?: unknown }): Promise<Response>;
  /** JSON body of a call that must answer `status`. */
  ok<T = unknown>(path: string, init?: RequestInit & { auth?: boolean | string; json?: unknown }, status?: number): Promise<T>;
  control<T = unknown>(method: string, path: string, json?: unknown): Promise<T>;
  ledger(): Promise<LedgerEntry[]>;
}

export interface LedgerEntry {
  interface: 'messaging' | 'legacy';
  id: string;
  recipient: number;
  text: string;
  encoding: string;
  parts: number;
  status: string;
  created_at: string;
  cost: number;
  country: string | null;
  channel: string;
}

export async function startSim(opts: Partial<SimulatorOptions> = {}): Promise<Sim> {
  const sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined, ...opts });
  const call: Sim['call'] = (path, init = {}) => {
    const { auth = true, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (auth !== false && !headers.has('authorization')) headers.set('authorization', `Token ${auth === true ? TOKEN : auth}`);
    let body = rest.body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    return fetch(sim.url + path, { ...rest, headers, body });
  };
  const ok: Sim['ok'] = async (path, init, status = 200) => {
    const res = await call(path, init);
    const text = await res.text();
    if (res.status !== status) throw new Error(`${init?.method ?? 'GET'} ${path}: expected ${status}, got ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as never;
  };
  const control: Sim['control'] = (method, path, json) => ok(path, { method, ...(json !== undefined ? { json } : {}) }, method === 'POST' && path === '/_sim/inbound' ? 201 : 200);
  return Object.assign(sim, {
    call,
    ok,
    control,
    ledger: async () => (await control<{ messages: LedgerEntry[] }>('GET', '/_sim/ledger')).messages,
  });
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  json: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status to answer with, per request (default 200). */
  answer: (r: Received) => number | 'hang';
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const holder: { server?: Server } = {};
  const receiver: Receiver = {
    url: '',
    received,
    answer: () => 200,
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver: expected ${n} calls, got ${received.length}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((r) => {
        holder.server!.closeAllConnections();
        holder.server!.close(() => r());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded as is
      }
      const r: Received = { path: req.url ?? '/', headers: req.headers, raw, json };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      const answer = receiver.answer(r);
      if (answer === 'hang') return;
      res.writeHead(answer).end();
    });
  });
  holder.server = server;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
