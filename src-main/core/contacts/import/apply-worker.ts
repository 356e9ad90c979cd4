// The worker thread's side of apply-thread.ts: reads a large file's rows and hands them on for the core to stage
// (read-rows.ts), a few pieces ahead at most; then waits for the staged import, opens Besked's database with a
// connection of its own, saves it with applyStaged (the very transaction the core would run) and posts back what it
// did, or the error; then brings the search index up to date in steps (search-index.ts), off the core's thread.
import { parentPort } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { Db } from '../../db/database';
import { configureConnection } from '../../db/connection';
import { coreWaiting, inStep, type StepFlags } from '../../db/write-gate';
import { BeskedError } from '../../errors';
import { createLogger } from '../../log';
import { SearchIndexUpkeep, type StepSize } from '../search-index';
import { applyStaged, type ApplyOptions } from './apply';
import { mapPiece, readPieces, type ReadRequest } from './read-rows';
import { UnclosedQuoteError } from './csv-records';

/**
 * Between two indexing steps (INDEX_STEPS) the write lock is free 2 ms: the import waits for the indexing, and a write
 * of the core's waits as it waits for the save (its wait holds the core: SQLite's busy handler sleeps 1, 2, 5, 10,
 * 15, 20, 25… ms between tries; at load 5 it waited up to 160–370 ms). Pausing 10 ms there cut those waits to 55–190
 * (p95 34 ms against 80–160) but made the import half as slow again in its indexing (2.7 s against 1.8).
 */
const PAUSE_BETWEEN_STEPS_MS = 2;
/**
 * Between two merge steps the lock is free three times as long as the step held it, and at least 10 ms: by then the
 * import has answered and nobody waits for the merging (7–9 s of work after 100,000), while a write of the core's
 * waits for a step in progress holding the core, and SQLite's busy handler retries at growing intervals (25, 50,
 * 100 ms…), so short free windows between steps could be missed again and again.
 */
const MERGE_PAUSE_FACTOR = 3;
/**
 * Pages per merge step here, not search-index.ts's 16 (sized for steps on the core's thread): after an import of
 * 100,000, steps of 16 pages were 10 s of work in all (630 steps), of 64 pages 3.7 s (192), their longest the same
 * (44 ms; 256 pages: 2.2 s, 53 ms). Those seconds of CPU competed with the core on 2 cores: a send right after the
 * import had its stretches stretched while the merging went on. A longer step only makes the core's writers wait a
 * little longer at the write gate, the core answering meanwhile.
 */
const MERGE_PAGES = 64;
const MIN_MERGE_PAUSE_MS = 10;
/**
 * Indexing steps here are sized for the import, which waits for them, not for a core that would stand still during
 * each (search-index.ts CORE_STEPS: 20 ms). FTS5 writes a segment per step, so small steps cost more in all: indexing
 * 100,000 took 2.25–2.3 s in steps of 20 ms (bench contacts.import100k), and on a copy of that database 2.5 s in steps
 * of 1,000 contacts, 2.0 in steps of 3,000 and 1.5 in steps of 25,000. A step holds the write lock; the core's
 * writers meanwhile wait at the write gate without holding the core, as they wait for the save (0.9 s).
 */
const INDEX_STEPS: StepSize = { ms: 250, min: 2000, first: 10_000, max: 30_000 };

/** A pause after each merge step in proportion to how long the step held the lock. */
function mergePauses(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    await sleep(Math.max(MIN_MERGE_PAUSE_MS, MERGE_PAUSE_FACTOR * (performance.now() - since)));
    since = performance.now();
  };
}

let stop = false;

/**
 * Pieces read ahead of the core's staging at most: enough that the reading never waits for a turn of the core's loop,
 * few enough that the file does not pile up in the core's message queue (32 KB each).
 */
const RUNS_AHEAD = 4;
let credits = RUNS_AHEAD;
let readStop = false;
let creditsBack: (() => void) | null = null;

type Incoming = { stop: true } | { ack: true } | { cancelRead: true } | { read: ReadRequest } | { file: string; options: ApplyOptions; flags: StepFlags };

parentPort!.on('message', (m: Incoming) => {
  if ('stop' in m) {
    stop = true;
    readStop = true;
    creditsBack?.();
  } else if ('ack' in m) {
    credits++;
    creditsBack?.();
  } else if ('cancelRead' in m) {
    readStop = true;
    creditsBack?.();
  } else if ('read' in m) void read(m.read);
  else void save(m.file, m.options, m.flags);
});

/** Reads the file and posts its pieces, mapped; ends with whether it stopped, or with what went wrong (stage-rows.ts says it in words). */
async function read(req: ReadRequest): Promise<void> {
  try {
    const end = await readPieces(req, {
      onPiece: (piece, bytesRead) => {
        credits--;
        parentPort!.postMessage({ run: mapPiece(piece, req, bytesRead) });
      },
      beforeRead: async () => {
        while (credits <= 0 && !readStop) await new Promise<void>((resolve) => (creditsBack = resolve));
        creditsBack = null;
      },
      shouldStop: () => readStop,
    });
    parentPort!.postMessage({ readEnd: end });
  } catch (err) {
    const failed =
      err instanceof UnclosedQuoteError
        ? { unclosedQuote: err.record }
        : { typeError: err instanceof TypeError, message: err instanceof Error ? err.message : String(err) };
    parentPort!.postMessage({ readFailed: failed });
  }
}

/**
 * After a step, while a writer of the core's waits for it (woken as the step ended), the next step waits too, up to
 * this long, so that the core's write goes first rather than meeting the next step and waiting in SQLite's busy
 * handler on the core's thread.
 */
const YIELD_TO_CORE_MS = 50;

/** The pause after a step: `pause`, after letting any waiting writer of the core's go first. */
function yieldingTo(flags: StepFlags, pause: () => Promise<void>): () => Promise<void> {
  return async () => {
    for (const until = performance.now() + YIELD_TO_CORE_MS; coreWaiting(flags) && performance.now() < until; ) await sleep(1);
    await pause();
  };
}

async function save(file: string, options: ApplyOptions, flags: StepFlags): Promise<void> {
  const db = new Database(file) as Db;
  try {
    // As the core's own connection: a large save's commit copies the log into the file here, off the core's thread.
    configureConnection(db);
    parentPort!.postMessage({ started: true });
    try {
      const r = inStep(flags, () => applyStaged(db, options));
      parentPort!.postMessage({ ok: true, result: { ...r, existing: [...r.existing] } });
    } catch (err) {
      const e = err instanceof BeskedError ? err : null;
      parentPort!.postMessage({ ok: false, error: { kind: e?.kind ?? 'internal', message: (err as Error).message, code: e?.code, params: e?.params, besked: e !== null } });
      return;
    }
    const upkeep = new SearchIndexUpkeep(db, createLogger({}), {
      between: yieldingTo(flags, () => sleep(PAUSE_BETWEEN_STEPS_MS)),
      merge: false,
      stopped: () => stop,
      around: (step) => inStep(flags, step),
      steps: INDEX_STEPS,
    });
    try {
      await upkeep.catchUp();
      parentPort!.postMessage({ indexed: true });
    } catch (err) {
      // The saved contacts stay pending: the core's own upkeep indexes them.
      parentPort!.postMessage({ indexed: false, message: (err as Error).message });
      return;
    }
    // Then the new segments are merged here too, after the import has answered (tidiness: search is right already).
    try {
      await upkeep.mergeSteps(yieldingTo(flags, mergePauses()), MERGE_PAGES);
    } catch (err) {
      parentPort!.postMessage({ merged: false, message: (err as Error).message });
    }
  } finally {
    db.close();
    parentPort!.close();
  }
}
parentPort!.postMessage({ ready: true });
