// Where an import's save (apply.ts) runs: in a worker thread with a database connection of its own, so the core keeps
// answering while the one transaction that writes 100,000 contacts runs (on the core's thread it held every other
// call for 0.5–1 s; issue 30.3). The thread starts when the file has been read: started with the run, its start-up
// overlapped the reading but its memory added to the reading's (peaks of 390–399 MB against 337–349 in the same
// hour). It loads only what the save needs (no libphonenumber: contact-columns.ts takes the search tokens from
// phone-search-tokens.ts; 310 rather than 450 ms of CPU to start from source). Besked's own connection reads
// meanwhile (WAL); a write of its own waits for the save's commit, as it waited before. After the save the same thread
// indexes the new contacts for search in steps, the write lock free between two (on the core's thread those steps
// held it for 1.7 s at 100,000, 20 ms at a time). Where no worker can start (an in-memory database; a thread that
// fails to start) the save runs on the core's thread, and the log says so; the core's own upkeep then indexes.
import type { Worker } from 'node:worker_threads';
import { startCoreThread } from '../../core-thread';
import type { Db } from '../../db/database';
import { createStepFlags, writeGate } from '../../db/write-gate';
import { pauseCheckpointer } from '../../db/checkpointer';
import type { Logger } from '../../log';
import { BeskedError } from '../../errors';
import type { ErrorKind } from '../../../../src-shared/errors';
import { applyStaged, type ApplyOptions, type ApplyResult } from './apply';

type Answer =
  | { ok: true; result: Omit<ApplyResult, 'existing'> & { existing: [number, 'updated' | 'merged'][] } }
  | { ok: false; error: { kind: ErrorKind; message: string; code?: string; params?: Record<string, string | number>; besked: boolean } };
type Message = Answer | { ready: true } | { started: true } | { indexed: boolean; message?: string } | { merged: false; message: string };

export interface SaveThread {
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
  // meanwhile. Not while it merges (7–9 s after an import of 100,000, in small steps): the core's commits would copy
  // the log then, on the core's thread (its idle checkpoint held the core 60 ms, bench core.max_loop_block_ms).
  const resumeCheckpoints = pauseCheckpointer(db);
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
  const settle = (m: Answer | Error) => {
    if (m instanceof Error) failed ??= m;
    answered?.(m);
    answered = null;
  };
  worker.on('message', (m: Message) => {
    if ('ready' in m) ready = true;
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
    async apply(o) {
      // From the moment the worker is asked to save until it answers, the core's writers wait for the gate rather
      // than in SQLite's busy handler, which would hold the core's thread (db/write-gate.ts).
      let release = () => undefined as void;
      const answer =
        failed ??
        (await new Promise<Answer | Error>((resolve) => {
          answered = resolve;
          const send = () => {
            release = writeGate(db).hold();
            worker.postMessage({ file: db.name, options: o, flags });
          };
          if (ready) send();
          else worker.once('message', (m: Message) => ('ready' in m ? send() : undefined));
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
  return { apply: async (o) => applyStaged(db, o), indexed: async () => undefined, ended: async () => undefined, close: () => undefined, stop: async () => undefined };
}
