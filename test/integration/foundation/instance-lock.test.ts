// One Besked process per data folder (issue 17): a second process is refused with the first one named, a lock
// dies with its process (SIGKILL too, no stale file to clean up), and every core takes it, so tests and benches
// cannot share a folder by accident either.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { InstanceLock } from '../../../src-main/core/instance-lock';
import { BeskedError } from '../../../src-main/core/errors';
import { startTestCore, type TestCore } from '../campaigns/helpers';

const ROOT = resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'besked-lock-'));
  dirs.push(d);
  return d;
}

async function lockInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/integration/foundation/lock-child.ts'), dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  await new Promise<void>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) res();
    });
    child.once('exit', (code) => rej(new Error(`lock child exited with ${code}`)));
  });
  return child;
}

function refusal(dir: string): BeskedError {
  try {
    InstanceLock.acquire(dir, 'test').release();
  } catch (err) {
    if (err instanceof BeskedError) return err;
    throw err;
  }
  throw new Error('the second lock was not refused');
}

describe('the data folder lock', () => {
  it('refuses a second process and names the first, its address included', async () => {
    const dir = folder();
    const child = await lockInChild(dir);
    const e = refusal(dir);
    expect(e.kind).toBe('conflict');
    expect(e.code).toBe('app.alreadyRunning');
    expect(e.message).toContain(`web mode, process ${child.pid}`);
    expect(e.message).toContain('http://127.0.0.1:1/?key=child');
    // The note carries web mode's key: only this user may read it.
    expect(statSync(join(dir, 'instance.json')).mode & 0o777).toBe(0o600);
  });

  it('is released by the operating system when the process is killed', async () => {
    const dir = folder();
    const child = await lockInChild(dir);
    refusal(dir);
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGKILL');
    await gone;
    const lock = InstanceLock.acquire(dir, 'test');
    lock.release();
  });

  it('is taken by every core, refused to a second one, and given back on close', async () => {
    const dir = folder();
    let t: TestCore | null = await startTestCore({ dataDir: join(dir, 'data') });
    await expect(startTestCore({ dataDir: join(dir, 'data') })).rejects.toMatchObject({ code: 'app.alreadyRunning' });
    await t.close();
    t = await startTestCore({ dataDir: join(dir, 'data') });
    await t.close();
  });
});
