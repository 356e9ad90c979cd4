// Copies the write-ahead log into the database file on a thread of its own (checkpoint-worker.ts), so that no commit
// of the core's has to: SQLite copies in whichever commit crosses wal_autocheckpoint, and that commit held the core's
// event loop 20–30 ms each time (a dozen times while a 100,000-recipient campaign was sent, and 660 ms for the
// outbox's idle checkpoint once the backstop was out of the way; issue 30.3). The core's own backstop
// (checkpoints.ts) stays for a log the thread cannot keep up with, or when it could not start.
import type { Worker } from 'node:worker_threads';
import { startCoreThread } from '../core-thread';
import type { Db } from './database';
import type { Logger } from '../log';

export interface Checkpointer {
  /** Ends the thread after its current look; resolves when it has ended. */
  stop(): Promise<void>;
}

const running = new WeakSet<Db>();

/** True while the checkpointer's thread copies `db`'s log: nobody else on the core's thread needs to. */
export function checkpointsElsewhere(db: Db): boolean {
  return running.has(db);
}

export function startCheckpointer(db: Db, log: Logger): Checkpointer {
  if (db.memory) return { stop: async () => undefined };
  let worker: Worker;
  try {
    worker = startCoreThread(
      { built: new URL('./checkpoint-worker.js', import.meta.url), source: new URL('./checkpoint-worker.ts', import.meta.url) },
      { workerData: { file: db.name }, resourceLimits: { maxYoungGenerationSizeMb: 1 } },
    );
  } catch (err) {
    log.warn('no checkpointer thread; commits copy the log into the database file themselves', { err });
    return { stop: async () => undefined };
  }
  let warned = false;
  worker.on('message', (m: { failed?: string }) => {
    // Logged once: a failing look is retried on the next round, and the backstop copies meanwhile.
    if (m.failed && !warned) {
      warned = true;
      log.warn('the checkpointer could not copy the log into the database file', { message: m.failed });
    }
  });
  worker.on('error', (err) => log.warn('the checkpointer thread failed; commits copy the log themselves', { err }));
  running.add(db);
  const ended = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running.delete(db);
      resolve();
    }),
  );
  // It never keeps a process alive by itself.
  worker.unref();
  return {
    async stop() {
      worker.postMessage({ stop: true });
      await ended;
    },
  };
}
