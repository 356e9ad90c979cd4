// A core in Sandbox (its in-process simulator over real HTTP) for the account tests, with the simulator's control API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import type { CallInput, CallName, CallOutput, EventMessage } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';

export interface AccountCore {
  core: Core;
  /** A contract call that must succeed. */
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  /** A contract call that must fail; its error value. */
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  /** The simulator's /_sim control API. */
  sim(method: string, path: string, body?: unknown): Promise<unknown>;
  events: EventMessage[];
  close(): Promise<void>;
}

export async function startAccountCore(): Promise<AccountCore> {
  const dir = mkdtempSync(join(tmpdir(), 'besked-account-'));
  const core = await startCore({ dataDir: dir, shell: 'web', version: 't', vault: new MemoryVault(), checkOutputs: true, log: createLogger({ level: 'error' }) });
  const events: EventMessage[] = [];
  core.events.subscribe((m) => events.push(m));
  const ok = async <N extends CallName>(name: N, input: CallInput<N>) => {
    const r = await core.dispatch(name, input);
    if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
    return r.value as CallOutput<N>;
  };
  const fails = async <N extends CallName>(name: N, input: CallInput<N>) => {
    const r = await core.dispatch(name, input);
    if (r.ok) throw new Error(`${name} succeeded but should have failed`);
    return r.error;
  };
  const sim = async (method: string, path: string, body?: unknown) => {
    const t = await core.connection.target();
    const res = await fetch(t.legacyUrl + path, {
      method,
      headers: { authorization: `Token ${t.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sim ${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return {
    core,
    ok,
    fails,
    sim,
    events,
    close: async () => {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Today and yesterday as the simulator counts days (UTC), so a range always covers what was just sent. */
export function utcDays(): { today: string; yesterday: string } {
  const now = Date.now();
  return { today: new Date(now).toISOString().slice(0, 10), yesterday: new Date(now - 86_400_000).toISOString().slice(0, 10) };
}
