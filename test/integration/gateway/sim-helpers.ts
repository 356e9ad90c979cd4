// Shared set-up for the gateway client's simulator tests: one in-process simulator (both platforms), its control API, clients.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { GatewayClient, type GatewayClientOptions } from '../../../src-main/core/gateway/client';
import type { RetryEvent } from '../../../src-main/core/gateway/caller';
import type { LedgerEntry } from '../../../src-sim/ledger';

export type { LedgerEntry };

export const TOKEN = 'sim-default-token-0123456789';
export const EU_TOKEN = 'sim-eu-token-9876543210';

export async function startSim(): Promise<Simulator> {
  return startSimulator({ port: 0, token: TOKEN, euPort: 0, euToken: EU_TOKEN, log: () => {} });
}

export interface Control {
  (method: string, path: string, body?: unknown): Promise<unknown>;
}

/** The simulator's /_sim control API on one platform. */
export function control(baseUrl: string, token = TOKEN): Control {
  return async (method, path, body) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
}

/** The simulator's ledger entries, as its control API returns them. */
export async function ledger(ctl: Control): Promise<LedgerEntry[]> {
  return ((await ctl('GET', '/_sim/ledger')) as { messages: LedgerEntry[] }).messages;
}

/** How many requests the platform served on one route, e.g. "POST /mobile/single". */
export async function served(ctl: Control, route: string): Promise<number> {
  const s = (await ctl('GET', '/_sim/stats')) as { requests: Record<string, number> };
  return s.requests[route] ?? 0;
}

export async function stats(ctl: Control): Promise<{ total: number; connections: number; requests: Record<string, number> }> {
  return (await ctl('GET', '/_sim/stats')) as { total: number; connections: number; requests: Record<string, number> };
}

export interface TestClient {
  client: GatewayClient;
  retries: RetryEvent[];
}

/** A client for one simulator platform, with fast backoff and a record of its retries. */
export function clientFor(url: string, token: string | null = TOKEN, extra: Partial<GatewayClientOptions> = {}): TestClient {
  const retries: RetryEvent[] = [];
  const client = new GatewayClient({
    endpoints: () => ({ messagingUrl: url, legacyUrl: url }),
    token: async () => token,
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    onRetry: (e) => retries.push(e),
    ...extra,
  } as GatewayClientOptions);
  return { client, retries };
}

export interface SimSuite {
  readonly sim: Simulator;
  readonly ctl: Control;
  /** A fresh client per test, on a simulator reset before each test; a test may put its own in (closed after it). */
  gw: TestClient;
}

/** One simulator for the file, reset before each test, and a fresh client for each test. */
export function simSuite(): SimSuite {
  const s: { sim?: Simulator; ctl?: Control; gw?: TestClient } = {};
  beforeAll(async () => {
    s.sim = await startSim();
    s.ctl = control(s.sim.url);
  });
  afterAll(async () => {
    await s.gw?.client.close();
    await s.sim?.close();
  });
  beforeEach(async () => {
    await s.ctl!('POST', '/_sim/reset');
    await s.gw?.client.close();
    s.gw = clientFor(s.sim!.url);
  });
  return s as SimSuite;
}
