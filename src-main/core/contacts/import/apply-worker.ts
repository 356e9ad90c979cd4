// The worker thread's side of apply-thread.ts: waits for one staged import, opens Besked's database with a connection
// of its own, saves it with applyStaged (the very transaction the core would run) and posts back what it did, or the
// error.
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Db } from '../../db/database';
import { configureConnection } from '../../db/connection';
import { BeskedError } from '../../errors';
import { applyStaged, type ApplyOptions } from './apply';

parentPort!.once('message', ({ file, options }: { file: string; options: ApplyOptions }) => {
  const db = new Database(file) as Db;
  try {
    // As the core's own connection: a large save's commit copies the log into the file here, off the core's thread.
    configureConnection(db);
    parentPort!.postMessage({ started: true });
    const r = applyStaged(db, options);
    parentPort!.postMessage({ ok: true, result: { ...r, existing: [...r.existing] } });
  } catch (err) {
    const e = err instanceof BeskedError ? err : null;
    parentPort!.postMessage({ ok: false, error: { kind: e?.kind ?? 'internal', message: (err as Error).message, code: e?.code, params: e?.params, besked: e !== null } });
  } finally {
    db.close();
  }
});
parentPort!.postMessage({ ready: true });
