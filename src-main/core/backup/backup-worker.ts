// The backup's thread: takes one job (copy the live database and check the copy, or check a file), answers once and
// ends. A 100,000-contact shop's copy and integrity check take seconds; here they never hold up the core's event loop.
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { copyLiveDatabase } from './backup-copy';
import type { ThreadAnswer, ThreadJob } from './backup-thread-job';
import { verifyBackup } from './backup-verify';

const job = workerData as ThreadJob;
const answer = (a: ThreadAnswer) => parentPort!.postMessage(a);

async function run(): Promise<void> {
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
