// A real crash: the process sending a campaign is killed (SIGKILL) while a request is on its way. On the next start
// that chunk is uncertain and never resent by itself; the rest goes out exactly once.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { freePort, simCall, startTestCore, tempDir, type TestCore } from './helpers';
import { PushedStatuses } from '../../../src-main/core/sync/pushed-status';
import { StatusStore } from '../../../src-main/core/sync/status-store';

const ROOT = resolve(import.meta.dirname, '../../..');
let t: TestCore | null = null;
let sim: Simulator | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

describe('a crash mid-request', () => {
  it('leaves the chunk uncertain on restart and sends the rest once', async () => {
    const port = await freePort();
    const token = 'crash-token-123456';
    const base = `http://127.0.0.1:${port}`;
    sim = await startSimulator({ port, token, log: () => undefined });
    // Answers are slow: the gateway accepts each request at once and answers 1.5 s later, so the child is killed
    // after the gateway took a request and before Besked heard so (the case issue 17 names).
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', answer_latency_ms: 1500 }] });
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/integration/campaigns/crash-child.ts'), dataDir, base, token], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));

    const db = await (async () => {
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        try {
          const d = new Database(join(dataDir, 'besked.db'), { readonly: true, fileMustExist: true });
          const inFlight = d.prepare("SELECT COUNT(*) FROM send_chunks WHERE state = 'in_flight'").pluck().get() as number;
          if (inFlight > 0) return d;
          d.close();
        } catch {
          // not created yet
        }
        if (child.exitCode !== null) throw new Error(`child exited early: ${err}`);
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error(`no chunk went in flight: ${err}`);
    })();
    db.close();
    // The chunk is marked in flight before its request goes out: give the request time to reach the gateway.
    await new Promise((r) => setTimeout(r, 400));
    child.kill('SIGKILL');
    await exited;
    // Let the simulator finish whatever it was doing with the request.
    await new Promise((r) => setTimeout(r, 1800));
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [] });

    // The token lived in memory only, so the new process starts in Sandbox: the campaign refuses to switch
    // gateways on its own and waits for the user.
    t = await startTestCore({ dataDir, campaigns: { chunkSize: 2 } });
    const list = await t.ok('campaigns.list', {});
    const id = list.campaigns[0]!.id;
    const paused = await t.waitForState(id, ['paused']);
    expect(paused.lastError).toMatch(/started on the live gateway/);
    expect(paused.lastErrorCode).toEqual({ code: 'campaign.startedLive' });
    expect(paused.counts).toMatchObject({ uncertain: 2, queued: 8, inFlight: 0 });
    await t.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
    await t.ok('settings.setToken', { platform: 'default', token });
    await t.ok('campaigns.resume', { id });
    const done = await t.waitForState(id, ['partly_failed'], 20_000);
    expect(done).toMatchObject({ lastError: null, lastErrorCode: null });
    expect(done.counts.uncertain).toBe(2);
    expect(done.counts.accepted).toBe(8);
    const detail = await t.ok('campaigns.get', { id });
    expect(detail.uncertainChunks).toHaveLength(1);
    expect(detail.uncertainChunks[0]!.error).toMatch(/stopped before it could record the gateway’s answer.*may well have accepted/);

    const ledger = ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: { id: string; recipient: number; reference: string | null }[] })
      .messages;
    const per = new Map<number, number>();
    for (const e of ledger) per.set(e.recipient, (per.get(e.recipient) ?? 0) + 1);
    // Every recipient at most once; all but the uncertain two certainly once.
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    expect(per.size).toBe(10);

    // The gateway did take the cut-off request: a delivery report naming it (by the userref Besked gave the chunk)
    // confirms its recipients one by one, and the campaign page counts them (issue 17).
    const seq = detail.uncertainChunks[0]!.seq;
    const reached = ledger.filter((e) => e.reference === `c${id}k${seq}`);
    expect(reached).toHaveLength(2);
    const pushed = new PushedStatuses(new StatusStore(t.core.db), () => undefined);
    const applied = pushed.apply(reached[0]!.id, { msisdn: reached[0]!.recipient, status: 'DELIVERED', at: Date.now() }, 'legacy', reached[0]!.reference);
    expect(applied).toHaveLength(1);
    // A report without a reference, or naming another campaign, adopts nothing.
    expect(pushed.apply('424242', { msisdn: reached[1]!.recipient, status: 'DELIVERED' }, 'legacy', null)).toBeNull();
    expect(pushed.apply('424243', { msisdn: reached[1]!.recipient, status: 'DELIVERED' }, 'legacy', `c${id + 1}k${seq}`)).toBeNull();
    const after = await t.ok('campaigns.get', { id });
    expect(after.counts).toMatchObject({ uncertain: 1, accepted: 9 });
    expect(after.uncertainChunks).toMatchObject([{ seq, recipients: 1, confirmed: 1 }]);
    const row = t.core.db.prepare('SELECT state, gateway_id, status FROM campaign_recipients WHERE campaign_id = ? AND msisdn = ?').get(id, reached[0]!.recipient);
    expect(row).toEqual({ state: 'accepted', gateway_id: reached[0]!.id, status: 'delivered' });
  });
});
