// Disk full while a campaign sends (issue 17), on a real 16 MB tmpfs data folder: sending waits and says why in words
// a shop owner can act on, every view stays readable, nothing is marked failed or uncertain because of the disk, and
// once space is freed the campaign goes on by itself with every recipient in the gateway's ledger exactly once.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import type { CallInput, CallName, CallOutput } from '../../../src-shared/contract';
import { dkNumber, draft, freePort, simCall } from '../campaigns/helpers';
import { reconcile, recipientRows, type SimLedgerEntry } from './ledger-reconcile';

/** A small tmpfs to fill; root can mount one. Elsewhere (no root, no tmpfs) the test says why it does not run. */
function mountTmpfs(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'besked-diskfull-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const mount = mountTmpfs();
let core: Core | null = null;
let sim: Simulator | null = null;
afterEach(async () => {
  await core?.close().catch(() => undefined);
  await sim?.close();
  core = null;
  sim = null;
});

/** Writes zeros until the file system refuses: returns the filler's path. */
function fill(dir: string): string {
  const path = join(dir, 'filler.bin');
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return path;
}

// Mounting needs root and tmpfs (CI and the development machine have both); without them this cannot be staged.
describe.skipIf(mount === null)('a full disk while sending', () => {
  it('waits with a clear reason, stays readable, and goes on by itself once space is freed', async () => {
    const dataDir = join(mount!, 'besked');
    const port = await freePort();
    const token = 'disk-full-token-' + Math.random().toString(36).slice(2);
    const base = `http://127.0.0.1:${port}`;
    // The gateway keeps its books elsewhere: only Besked's disk is full.
    sim = await startSimulator({ port, token, log: () => undefined });
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', latency_ms: 150 }] });
    core = await startCore({
      dataDir,
      shell: 'web',
      version: 't',
      vault: new MemoryVault(),
      checkOutputs: true,
      log: createLogger({ level: 'error' }),
      campaigns: { chunkSize: 2, batchSize: 3, retryBaseMs: 100, retryMaxMs: 400 },
    });
    const call = async <N extends CallName>(name: N, input: CallInput<N>) => core!.dispatch(name, input);
    const ok = async <N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> => {
      const r = await call(name, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
      return r.value as CallOutput<N>;
    };
    await ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
    await ok('settings.setToken', { platform: 'default', token });

    const { id } = await ok('campaigns.create', {});
    const nums = Array.from({ length: 30 }, (_, i) => `+${dkNumber(5000 + i)}`);
    await ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: nums } }) });
    await ok('campaigns.send', { id, liveAcknowledged: true });
    const until = Date.now() + 20_000;
    while ((await ok('campaigns.get', { id })).counts.accepted < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));

    // The write-ahead log is emptied first: a log that already holds pages is reused in place, and the whole campaign
    // could then be written down without asking the full disk for one more byte.
    // The checkpointer's thread may be copying at that instant (db/checkpointer.ts): then the log is not truncated
    // (busy), so it is asked again until it is.
    for (let tries = 0; ; tries++) {
      const [r] = core.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number }[];
      if (r!.busy === 0 && r!.log === 0) break;
      if (tries > 100) throw new Error(`the write-ahead log could not be emptied: ${JSON.stringify(r)}`);
      await new Promise((res) => setTimeout(res, 10));
    }
    const filler = fill(mount!);
    // Sending stops at the next write, and says why.
    let waiting = await ok('campaigns.get', { id });
    while (!(waiting.state === 'waiting' && waiting.waitingReason === 'storage') && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      waiting = await ok('campaigns.get', { id });
    }
    expect(waiting).toMatchObject({ state: 'waiting', waitingReason: 'storage' });
    expect(await ok('app.storage', {})).toEqual({ problem: 'full' });
    // Every view stays readable.
    expect((await ok('campaigns.list', {})).campaigns.map((c) => c.id)).toContain(id);
    expect((await ok('campaigns.recipients', { id, filter: 'all', offset: 0, limit: 50 })).total).toBe(30);
    // A write the user asks for is refused in words, not "something went wrong".
    // A write may still fit in space SQLite already holds (its write-ahead log is reused, not grown, after a
    // checkpoint); the first one that needs more is refused.
    let refused = await call('campaigns.create', {});
    let fitted = 0;
    while (refused.ok && fitted < 50) {
      fitted++;
      refused = await call('campaigns.create', {});
    }
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('storage.full');
      expect(refused.error.message).toMatch(/The disk is full.*Free some space.*Nothing was sent twice and nothing is lost/);
    }
    const before = (await simCall(base, token, 'GET', '/_sim/ledger') as { messages: unknown[] }).messages.length;
    await new Promise((r) => setTimeout(r, 1_000));
    // Nothing more went out while Besked could not write down what it sent.
    const during = (await simCall(base, token, 'GET', '/_sim/ledger') as { messages: unknown[] }).messages.length;
    expect(during - before).toBeLessThanOrEqual(2);

    rmSync(filler);
    let done = await ok('campaigns.get', { id });
    const until2 = Date.now() + 30_000;
    while (done.state !== 'sent' && Date.now() < until2) {
      await new Promise((r) => setTimeout(r, 50));
      done = await ok('campaigns.get', { id });
    }
    expect(done.state).toBe('sent');
    expect(done.counts).toMatchObject({ accepted: 30, uncertain: 0, failed: 0 });
    expect(await ok('app.storage', {})).toEqual({ problem: null });
    const ledger = (await simCall(base, token, 'GET', '/_sim/ledger') as { messages: SimLedgerEntry[] }).messages;
    expect(ledger).toHaveLength(30);
    expect(reconcile(recipientRows(core.db), ledger, { settled: true })).toEqual([]);
  });
});

afterAll(() => {
  if (mount) {
    try {
      execFileSync('umount', [mount], { stdio: 'ignore' });
    } finally {
      rmSync(mount, { recursive: true, force: true });
    }
  }
});
