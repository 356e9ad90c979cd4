// The simulator as a process and across restarts: the CLI's listening lines, --speed, and --state persistence.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startReceiver, startSim } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'besked-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterEach(() => {
  // npx starts tsx which starts node: the whole process group goes.
  for (const c of children.splice(0)) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Starts the CLI and resolves with its stdout lines once `lines` have been printed. */
function cli(args: string[], lines: number): Promise<{ child: ChildProcess; out: string[] }> {
  const child = spawn('npx', ['tsx', 'src-sim/cli.ts', ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buf = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`cli printed: ${buf} / ${err}`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const out = buf.split('\n').filter(Boolean);
      if (out.length >= lines) {
        clearTimeout(timer);
        resolve({ child, out });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cli exited with ${code}: ${buf} ${err}`));
    });
  });
}

/** SIGTERM to the process group (as a terminal's Ctrl-C reaches every process); resolves when npx has exited. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

describe('npm run sim (src-sim/cli.ts)', () => {
  it('prints exactly the listening lines for both platforms and serves them', async () => {
    const { child, out } = await cli(['--port', '0', '--token', 'T', '--eu-port', '0', '--eu-token', 'T2'], 2);
    expect(out[0]).toMatch(/^sim listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(out[1]).toMatch(/^sim \(eu\) listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = out[0]!.split(' ').pop()!;
    const euUrl = out[1]!.split(' ').pop()!;
    expect((await fetch(url + '/rest/me', { headers: { authorization: 'Token T' } })).status).toBe(200);
    expect((await fetch(euUrl + '/rest/me', { headers: { authorization: 'Token T2' } })).status).toBe(200);
    expect((await fetch(euUrl + '/rest/me', { headers: { authorization: 'Token T' } })).status).toBe(401);
    await stop(child);
  });

  it('saves --state when stopped with SIGTERM', async () => {
    const file = join(dir, 'cli-state.json');
    const { child, out } = await cli(['--port', '0', '--token', 'T', '--state', file], 1);
    const url = out[0]!.split(' ').pop()!;
    const res = await fetch(url + '/mobile/single', {
      method: 'POST',
      headers: { authorization: 'Token T', 'content-type': 'application/json' },
      body: JSON.stringify({ sender: 'Shop', recipient: 4512345671, message: 'Saved on exit' }),
    });
    expect(res.status).toBe(202);
    await stop(child);
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(file, 'utf8')).toContain('Saved on exit');
  });

  it('refuses to start without a token', async () => {
    await expect(cli(['--port', '0'], 1)).rejects.toThrow(/--token is required/);
  });

  it('runs simulated time at --speed', async () => {
    const { child, out } = await cli(['--port', '0', '--token', 'T', '--speed', '1000'], 1);
    const url = out[0]!.split(' ').pop()!;
    const res = await fetch(url + '/mobile/single', {
      method: 'POST',
      headers: { authorization: 'Token T', 'content-type': 'application/json' },
      body: JSON.stringify({ sender: 'Shop', recipient: 4512345693, message: 'x', expiration: 'PT1M' }),
    });
    expect(res.status).toBe(202);
    // One simulated minute is 60 ms at speed 1000.
    await new Promise((r) => setTimeout(r, 300));
    const ledger = (await (await fetch(url + '/_sim/ledger', { headers: { authorization: 'Token T' } })).json()) as { messages: { status: string }[] };
    expect(ledger.messages[0]!.status).toBe('EXPIRED');
    await stop(child);
  });
});

describe('--state persistence', () => {
  it('keeps account, messages, inbox and keywords across a restart, and the clock does not go back', async () => {
    const file = join(dir, 'state.json');
    const a = await startSim({ state: file });
    await a.control('PUT', '/_sim/account', { credit: 500, currency: 'DKK' });
    const sent = await a.ok<{ ids: number[] }>('/rest/mtsms', { method: 'POST', json: { message: 'Kept', recipients: [{ msisdn: 4512345671 }] } });
    await a.ok('/mobile/single', { method: 'POST', json: { sender: 'Shop', recipient: 4512345672, message: 'Also kept' } }, 202);
    await a.control('POST', '/_sim/inbound', { msisdn: 4512345671, receiver: 1204, message: 'Reply' });
    await a.ok('/api/vas', { method: 'POST', json: { keyword: 'KEEP', shortcode: 1204 } }, 201);
    await a.control('POST', '/_sim/clock', { advance_seconds: 7200 });
    const clockBefore = Date.parse((await a.control<{ now: string }>('GET', '/_sim/clock')).now);
    await a.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });

    const b = await startSim({ state: file });
    try {
      expect(await b.ok('/rest/me')).toMatchObject({ credit: '249.74' });
      const ledger = await b.ledger();
      expect(ledger.map((e) => [e.text, e.status])).toEqual([
        ['Kept', 'DELIVERED'],
        ['Also kept', 'DELIVERED'],
      ]);
      const [stored] = await b.ok<{ id: number }[]>(`/rest/mtsms/${sent.ids[0]}`);
      expect(stored!.id).toBe(sent.ids[0]);
      const day = new Date(clockBefore).toISOString().slice(0, 10);
      const prev = new Date(clockBefore - 86_400_000).toISOString().slice(0, 10);
      const mo = await b.ok<{ results: number }>(`/rest/mosms?from=${prev}&to=${day}`);
      expect(mo.results).toBe(1);
      expect(await b.ok('/api/vas', {})).toEqual([{ shortcode: 1204, keyword: 'KEEP', pushsetting_reference: null }]);
      expect(Date.parse((await b.control<{ now: string }>('GET', '/_sim/clock')).now)).toBeGreaterThanOrEqual(clockBefore);
      // New ids continue after the old ones.
      const next = await b.ok<{ ids: number[] }>('/rest/mtsms', { method: 'POST', json: { message: 'New', recipients: [{ msisdn: 4512345671 }] } });
      expect(next.ids[0]).toBeGreaterThan(sent.ids[0]!);
    } finally {
      await b.close();
    }
  });

  it('sends webhooks that were not yet due when it stopped', async () => {
    const file = join(dir, 'pending.json');
    const receiver = await startReceiver();
    try {
      const a = await startSim({ state: file });
      await a.control('PUT', '/_sim/webhooks', { messaging: { url: receiver.url, secret: null } });
      await a.ok('/mobile/single', { method: 'POST', json: { sender: 'Shop', recipient: 4512345693, message: 'x', expiration: 'PT1H' } }, 202);
      await a.close();
      const b = await startSim({ state: file });
      await b.control('POST', '/_sim/clock', { advance_seconds: 3700 });
      const calls = await receiver.waitFor(2);
      expect(calls.map((c) => (c.json['event'] as { status: string }).status)).toEqual(['ENROUTE', 'EXPIRED']);
      await b.close();
    } finally {
      await receiver.close();
    }
  });

  it('moves an unreadable state file aside and starts fresh', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ not json');
    const s = await startSim({ state: file });
    try {
      expect(await s.ok('/rest/me')).toMatchObject({ credit: '10000.00' });
      expect(readdirSync(dir).some((f) => f.startsWith('broken.json.unreadable-'))).toBe(true);
    } finally {
      await s.close();
    }
    expect(existsSync(file)).toBe(true);
  });

  it('a kill loses nothing it answered and never hands out an id twice (the journal, issue 17)', async () => {
    const state = join(dir, 'journal-state.json');
    const start = async () => {
      const { child, out } = await cli(['--port', '0', '--token', 'T', '--state', state], 1);
      return { child, url: out[0]!.replace('sim listening on ', '') };
    };
    const sendAll = async (url: string, from: number) => {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${url}/rest/mtsms`, {
          method: 'POST',
          headers: { authorization: 'Token T', 'content-type': 'application/json' },
          body: JSON.stringify({ message: `Hej ${from + i}`, sender: 'Besked', recipients: [{ msisdn: 4520000000 + from + i }] }),
        });
        expect(res.status).toBe(200);
        ids.push(...((await res.json()) as { ids: number[] }).ids);
      }
      return ids;
    };
    const a = await start();
    const first = await sendAll(a.url, 0);
    // Killed at once: no chance to write the state file (it waits about a second after a change).
    await new Promise<void>((resolve) => {
      a.child.removeAllListeners('exit');
      a.child.once('exit', () => resolve());
      process.kill(-a.child.pid!, 'SIGKILL');
    });
    const b = await start();
    const ledger = (await (await fetch(`${b.url}/_sim/ledger`, { headers: { authorization: 'Token T' } })).json()) as { messages: { id: string }[] };
    expect(ledger.messages.map((m) => Number(m.id))).toEqual(first);
    const second = await sendAll(b.url, 100);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    // A clean stop compacts the journal into the state file; a third start still knows everything.
    await stop(b.child);
    expect(existsSync(`${state}.journal.old`)).toBe(false);
    const c = await start();
    const all = (await (await fetch(`${c.url}/_sim/ledger`, { headers: { authorization: 'Token T' } })).json()) as { messages: { id: string }[] };
    expect(all.messages.map((m) => Number(m.id))).toEqual([...first, ...second]);
  });
  it('a kill never sets the clock back: moving it is journaled like any change (issue 27.7)', async () => {
    const state = join(dir, 'clock-state.json');
    const start = async () => {
      const { child, out } = await cli(['--port', '0', '--token', 'T', '--state', state], 1);
      return { child, url: out[0]!.replace('sim listening on ', '') };
    };
    const clockAt = async (url: string) => {
      const res = await fetch(`${url}/_sim/clock`, { headers: { authorization: 'Token T' } });
      return Date.parse(((await res.json()) as { now: string }).now);
    };
    const a = await start();
    // A change first, so a state file exists from before the move (its time is the computer's).
    await fetch(`${a.url}/_sim/account`, { method: 'PUT', headers: { authorization: 'Token T', 'content-type': 'application/json' }, body: JSON.stringify({ credit: 100, currency: 'DKK' }) });
    await new Promise((r) => setTimeout(r, 1500));
    const res = await fetch(`${a.url}/_sim/clock`, { method: 'POST', headers: { authorization: 'Token T', 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: 28 * 3600 }) });
    expect(res.status).toBe(200);
    const moved = await clockAt(a.url);
    // Time passes after the move and before the kill: the clock keeps it (it once resumed at the move's entry).
    await new Promise((r) => setTimeout(r, 400));
    await new Promise<void>((resolve) => {
      a.child.removeAllListeners('exit');
      a.child.once('exit', () => resolve());
      process.kill(-a.child.pid!, 'SIGKILL');
    });
    const b = await start();
    expect(await clockAt(b.url)).toBeGreaterThanOrEqual(moved + 400);
    await stop(b.child);
  });
});
