// A core over a data folder on disk for the backup tests: a clock the test moves, a timer it fires, and a vault.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { coreCalls, type CoreCalls } from '../core-calls';
import { startHost, type Host } from '../../../src-main/core/remote/host';
import type { EventMessage } from '../../../src-shared/contract';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { freePort, simCall } from '../core-calls';
import type { SimLedgerEntry } from '../reliability/ledger-reconcile';

export const T0 = Date.parse('2026-11-02T09:00:00.000Z');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface BackupWorld {
  dataDir: string;
  core: Core;
  calls: CoreCalls;
  vault: MemoryVault;
  clock: { now: number };
  /** Fires the hourly look (as if an hour had passed on the timer). */
  tick(): void;
  restart(extra?: Partial<CoreOptions>): Promise<void>;
  /** Closes the core, runs `between` over the closed data folder (a server's restore), and starts it again. */
  restartAfter(between: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

const dirs: string[] = [];
export function tempDir(prefix = 'besked-backup-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}
export function removeTempDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

export async function backupWorld(dataDir = tempDir(), extra: Partial<CoreOptions> = {}): Promise<BackupWorld> {
  const vault = new MemoryVault();
  const clock = { now: T0 };
  let fire: (() => void) | null = null;
  const start = (more: Partial<CoreOptions>) =>
    startCore({
      dataDir,
      shell: 'web',
      version: 'test',
      vault,
      log: createLogger({ level: 'error' }),
      checkOutputs: true,
      backup: {
        now: () => clock.now,
        every: (_ms, fn) => {
          fire = fn;
          return () => (fire = null);
        },
      },
      ...more,
    });
  const w: BackupWorld = {
    dataDir,
    core: await start(extra),
    calls: coreCalls(() => w.core),
    vault,
    clock,
    tick: () => fire?.(),
    restart: async (more = {}) => {
      await w.core.close();
      w.core = await start({ ...extra, ...more });
    },
    restartAfter: async (between) => {
      await w.core.close();
      await between();
      w.core = await start(extra);
    },
    close: () => w.core.close(),
  };
  return w;
}

/** The desktop app's host over a data folder: what a restore restarts in place (the window's calls keep going to it). */
export interface HostWorld {
  dataDir: string;
  host: Host;
  calls: Pick<CoreCalls, 'ok' | 'fails'>;
  vault: MemoryVault;
  clock: { now: number };
  events: EventMessage[];
  /** Waits until a restore's restart is done (the next call waits for it too). */
  settled(): Promise<void>;
}

export async function hostWorld(dataDir = tempDir(), vault = new MemoryVault(), clock = { now: T0 }, core: Pick<CoreOptions, 'campaigns' | 'automations'> = {}): Promise<HostWorld> {
  const host = await startHost({
    dataDir,
    shell: 'electron',
    version: 'test',
    log: createLogger({ level: 'error' }),
    vault,
    core: { instance: 'test', checkOutputs: true, backup: { now: () => clock.now, every: () => () => undefined }, ...core },
  });
  const events: EventMessage[] = [];
  host.events.subscribe((m) => events.push(m));
  const calls: HostWorld['calls'] = {
    async ok(name, input) {
      const r = await host.dispatch(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${r.error.code ?? r.error.kind}: ${r.error.message}`);
      return r.value as never;
    },
    async fails(name, input) {
      const r = await host.dispatch(name, input);
      if (r.ok) throw new Error(`${name} succeeded but should have failed`);
      return r.error;
    },
  };
  return {
    dataDir,
    host,
    calls,
    vault,
    clock,
    events,
    settled: async () => {
      await host.dispatch('app.info', {});
    },
  };
}

/** A simulator on real HTTP standing in for the live gateway, and what it accepted. */
export interface GatewaySim {
  sim: Simulator;
  base: string;
  token: string;
  ledger(): Promise<(SimLedgerEntry & { text: string })[]>;
  /** Points a core at it, live, with its token. */
  use(calls: Pick<CoreCalls, 'ok'>): Promise<void>;
}

export async function gatewaySim(): Promise<GatewaySim> {
  const port = await freePort();
  const token = 'backup-sim-' + Math.random().toString(36).slice(2);
  const base = `http://127.0.0.1:${port}`;
  const sim = await startSimulator({ port, token, log: () => undefined });
  return {
    sim,
    base,
    token,
    ledger: async () => ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: (SimLedgerEntry & { text: string })[] }).messages,
    use: async (calls) => {
      await calls.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
      await calls.ok('settings.setToken', { platform: 'default', token });
    },
  };
}

/** After a test over a host and a simulator: both closed (the host may be half-way through a restart), folders removed. */
export async function closeLive(w: HostWorld | null, g: GatewaySim | null): Promise<void> {
  await w?.host.close().catch(() => undefined);
  await g?.sim.close();
  removeTempDirs();
}
