// A backup cut short (issue 28.4–28.5): killed with SIGKILL in the middle, or stopped by a full disk, it leaves every
// earlier backup as it was, nothing half-written in the list, and (disk full) a warning on the card.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../../src-main/core/db/database';
import { writeBackup } from '../../../src-main/core/backup/backup-file';
import { listBackups, sweepBackups } from '../../../src-main/core/backup/backup-manifest';
import { verifyBackup } from '../../../src-main/core/backup/backup-verify';
import { backupWorld, removeTempDirs, tempDir, type BackupWorld } from './helpers';

const ROOT = resolve(__dirname, '../../..');
const CHILD = join(__dirname, 'backup-child.ts');
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

let w: BackupWorld | null = null;
afterEach(async () => {
  await w?.close().catch(() => undefined);
  w = null;
  removeTempDirs();
});

/** A database of a few megabytes, so a slow backup has many steps. */
function bigDatabase(file: string): void {
  const db = openDatabase(file);
  const put = db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 400; i++) put.run(`pad-${i}`, 'x'.repeat(8000) + i);
  })();
  db.close();
}

describe('a backup killed in the middle', () => {
  it('leaves the earlier backups intact and no partial file listed', async () => {
    const dataDir = tempDir();
    const dbFile = join(dataDir, 'besked.db');
    const dir = join(dataDir, 'backups');
    bigDatabase(dbFile);
    const db = openDatabase(dbFile);
    execFileSync('mkdir', ['-p', dir]);
    const earlier = await writeBackup(db, dir, Date.parse('2026-11-02T09:00:00.000Z'), 'daily');
    db.close();
    const before = sha(join(dir, earlier.file));

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dbFile, dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    await new Promise<void>((res, rej) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        // Several steps in: the .partial file is on disk, half-written.
        if (out.split('step').length > 5) res();
      });
      child.on('exit', () => rej(new Error(`the child ended before it was killed: ${out}`)));
    });
    expect(readdirSync(dir).some((f) => f.endsWith('.partial'))).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(out).not.toContain('finished');

    // Listed: only the earlier one, unchanged and still good.
    expect(listBackups(dir).map((m) => m.file)).toEqual([earlier.file]);
    expect(sha(join(dir, earlier.file))).toBe(before);
    expect(verifyBackup(join(dir, earlier.file)).ok).toBe(true);
    // The sweep at the next start removes what was left half-written.
    sweepBackups(dir);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});

/** A small tmpfs to fill; root can mount one (as the disk-full sending test does). */
function mountTmpfs(size: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'besked-backup-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
const mount = mountTmpfs('8m');
afterAll(() => {
  if (!mount) return;
  execFileSync('umount', [mount]);
  rmSync(mount, { recursive: true, force: true });
});

function fill(dir: string): string {
  const path = join(dir, 'filler.bin');
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(16 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return path;
}

describe.skipIf(mount === null)('a full disk during a backup', () => {
  it('keeps the earlier backups, lists nothing half-written, and says why on the card', async () => {
    const dataDir = join(mount!, 'besked');
    w = await backupWorld(dataDir);
    for (let i = 0; i < 100; i++) w.core.db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?)').run(`pad-${i}`, 'x'.repeat(8000));
    w.clock.now += 60_000;
    const first = await w.calls.ok('backup.now', {});
    expect(first.ok).toBe(true);
    const filler = fill(mount!);

    w.clock.now += 60_000;
    const err = await w.calls.fails('backup.now', {});
    expect(err.code).toBe('backup.diskFull');
    const s = await w.calls.ok('backup.status', {});
    expect(s.entries.map((e) => e.id)).toContain(first.id);
    expect(s.entries.every((e) => e.ok)).toBe(true);
    expect(s.lastFailure).toMatch(/disk is full/);
    expect(readdirSync(join(dataDir, 'backups')).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(verifyBackup(join(dataDir, 'backups', first.id)).ok).toBe(true);

    // Space again: the next backup works and the warning goes.
    rmSync(filler);
    w.clock.now += 60_000;
    expect((await w.calls.ok('backup.now', {})).ok).toBe(true);
    expect((await w.calls.ok('backup.status', {})).lastFailure).toBeNull();
  });
});
