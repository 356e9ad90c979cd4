// Contract calls on a test core (one that must succeed, one that must fail) and the Sandbox simulator's control
// API, shared by the test fixtures of every area.
import { createServer } from 'node:net';
import type { Core } from '../../src-main/core/core';
import type { CallInput, CallName, CallOutput } from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';

export interface CoreCalls {
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  /** The simulator behind the core's current connection (its legacy address and token). */
  sim(method: string, path: string, body?: unknown): Promise<unknown>;
}

export function coreCalls(core: () => Core): CoreCalls {
  return {
    async ok(name, input) {
      const r = await core().dispatch(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value as never;
    },
    async fails(name, input) {
      const r = await core().dispatch(name, input);
      if (r.ok) throw new Error(`${name} succeeded but should have failed`);
      return r.error;
    },
    async sim(method, path, body) {
      const t = await core().connection.target();
      return simCall(t.legacyUrl, t.token, method, path, body);
    },
  };
}

export async function simCall(base: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`sim ${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** A loopback port nothing listens on (yet): connections to it are refused. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
