// A core connected live to a simulator this test owns (so it can be stopped and started again on the same port
// with its state), with short gateway time-outs, the pollers on the simulator's clock, fault rules, and the audit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import type { FaultRule } from '../../../src-sim/faults';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import type { CallInput, CallName, CallOutput, CampaignSummary } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';
import { draft, freePort, simCall } from '../campaigns/helpers';
import { reconcile, recipientRows, type SimLedgerEntry } from './ledger-reconcile';

/** Requests wait this long for response headers: latency above it is a time-out. */
export const HEADERS_TIMEOUT_MS = 1_200;

export interface FaultWorld {
  core: Core;
  dir: string;
  base: string;
  token: string;
  sim(): Simulator;
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<{ ok: true; value: CallOutput<N> } | { ok: false; error: AppError }>;
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  faults(rules: FaultRule[]): Promise<void>;
  ledger(): Promise<SimLedgerEntry[]>;
  /** Stops the simulator (its state is saved); requests are refused until startSim(). */
  stopSim(): Promise<void>;
  startSim(): Promise<void>;
  /** Creates, fills and sends a campaign to these numbers; returns its id. */
  send(numbers: number[], channel?: 'legacy' | 'messaging'): Promise<number>;
  /** Waits for a final campaign state. */
  settled(id: number, timeoutMs?: number): Promise<CampaignSummary>;
  /** The audit's problems for everything sent so far (empty = books match). */
  audit(opts?: { settled?: boolean }): Promise<string[]>;
  close(): Promise<void>;
}

export async function startFaultWorld(opts: { chunkSize?: number } = {}): Promise<FaultWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'besked-faults-'));
  const token = 'fault-token-' + Math.random().toString(36).slice(2);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const state = join(dir, 'sim-state.json');
  let sim: Simulator | null = await startSimulator({ port, token, state, log: () => undefined });
  let clock = sim.clock;

  const core = await startCore({
    dataDir: join(dir, 'besked'),
    shell: 'web',
    version: 't',
    vault: new MemoryVault(),
    checkOutputs: true,
    log: createLogger({ level: 'error' }),
    // Batches of 4 against chunks of 5: chunks straddle frozen batches (frozen-batches.ts).
    campaigns: { chunkSize: opts.chunkSize ?? 5, batchSize: 4, retryBaseMs: 100, retryMaxMs: 400 },
    gateway: { timeouts: { headersMs: HEADERS_TIMEOUT_MS, bodyMs: HEADERS_TIMEOUT_MS }, retry: { baseDelayMs: 20, maxDelayMs: 200 } },
    sync: { now: () => clock.now() },
  });
  const call = async <N extends CallName>(name: N, input: CallInput<N>) =>
    (await core.dispatch(name, input)) as { ok: true; value: CallOutput<N> } | { ok: false; error: AppError };
  const ok = async <N extends CallName>(name: N, input: CallInput<N>) => {
    const r = await call(name, input);
    if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
    return r.value;
  };
  const control = async <T,>(method: string, path: string, body?: unknown) => (await simCall(base, token, method, path, body)) as T;
  await ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
  await ok('settings.setToken', { platform: 'default', token });

  const w: FaultWorld = {
    core,
    dir,
    base,
    token,
    sim: () => {
      if (!sim) throw new Error('the simulator is stopped');
      return sim;
    },
    ok,
    call,
    control,
    faults: async (rules) => {
      await control('PUT', '/_sim/faults', { rules });
    },
    ledger: async () => (await control<{ messages: SimLedgerEntry[] }>('GET', '/_sim/ledger')).messages,
    stopSim: async () => {
      await sim?.close();
      sim = null;
    },
    startSim: async () => {
      sim = await startSimulator({ port, token, state, log: () => undefined });
      clock = sim.clock;
    },
    send: async (numbers, channel = 'legacy') => {
      const { id } = await ok('campaigns.create', {});
      const d = draft({ channel, name: `Faults ${id}`, recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers.map((n) => `+${n}`) } });
      await ok('campaigns.saveDraft', { id, draft: d });
      await ok('campaigns.send', { id, liveAcknowledged: true });
      return id;
    },
    settled: async (id, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      let last: CampaignSummary | null = null;
      while (Date.now() < until) {
        last = await ok('campaigns.get', { id });
        if (['sent', 'partly_failed', 'failed', 'paused'].includes(last.state)) return last;
        await new Promise((r) => setTimeout(r, 40));
      }
      throw new Error(`campaign ${id} did not settle: ${JSON.stringify(last)}`);
    },
    audit: async (o = {}) => reconcile(recipientRows(core.db), await w.ledger(), o),
    close: async () => {
      await core.close();
      await sim?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return w;
}
