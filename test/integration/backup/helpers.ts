// A core over a data folder on disk for the backup tests: a clock the test moves, a timer it fires, and a vault.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../../src-main/core/core';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { coreCalls, type CoreCalls } from '../core-calls';

export const T0 = Date.parse('2026-11-02T09:00:00.000Z');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export interface BackupWorld {
  dataDir: string;
  core: Core;
  calls: CoreCalls;
  vault: MemoryVault;
  clock: { now: number };
  /** Fires the hourly look (as if an hour had passed on the timer). */
  tick(): void;
  restart(extra?: Partial<CoreOptions>): Promise<void>;
  close(): Promise<void>;
}

const dirs: string[] = [];
export function tempDir(prefix = 'besked-backup-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}
export function removeTempDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

export async function backupWorld(dataDir = tempDir(), extra: Partial<CoreOptions> = {}): Promise<BackupWorld> {
  const vault = new MemoryVault();
  const clock = { now: T0 };
  let fire: (() => void) | null = null;
  const start = (more: Partial<CoreOptions>) =>
    startCore({
      dataDir,
      shell: 'web',
      version: 'test',
      vault,
      log: createLogger({ level: 'error' }),
      checkOutputs: true,
      backup: {
        now: () => clock.now,
        every: (_ms, fn) => {
          fire = fn;
          return () => (fire = null);
        },
      },
      ...more,
    });
  const w: BackupWorld = {
    dataDir,
    core: await start(extra),
    calls: coreCalls(() => w.core),
    vault,
    clock,
    tick: () => fire?.(),
    restart: async (more = {}) => {
      await w.core.close();
      w.core = await start({ ...extra, ...more });
    },
    close: () => w.core.close(),
  };
  return w;
}
