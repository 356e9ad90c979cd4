// A real crash while automation runs fall due: a core running a date-field automation (40 appointments, one every
// 15 simulated minutes) is killed with SIGKILL at random moments and started again, three times. Every contact's
// run is recorded once, and the gateway's ledger has each contact's message at most once: exactly once unless the
// kill cut a request short (then the outbox leaves it uncertain, never sends it again by itself).
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { freePort, simCall, tempDir } from '../campaigns/helpers';

const ROOT = resolve(import.meta.dirname, '../../..');
const SPEED = 3_600;
let sim: Simulator | null = null;
let child: ChildProcess | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  child?.kill('SIGKILL');
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  sim = null;
  child = null;
  dataDir = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('automations and a crash', () => {
  it('keep the ledger exact through SIGKILLs at random moments while runs fall due', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const token = 'crash-token-123456';
    const base = `http://127.0.0.1:${port}`;
    sim = await startSimulator({ port, token, speed: SPEED, log: () => undefined });
    const simBase = sim.clock.now();
    const realBase = Date.now();
    dataDir = tempDir('besked-automation-crash-');

    const start = async (first: boolean): Promise<{ exited: Promise<void> }> => {
      const c = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/integration/automations/crash-child.ts'), dataDir!, base, token, String(simBase), String(realBase), String(SPEED), first ? '1' : '0'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      let err = '';
      c.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      await new Promise<void>((res, rej) => {
        c.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && res());
        c.once('exit', () => rej(new Error(`child exited before it was ready: ${err}`)));
      });
      return { exited };
    };

    let run = await start(true);
    for (let kill = 0; kill < 3; kill++) {
      await sleep(500 + Math.random() * 2_500);
      child!.kill('SIGKILL');
      await run.exited;
      run = await start(false);
    }
    // The last appointment is 10.5 simulated hours after the start: wait until every run is recorded and sent.
    const until = Date.now() + 60_000;
    for (;;) {
      const db = new Database(join(dataDir, 'besked.db'), { readonly: true, fileMustExist: true });
      const open = db.prepare("SELECT COUNT(*) FROM automation_occurrences WHERE state IN ('planned', 'sending')").pluck().get() as number;
      const all = db.prepare('SELECT COUNT(*) FROM automation_occurrences').pluck().get() as number;
      db.close();
      if (all === 40 && open === 0) break;
      if (Date.now() > until) throw new Error(`runs not done: ${all} recorded, ${open} open`);
      await sleep(200);
    }
    child!.kill('SIGKILL');
    await run.exited;

    const db = new Database(join(dataDir, 'besked.db'), { readonly: true, fileMustExist: true });
    const rows = db
      .prepare(
        `SELECT o.contact_id, o.occurrence, o.state, c.msisdn, r.state AS recipient
         FROM automation_occurrences o JOIN contacts c ON c.id = o.contact_id
         LEFT JOIN campaign_recipients r ON r.campaign_id = o.campaign_id AND r.contact_id = o.contact_id`,
      )
      .all() as { contact_id: number; occurrence: string; state: string; msisdn: number; recipient: string | null }[];
    db.close();
    const ledger = ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: { recipient: number }[] }).messages;
    const per = new Map<number, number>();
    for (const e of ledger) per.set(e.recipient, (per.get(e.recipient) ?? 0) + 1);

    // One record per contact's appointment.
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.contact_id)).size).toBe(40);
    // Never twice at the gateway.
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    for (const r of rows) {
      expect(['sent', 'failed'], `contact ${r.contact_id}: ${r.state}`).toContain(r.state);
      // Accepted: certainly once. Uncertain (the kill cut its request short): at most once, never sent again.
      if (r.recipient === 'accepted') expect(per.get(r.msisdn), `contact ${r.contact_id}`).toBe(1);
      else expect(r.recipient).toBe('uncertain');
    }
  });
});
