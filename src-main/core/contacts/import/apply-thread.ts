// Where an import's work off the core's thread runs: a worker thread with a database connection of its own. For a large
// file (importer.ts READ_IN_THREAD_BYTES) it starts with the upload, so its start-up (0.3–0.45 s of CPU from source)
// is over when the run begins, and reads and maps the rows (read-rows.ts: papaparse, libphonenumber) a few pieces ahead
// of the core, which stages them one piece a turn (on the core's thread the reading was 1.7 s at 100,000 rows; with the
// core answering a call every 20 ms the import took 6.2–6.6 s there and 4.7 in the thread, bench core.*). Then the
// save (apply.ts), so the core keeps answering while the one transaction that writes 100,000 contacts runs (on the
// core's thread it held every other call for 0.5–1 s; issue 30.3). Besked's own connection reads meanwhile (WAL); a
// write of its own waits for the save's commit at the write gate. After the save the same thread indexes the new
// contacts for search in steps, the write lock free between two (on the core's thread those steps held it for 1.7 s
// at 100,000, 20 ms at a time). Where no worker can start (an in-memory database; a thread that fails to start) the
// reading and the save run on the core's thread, and the log says so; the core's own upkeep then indexes.
import type { Worker } from 'node:worker_threads';
import { startCoreThread } from '../../core-thread';
import type { Db } from '../../db/database';
import { createStepFlags, writeGate } from '../../db/write-gate';
import { pauseCheckpointer } from '../../db/checkpointer';
import type { Logger } from '../../log';
import { BeskedError } from '../../errors';
import type { ErrorKind } from '../../../../src-shared/errors';
import { applyStaged, type ApplyOptions, type ApplyResult } from './apply';
import { readRows, type MappedRun, type ReadEnd, type ReadHooks } from './read-rows';
import { nextTurn } from '../../event-loop-turns';
import type { RowReader } from './stage-rows';
import { UnclosedQuoteError } from './csv-records';

type Answer =
  | { ok: true; result: Omit<ApplyResult, 'existing'> & { existing: [number, 'updated' | 'merged'][] } }
  | { ok: false; error: { kind: ErrorKind; message: string; code?: string; params?: Record<string, string | number>; besked: boolean } };
type ReadFailed = { unclosedQuote: number } | { typeError: boolean; message: string };
type Message =
  | Answer
  | { ready: true }
  | { started: true }
  | { indexed: boolean; message?: string }
  | { merged: false; message: string }
  | { run: MappedRun }
  | { readEnd: ReadEnd }
  | { readFailed: ReadFailed };

/** The error the thread's reading failed with, as readError (import-errors.ts) knows it. */
function readFailure(f: ReadFailed): Error {
  if ('unclosedQuote' in f) return new UnclosedQuoteError(f.unclosedQuote);
  return f.typeError ? new TypeError(f.message) : new Error(f.message);
}

export interface SaveThread {
  /**
   * Reads the file's rows (read-rows.ts) in the thread and hands each piece to hooks.onRun here, a few pieces ahead at
   * most; on the core's thread where no worker runs.
   */
  read: RowReader;
  /** Saves the staged import (in the worker when it started, else here). */
  apply(o: ApplyOptions): Promise<ApplyResult>;
  /**
   * Resolves when the saved contacts are in the search index as far as the worker took them (all, unless it failed
   * or stopped: the core's upkeep indexes what is left).
   */
  indexed(): Promise<void>;
  /**
   * The run is over: a worker that never began a save ends now; one that saved goes on merging the index's new
   * segments (in steps, the write lock free between two) and ends by itself.
   */
  close(): void;
  /** Resolves when the worker has ended (at once where the save ran on the core's thread). */
  ended(): Promise<void>;
  /** Ends the worker soon (Besked stops): between two steps, never inside a transaction. Resolves when it has ended. */
  stop(): Promise<void>;
}

export function startSaveThread(db: Db, log: Logger): SaveThread {
  if (db.memory) return onCoreThread(db);
  let worker: Worker;
  try {
    // A small young generation: the save allocates little on the JS side, and the thread's memory adds to the core's.
    worker = startCoreThread(
      { built: new URL('./import-worker.js', import.meta.url), source: new URL('./apply-worker.ts', import.meta.url) },
      { resourceLimits: { maxYoungGenerationSizeMb: 4 } },
    );
  } catch (err) {
    log.warn("no worker thread for the import's save; it runs on the core's thread", { err });
    return onCoreThread(db);
  }
  // While this thread saves and indexes, its own commits copy the log into the file; the checkpointer's thread rests
  // meanwhile (from the save on: a thread started with the upload may wait minutes for its run). Not while it merges
  // (7–9 s after an import of 100,000, in small steps): the core's commits would copy the log then, on the core's
  // thread (its idle checkpoint held the core 60 ms, bench core.max_loop_block_ms).
  let resumeCheckpoints = () => undefined as void;
  // The worker raises these while inside a write transaction; the core's writers wait on them (db/write-gate.ts).
  const flags = createStepFlags();
  const unwatch = writeGate(db).watch(flags);
  let ready = false;
  let started = false;
  let answered: ((m: Answer | Error) => void) | null = null;
  let failed: Error | null = null;
  let indexing = false;
  let indexedNow: () => void = () => undefined;
  const indexed = new Promise<void>((resolve) => (indexedNow = resolve));
  let reading: { hooks: ReadHooks; resolve: (end: ReadEnd) => void; reject: (err: unknown) => void } | null = null;
  const settle = (m: Answer | Error) => {
    if (m instanceof Error) {
      failed ??= m;
      // Nothing is saved while the file is read: the import can simply be run again.
      reading?.reject(new BeskedError('internal', 'The import stopped while reading the file. Nothing was changed: import it again.', { cause: m }));
      reading = null;
    }
    answered?.(m);
    answered = null;
  };
  // The reading's messages, taken one per turn of the loop: a port hands over all it holds at once, and pieces staged
  // back to back held the core 100–170 ms (bench contacts.import100k max_loop_block_ms). The first of them waits for a
  // turn too: Node's port keeps handing over the messages that arrive while it hands them over (up to 1,000), and a
  // piece staged in the message's own callback is acknowledged there, so the thread's next piece arrived inside that
  // same callback, and the next: the loop stayed in it 100–250 ms at a time, its timers waiting, while the thread
  // kept pace.
  type ReadItem = { run: MappedRun } | { readEnd: ReadEnd } | { readFailed: ReadFailed };
  const readInbox: ReadItem[] = [];
  let draining = false;
  const takeRead = (m: ReadItem) => {
    const r = reading;
    if (!r) return;
    if ('readEnd' in m || 'readFailed' in m) {
      reading = null;
      if ('readEnd' in m) r.resolve(m.readEnd);
      else r.reject(readFailure(m.readFailed));
      return;
    }
    try {
      r.hooks.onRun(m.run);
    } catch (err) {
      // Staging failed (a full disk): the reading stops, and the run fails with what happened.
      reading = null;
      worker.postMessage({ cancelRead: true });
      r.reject(err);
      return;
    }
    worker.postMessage(r.hooks.shouldStop() ? { cancelRead: true } : { ack: true });
  };
  const drainReadInbox = async () => {
    if (draining) return;
    draining = true;
    try {
      while (readInbox.length) {
        await nextTurn();
        takeRead(readInbox.shift()!);
      }
    } finally {
      draining = false;
    }
  };
  const whenReady = (send: () => void) => {
    if (ready) send();
    else worker.once('message', (m: Message) => ('ready' in m ? send() : undefined));
  };
  worker.on('message', (m: Message) => {
    if ('ready' in m) ready = true;
    else if ('run' in m || 'readEnd' in m || 'readFailed' in m) {
      readInbox.push(m);
      void drainReadInbox();
    }
    else if ('started' in m) started = true;
    else if ('indexed' in m) {
      if (!m.indexed) log.warn("the import's worker could not index the saved contacts; the core indexes them", { message: m.message });
      resumeCheckpoints();
      indexedNow();
    } else if ('merged' in m) log.warn("the import's worker could not merge the search index's segments", { message: m.message });
    else {
      indexing = m.ok;
      settle(m);
    }
  });
  worker.once('error', (err) => {
    settle(err);
    indexedNow();
  });
  let exited: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (exited = resolve));
  worker.once('exit', (code) => {
    settle(new Error(`the import's worker stopped (exit code ${code})`));
    unwatch();
    resumeCheckpoints();
    indexedNow();
    exited();
  });
  worker.unref();

  return {
    read(req, hooks) {
      if (failed) {
        // The thread never began (it failed to start while it waited for the run): the core reads, as where none starts.
        log.warn("the import's thread could not read the file; the core reads it", { err: failed });
        return readRows(req, hooks);
      }
      return new Promise<ReadEnd>((resolve, reject) => {
        reading = { hooks, resolve, reject };
        whenReady(() => worker.postMessage({ read: req }));
      });
    },
    async apply(o) {
      // From the moment the worker is asked to save until it answers, the core's writers wait for the gate rather
      // than in SQLite's busy handler, which would hold the core's thread (db/write-gate.ts).
      let release = () => undefined as void;
      const answer =
        failed ??
        (await new Promise<Answer | Error>((resolve) => {
          answered = resolve;
          whenReady(() => {
            release = writeGate(db).hold();
            resumeCheckpoints = pauseCheckpointer(db);
            worker.postMessage({ file: db.name, options: o, flags });
          });
        }).finally(() => release()));
      if (answer instanceof Error) {
        // Before it began, nothing was written: the save runs here instead. After, whether it committed is unknown.
        if (!started) {
          log.warn("the import's save could not run in a worker thread; it runs on the core's thread", { err: answer });
          return applyStaged(db, o);
        }
        throw new BeskedError('internal', 'The import stopped while saving. Look at the contacts list to see whether it was saved, and import the file again if not.', { cause: answer });
      }
      if (!answer.ok) {
        const e = answer.error;
        if (!e.besked) throw new Error(e.message);
        throw new BeskedError(e.kind, e.message, e.code ? { code: e.code as never, ...(e.params ? { params: e.params } : {}) } : {});
      }
      return { ...answer.result, existing: new Map(answer.result.existing) };
    },
    indexed: () => indexed,
    ended: () => ended,
    close() {
      if (!indexing) void worker.terminate();
    },
    async stop() {
      // A thread in the midst of a transaction is never cut off: the step ends, and with it the thread. Held while
      // waiting for that (unreferenced, it would let a process with nothing else to do end first).
      worker.ref();
      if (indexing) worker.postMessage({ stop: true });
      else void worker.terminate();
      await ended;
    },
  };
}

/** The save on the core's thread: the core's upkeep indexes the new contacts afterwards, in steps between calls. */
function onCoreThread(db: Db): SaveThread {
  return { read: readRows, apply: async (o) => applyStaged(db, o), indexed: async () => undefined, ended: async () => undefined, close: () => undefined, stop: async () => undefined };
}
