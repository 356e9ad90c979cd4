// Issue 26.10: with the usual umask the database, its WAL and the log were 0644 and the folder 0755, readable to every
// user of the computer. Under a permissive umask (000) the folder and every folder in it are 0700 and every file 0600
// in each mode, and a folder made readable before is narrowed at start with a line in the log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { coreCalls } from '../core-calls';
import { startTestServer } from '../team/server/helpers';
import Database from 'better-sqlite3';
import { copyLiveDatabase } from '../../../src-main/core/backup/backup-copy';

let oldUmask: number;
const dirs: string[] = [];
const cores: Core[] = [];

beforeAll(() => {
  oldUmask = process.umask(0o000);
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
});
afterAll(() => {
  process.umask(oldUmask);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function fresh(): string {
  const d = mkdtempSync(join(tmpdir(), 'besked-private-'));
  dirs.push(d);
  return join(d, 'data');
}

/** Every entry under `dir` (itself included) whose mode lets anyone but the user in, with its mode. */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    if ((st.mode & 0o077) !== 0) out.push(`${p.slice(dir.length) || '/'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of readdirSync(p)) visit(join(p, n));
  };
  visit(dir);
  return out;
}

const mode = (p: string) => lstatSync(p).mode & 0o777;

async function core(dataDir: string): Promise<Core> {
  // No logger given: the core writes besked.log in the folder, as desktop and web mode do.
  const c = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault() });
  cores.push(c);
  return c;
}

describe.skipIf(process.platform === 'win32')('the data folder under a permissive umask', () => {
  it('is 0700 with its database, WAL, shared memory and log 0600 from the first start', async () => {
    const dataDir = fresh();
    const c = await core(dataDir);
    await coreCalls(() => c).ok('contacts.create', { firstName: 'Olga', phone: '+4520123456' });
    c.log.info('a line, so the log exists');
    expect(mode(dataDir)).toBe(0o700);
    for (const f of ['besked.db', 'besked.db-wal', 'besked.db-shm', 'besked.log']) expect(mode(join(dataDir, f)), f).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is narrowed at start when it was readable to others, with a line in the log', async () => {
    const dataDir = fresh();
    const first = await core(dataDir);
    await coreCalls(() => first).ok('contacts.create', { firstName: 'Olga', phone: '+4520123456' });
    await first.close();
    cores.length = 0;
    chmodSync(dataDir, 0o755);
    for (const f of readdirSync(dataDir)) chmodSync(join(dataDir, f), lstatSync(join(dataDir, f)).isDirectory() ? 0o755 : 0o644);
    writeFileSync(join(dataDir, 'notes.txt'), 'left here by hand', { mode: 0o666 });
    expect(openToOthers(dataDir).length).toBeGreaterThan(3);
    await core(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(mode(join(dataDir, 'notes.txt'))).toBe(0o600);
    const log = readFileSync(join(dataDir, 'besked.log'), 'utf8');
    expect(log).toMatch(/made private to this user/);
    expect(log).toMatch(/besked\.db 0644 → 0600/);
  });

  it("has a backup's copy the user's alone while it is written, its journal too", async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const source = join(dir, 'live.db');
    const live = new Database(source);
    live.pragma('journal_mode = WAL');
    live.exec("CREATE TABLE t (x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO t SELECT hex(randomblob(200)) FROM n;");
    const seen: string[] = [];
    try {
      await copyLiveDatabase(source, dir, 'copy.db', new Date(0).toISOString(), { pagesPerStep: 20, pauseMs: 0 }, () => {
        // The copy's files only: the live database here is the test's, made under the permissive umask.
        seen.push(...openToOthers(dir).filter((e) => e.startsWith('/copy')));
      });
    } finally {
      live.close();
    }
    expect(seen).toEqual([]);
    expect(openToOthers(dir).filter((e) => e.startsWith('/copy'))).toEqual([]);
  });

  it('is private on a team server too: the TLS key, the certificate and the server vault', async () => {
    const dataDir = fresh();
    const t = await startTestServer({ dataDir, log: undefined, vault: undefined });
    try {
      await t.owner();
      expect(mode(dataDir)).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
