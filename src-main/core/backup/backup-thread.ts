// Starts the backup's thread (backup-worker.ts) for one job and waits for its answer. The built app runs the bundled
// backup-worker.js beside the main bundle; run from source (tsx, vitest) the thread loads the .ts through tsx.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BackupCheck } from './backup-verify';
import type { ThreadAnswer, ThreadJob } from './backup-thread-job';

const here = dirname(fileURLToPath(import.meta.url));

function startThread(job: ThreadJob): Worker {
  const built = join(here, 'backup-worker.js');
  if (existsSync(built)) return new Worker(built, { workerData: job });
  const source = join(here, 'backup-worker.ts');
  // A thread does not inherit the loader that runs TypeScript here; tsx's require hook gives it one.
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`;
  return new Worker(code, { eval: true, workerData: job, execArgv: [] });
}

/** Runs one job on a thread of its own; a failure comes back as an Error with SQLite's or the system's code. */
export function inBackupThread(job: ThreadJob, onStep: () => void = () => undefined): Promise<BackupCheck> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const thread = startThread(job);
    thread.on('message', (a: ThreadAnswer) => {
      if (a.kind === 'step') return onStep();
      answered = true;
      if (a.kind === 'done') resolve(a.check);
      else reject(Object.assign(new Error(a.message), a.code ? { code: a.code } : {}));
    });
    thread.on('error', (err) => {
      answered = true;
      reject(err);
    });
    thread.on('exit', (exitCode) => {
      if (!answered) reject(new Error(`The backup's thread ended without an answer (exit code ${exitCode}).`));
    });
  });
}
