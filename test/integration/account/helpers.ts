// A core in Sandbox (its in-process simulator over real HTTP) for the account tests, with the simulator's control API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import type { CallInput, CallName, CallOutput, EventMessage } from '../../../src-shared/contract';
import { coreCalls } from '../core-calls';
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
  const { ok, fails, sim } = coreCalls(() => core);
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
