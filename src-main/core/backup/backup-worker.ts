// The backup's thread: takes one job (copy the live database and check the copy, or check a file), answers once and
// ends. A 100,000-contact shop's copy and integrity check take seconds; here they never hold up the core's event loop.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { copyLiveDatabase } from './backup-copy';
import type { ThreadAnswer, ThreadJob } from './backup-thread-job';
import { verifyBackup } from './backup-verify';

const job = workerData as ThreadJob;
const answer = (a: ThreadAnswer) => parentPort!.postMessage(a);

/** Linux's lowest scheduling priority (nice 19). */
const LOWEST = 19;

/**
 * On Linux this thread alone (its own thread id, never the process) runs at the lowest priority: the core's thread
 * — a campaign sending, the window's calls — always runs first, and the backup takes the CPU time left over. On a
 * shared or small machine a backup otherwise halved a campaign's speed. Elsewhere Node cannot name one thread, so
 * the thread keeps the normal priority.
 */
function yieldToTheCore(): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, LOWEST);
  } catch {
    // No /proc/thread-self, or not allowed: the backup runs as well at the normal priority, as it does elsewhere.
  }
}

async function run(): Promise<void> {
  yieldToTheCore();
  if (job.kind === 'copy') {
    await copyLiveDatabase(job.source, job.dir, job.name, job.takenAt, job.pace, () => {
      if (job.pace) answer({ kind: 'step' });
    });
    answer({ kind: 'done', check: verifyBackup(join(job.dir, job.name)) });
  } else {
    answer({ kind: 'done', check: verifyBackup(job.file) });
  }
}

run().catch((err: unknown) => {
  const e = err as { message?: unknown; code?: unknown };
  answer({ kind: 'failed', message: String(e.message ?? err), code: typeof e.code === 'string' ? e.code : null });
});
