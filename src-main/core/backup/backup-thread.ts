// Starts the backup's thread (backup-worker.ts) for one job and waits for its answer. The built app runs the bundled
// backup-worker.js beside the main bundle; run from source (tsx, vitest) the thread loads the .ts through tsx.
import type { BackupCheck } from './backup-verify';
import type { ThreadAnswer, ThreadJob } from './backup-thread-job';
import { startCoreThread } from '../core-thread';

const startThread = (job: ThreadJob) =>
  startCoreThread({ built: new URL('./backup-worker.js', import.meta.url), source: new URL('./backup-worker.ts', import.meta.url) }, { workerData: job });

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
