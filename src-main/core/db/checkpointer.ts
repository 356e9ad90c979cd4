// Copies the write-ahead log into the database file on a thread of its own, so that no commit of the core's has to:
// SQLite copies in whichever commit crosses wal_autocheckpoint, and that commit held the core's event loop 20–30 ms
// each time (a dozen times while a 100,000-recipient campaign was sent, and 660 ms for the outbox's idle checkpoint
// once the backstop was out of the way; issue 30.3). The core's own backstop (checkpoints.ts) stays for a log the
// thread cannot keep up with, or when it could not start.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';
import type { Logger } from '../log';

/** How often the thread looks: a look that finds nothing to copy costs microseconds. */
const CHECK_EVERY_MS = 100;

/**
 * The thread's whole program, plain JavaScript evaluated as it is: no bundle and no TypeScript loader to start (from
 * source, a thread booting tsx took 20–30 MB more memory, past the import's 400 MB goal; this one takes about 7 MB).
 * PASSIVE copies what no reader still needs and never waits for a reader or a writer; the connection never writes,
 * so it has no checkpoint of its own on commit.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('wal_autocheckpoint = 0');
let timer = null;
parentPort.on('message', (m) => {
  if (!m || !m.stop) return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
const paused = new Int32Array(workerData.paused);
function round() {
  try { if (Atomics.load(paused, 0) === 0) db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ failed: String(err && err.message) }); }
  timer = setTimeout(round, workerData.every);
}
round();
`;

export interface Checkpointer {
  /** Ends the thread at once (between two looks: a look never yields); resolves when it has ended. */
  stop(): Promise<void>;
}

interface Running {
  pauses: number;
  pause(): void;
  resume(): void;
}
const running = new WeakMap<Db, Running>();

/** True while the checkpointer's thread copies `db`'s log: nobody else on the core's thread needs to. */
export function checkpointsElsewhere(db: Db): boolean {
  const r = running.get(db);
  return r !== undefined && r.pauses === 0;
}

/**
 * The thread ends until the returned function is called (holds may overlap). An import's worker thread holds it
 * while it saves and indexes: its own commits copy the log, off the core's thread as well, and the two copying at
 * once made an import of 100,000 a second slower on 2 cores, with 8 MB more memory at its peak.
 */
export function pauseCheckpointer(db: Db): () => void {
  const r = running.get(db);
  if (!r) return () => undefined;
  r.pause();
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    r.resume();
  };
}

export function startCheckpointer(db: Db, log: Logger): Checkpointer {
  if (db.memory) return { stop: async () => undefined };
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | null = null;
  /** The last thread started, running or ending: stop() waits for it. */
  let last: Worker | null = null;
  let ended: Promise<void> = Promise.resolve();
  let stopped = false;
  let warned = false;
  // Raised while paused, and read by the thread before each look: the message that ends it arrives only once it turns,
  // and a thread still starting (or between two looks) would otherwise copy once more after the pause, a commit made
  // right after it included (test/integration/foundation/checkpointer.test.ts saw that on a loaded machine).
  const paused = new Int32Array(new SharedArrayBuffer(4));
  const start = () => {
    try {
      worker = new Worker(PROGRAM, { eval: true, workerData: { file: db.name, sqlite, every: CHECK_EVERY_MS, paused: paused.buffer }, resourceLimits: { maxYoungGenerationSizeMb: 1 } });
    } catch (err) {
      log.warn('no checkpointer thread; commits copy the log into the database file themselves', { err });
      return;
    }
    const w = worker;
    last = w;
    w.on('message', (m: { failed?: string }) => {
      // Logged once: a failing look is retried on the next round, and the backstop copies meanwhile.
      if (m.failed && !warned) {
        warned = true;
        log.warn('the checkpointer could not copy the log into the database file', { message: m.failed });
      }
    });
    w.on('error', (err) => log.warn('the checkpointer thread failed; commits copy the log themselves', { err }));
    ended = new Promise<void>((resolve) =>
      w.once('exit', () => {
        if (worker === w) worker = null;
        resolve();
      }),
    );
    // It never keeps a process alive by itself.
    w.unref();
  };
  const end = () => {
    const w = worker;
    worker = null;
    w?.postMessage({ stop: true });
  };
  const state: Running = {
    pauses: 0,
    pause() {
      if (state.pauses++ > 0) return;
      Atomics.store(paused, 0, 1);
      end();
    },
    resume() {
      if (--state.pauses > 0) return;
      Atomics.store(paused, 0, 0);
      if (!stopped) start();
    },
  };
  running.set(db, state);
  start();
  return {
    async stop() {
      stopped = true;
      running.delete(db);
      // Held while waiting (unreferenced, a process with nothing else to do would end before the thread does, with
      // the close still waiting for it).
      last?.ref();
      end();
      await ended;
    },
  };
}
