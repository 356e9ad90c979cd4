// One Besked process per data folder: an exclusive lock the operating system holds for the life of the process (so
// a crash, even SIGKILL, releases it), and a note beside it that names the running process for the one refused.
// Two processes on one folder would each take the other's requests in flight for crashed ones and send around them.
import Database from 'better-sqlite3';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BeskedError } from './errors';
import { coded } from '../../src-shared/error-codes';
import { computerClock, isoNow } from './clock';

export type InstanceKind = 'electron' | 'web' | 'server' | 'bench' | 'test';

/** What the running process says of itself in instance.json; the lock is the truth, this only describes it. */
export interface InstanceInfo {
  pid: number;
  kind: InstanceKind;
  startedAt: string;
  /** Web mode's address, key included, once it listens. */
  url: string | null;
}

const LOCK_FILE = 'besked.lock';
const INFO_FILE = 'instance.json';

function readInfo(dataDir: string): InstanceInfo | null {
  try {
    const v = JSON.parse(readFileSync(join(dataDir, INFO_FILE), 'utf8')) as Partial<InstanceInfo>;
    if (typeof v.pid !== 'number' || typeof v.kind !== 'string') return null;
    return { pid: v.pid, kind: v.kind, startedAt: String(v.startedAt ?? ''), url: typeof v.url === 'string' ? v.url : null };
  } catch {
    return null;
  }
}

const KIND_WORDS: Record<InstanceKind, string> = {
  electron: 'the desktop app',
  web: 'web mode',
  server: 'the Besked server',
  bench: 'a benchmark',
  test: 'a test',
};

/** The refusal a second process gets, naming the first as well as its note allows. */
export function alreadyRunning(dataDir: string, info: InstanceInfo | null): BeskedError {
  const who = info ? `${KIND_WORDS[info.kind] ?? info.kind}, process ${info.pid}` : 'another Besked process';
  const where = info?.url ? ` Open it at ${info.url}` : '';
  return new BeskedError(
    'conflict',
    `Besked is already running with this data folder (${who}).${where ? `${where}.` : ''} Close it first, or start this one with another data folder (--data). Folder: ${dataDir}`,
    coded('app.alreadyRunning', { who, folder: dataDir }),
  );
}

export class InstanceLock {
  private constructor(
    private readonly dataDir: string,
    private db: Database.Database | null,
    private info: InstanceInfo,
  ) {}

  /** Takes the folder's lock or throws alreadyRunning. The folder must exist. */
  static acquire(dataDir: string, kind: InstanceKind): InstanceLock {
    // SQLite's own file lock (fcntl on Unix, LockFileEx on Windows) is per process and dies with it.
    const db = new Database(join(dataDir, LOCK_FILE), { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      // Never committed: the write lock lasts until the connection closes or the process ends.
      db.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      db.close();
      if ((err as { code?: string }).code === 'SQLITE_BUSY') throw alreadyRunning(dataDir, readInfo(dataDir));
      throw err;
    }
    const lock = new InstanceLock(dataDir, db, { pid: process.pid, kind, startedAt: isoNow(computerClock), url: null });
    lock.write();
    return lock;
  }

  /** Web mode adds its address once it listens, so a second start can point the user to it. */
  describe(url: string): void {
    this.info = { ...this.info, url };
    this.write();
  }

  private write(): void {
    const file = join(this.dataDir, INFO_FILE);
    // The address carries web mode's access key: readable by this user only.
    writeFileSync(file, JSON.stringify(this.info), { mode: 0o600 });
    chmodSync(file, 0o600);
  }

  release(): void {
    if (!this.db) return;
    try {
      rmSync(join(this.dataDir, INFO_FILE), { force: true });
    } finally {
      this.db.close();
      this.db = null;
    }
  }
}
