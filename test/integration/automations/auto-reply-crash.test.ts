// A SIGKILL while auto-replies are being decided and sent, then a restart: every inbound text is decided once and
// answered at most once — no reply campaign without its decision, no decision with two replies, no number texted twice.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { freePort, simCall, startTestCore, tempDir, type TestCore } from '../campaigns/helpers';

const ROOT = resolve(import.meta.dirname, '../../..');
let t: TestCore | null = null;
let sim: Simulator | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

const NUMBERS = Array.from({ length: 100 }, (_, i) => 4522000000 + i);

function decidedIn(dataDir: string): number {
  try {
    const d = new Database(join(dataDir, 'besked.db'), { readonly: true, fileMustExist: true });
    try {
      return d.prepare('SELECT COUNT(*) FROM auto_replies').pluck().get() as number;
    } finally {
      d.close();
    }
  } catch {
    return 0; // not created (or not migrated) yet
  }
}

describe('a crash during auto-replies', () => {
  it.each([15, 90, 120])('killed after %i decisions: each text answered at most once after the restart', async (killAfter) => {
    const port = await freePort();
    const token = 'crash-token-123456';
    const base = `http://127.0.0.1:${port}`;
    sim = await startSimulator({ port, token, log: () => undefined });
    // Slow answers, so sends are in flight when the process dies.
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', answer_latency_ms: 300 }] });
    for (const round of [1, 2]) for (const n of NUMBERS) await simCall(base, token, 'POST', '/_sim/inbound', { msisdn: n, receiver: 1204, message: `hej ${round}` });

    const dataDir = tempDir('besked-autoreply-crash-');
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/integration/automations/replies-crash-child.ts'), dataDir, base, token], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const until = Date.now() + 30_000;
    while (decidedIn(dataDir) < killAfter) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`child did not decide ${killAfter}: ${err}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    // Killed part-way: some texts were decided and answered, the rest were not. (The last kill point leaves 80
    // decisions to go: they come in one quick burst, and a later point was passed before the kill landed on a busy machine.)
    expect(decidedIn(dataDir)).toBeLessThan(200);
    await new Promise((r) => setTimeout(r, 600));
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [] });

    // The token lived in the child's memory: given again, then one more text makes the inbox fetch and the rules look.
    t = await startTestCore({ dataDir });
    await t.ok('settings.setToken', { platform: 'default', token });
    await simCall(base, token, 'POST', '/_sim/inbound', { msisdn: NUMBERS[0], receiver: 1204, message: 'hej 3' });
    await t.ok('sync.now', {});
    const db = t.core.db;
    const stored = () => db.prepare('SELECT COUNT(*) FROM inbound_messages').pluck().get() as number;
    const decided = () => db.prepare('SELECT COUNT(*) FROM auto_replies').pluck().get() as number;
    for (const stop = Date.now() + 30_000; decided() < 201 || stored() < 201; ) {
      if (Date.now() > stop) throw new Error(`${decided()} of ${stored()} decided`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(stored()).toBe(201);
    const outcomes = db.prepare('SELECT outcome, COUNT(*) AS n FROM auto_replies GROUP BY outcome').all() as { outcome: string; n: number }[];
    expect(outcomes).toEqual([{ outcome: 'replied', n: 201 }]);
    // Every reply campaign belongs to exactly one decision, and each has one recipient.
    const campaigns = db.prepare("SELECT COUNT(*) FROM campaigns WHERE kind = 'reply' AND automation_id IS NOT NULL").pluck().get() as number;
    const linked = db.prepare('SELECT COUNT(DISTINCT campaign_id) FROM auto_replies').pluck().get() as number;
    expect([campaigns, linked]).toEqual([201, 201]);

    // Let the outbox finish, then the gateway's ledger: no number got more replies than it sent texts.
    for (const stop = Date.now() + 30_000; ; ) {
      const open = db.prepare("SELECT COUNT(*) FROM campaign_recipients WHERE state IN ('queued', 'in_flight')").pluck().get() as number;
      if (open === 0) break;
      if (Date.now() > stop) throw new Error(`${open} replies still open`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const ledger = ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: { recipient: number }[] }).messages;
    const per = new Map<number, number>();
    for (const m of ledger) per.set(m.recipient, (per.get(m.recipient) ?? 0) + 1);
    for (const n of NUMBERS) expect(per.get(n) ?? 0).toBeLessThanOrEqual(n === NUMBERS[0] ? 3 : 2);
    const uncertain = db.prepare("SELECT COUNT(*) FROM campaign_recipients WHERE state = 'uncertain'").pluck().get() as number;
    expect(ledger.length).toBeGreaterThanOrEqual(201 - uncertain);
    expect(ledger.length).toBeLessThanOrEqual(201);
  }, 120_000);
});
