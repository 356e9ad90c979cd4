// A core with the campaigns engine against the simulator over real HTTP, with contract calls that must succeed,
// the simulator's /_sim control API, and waiting for campaign states.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import type { CallInput, CallName, CallOutput, CampaignDraft, CampaignSummary, EventMessage } from '../../../src-shared/contract';
import { coreCalls } from '../core-calls';
import { openDatabase, type Db } from '../../../src-main/core/db/database';

export { freePort, simCall } from '../core-calls';
import type { AppError } from '../../../src-shared/errors';
import type { LedgerEntry } from '../../../src-sim/ledger';

export type { LedgerEntry };

export interface TestCore {
  core: Core;
  dataDir: string;
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  /** The sandbox simulator's control API (or the one at `base` with `token`). */
  sim(method: string, path: string, body?: unknown): Promise<unknown>;
  ledger(): Promise<LedgerEntry[]>;
  events: EventMessage[];
  /** Waits until the campaign is in one of the states; fails with the last summary after the timeout. */
  waitForState(id: number, states: CampaignSummary['state'][], timeoutMs?: number): Promise<CampaignSummary>;
  close(opts?: { keepData?: boolean }): Promise<void>;
}

export function tempDir(prefix = 'besked-campaigns-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** What one test opens (a database on disk, a core), closed and removed by `after()` in afterEach. */
export function perTest() {
  const dirs: string[] = [];
  let db: Db | null = null;
  let core: TestCore | null = null;
  const dir = (prefix: string): string => {
    const d = tempDir(prefix);
    dirs.push(d);
    return d;
  };
  return {
    /** A fresh folder, removed after the test. */
    dir,
    /** A migrated database in a fresh folder. */
    db(prefix: string): Db {
      db = openDatabase(join(dir(prefix), 'besked.db'));
      return db;
    },
    async core(opts?: Parameters<typeof startTestCore>[0]): Promise<TestCore> {
      core = await startTestCore(opts);
      return core;
    },
    async after(): Promise<void> {
      db?.close();
      db = null;
      await core?.close();
      core = null;
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

export async function startTestCore(
  opts: { dataDir?: string; campaigns?: CoreOptions['campaigns']; vault?: MemoryVault; pricing?: CoreOptions['pricing']; team?: CoreOptions['team']; privacy?: CoreOptions['privacy']; automations?: CoreOptions['automations'] } = {},
): Promise<TestCore> {
  const dataDir = opts.dataDir ?? tempDir();
  const core = await startCore({
    dataDir,
    shell: 'web',
    version: 't',
    vault: opts.vault ?? new MemoryVault(),
    checkOutputs: true,
    log: createLogger({ level: 'error' }),
    // Small frozen batches: every list of more than three legacy recipients crosses batch edges (frozen-batches.ts).
    campaigns: { retryBaseMs: 200, retryMaxMs: 1_000, batchSize: 3, ...opts.campaigns },
    ...(opts.pricing ? { pricing: opts.pricing } : {}),
    ...(opts.team ? { team: opts.team } : {}),
    ...(opts.privacy ? { privacy: opts.privacy } : {}),
    ...(opts.automations ? { automations: opts.automations } : {}),
  });
  const events: EventMessage[] = [];
  core.events.subscribe((m) => events.push(m));
  const { ok, fails, sim } = coreCalls(() => core);
  const waitForState = async (id: number, states: CampaignSummary['state'][], timeoutMs = 30_000) => {
    const until = Date.now() + timeoutMs;
    let last: CampaignSummary | null = null;
    while (Date.now() < until) {
      last = (await ok('campaigns.get', { id })) as CampaignSummary;
      if (states.includes(last.state)) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`campaign ${id} did not reach ${states.join('/')}: ${JSON.stringify(last)}`);
  };
  return {
    core,
    dataDir,
    ok,
    fails,
    sim,
    ledger: async () => ((await sim('GET', '/_sim/ledger')) as { messages: LedgerEntry[] }).messages,
    events,
    waitForState,
    close: async (o = {}) => {
      await core.close();
      if (!o.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function draft(overrides: Partial<CampaignDraft> = {}): CampaignDraft {
  return {
    name: 'Test',
    channel: 'legacy',
    sender: 'Besked',
    text: 'Hello',
    fallbacks: {},
    options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
    recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] },
    sendAt: null,
    ...overrides,
  };
}

/** Danish mobile numbers that libphonenumber accepts: +45 20 00 00 00 onwards. */
export function dkNumber(i: number): number {
  return 4520000000 + i;
}

/** n typed Danish numbers from dkNumber(from) on, as a user would paste them. */
export const numbers = (from: number, n: number): string[] => Array.from({ length: n }, (_, i) => `+${dkNumber(from + i)}`);

/** Creates a group of contacts through the contract; returns the group id and the contacts' ids. */
export async function makeGroup(
  t: TestCore,
  name: string,
  people: { firstName?: string; lastName?: string; phone: string; custom?: Record<string, string> }[],
): Promise<{ groupId: number; ids: number[] }> {
  const group = await t.ok('groups.create', { name });
  const ids: number[] = [];
  for (const p of people) {
    const c = await t.ok('contacts.create', { ...p, groupIds: [group.id] });
    ids.push(c.id);
  }
  return { groupId: group.id, ids };
}
