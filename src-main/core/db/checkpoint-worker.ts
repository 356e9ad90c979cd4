// The checkpointer's thread (checkpointer.ts): a connection of its own that copies the write-ahead log into the
// database file every CHECK_EVERY_MS, so that the copying and its sync to disk happen here rather than inside a
// commit of the core's (SQLite does it in whichever commit crosses wal_autocheckpoint: 20–30 ms, a dozen times while
// a 100,000-recipient campaign is sent and settled, each one holding the core's event loop; issue 30.3).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** How often it looks: a look that finds nothing to copy costs microseconds. */
const CHECK_EVERY_MS = 100;

const { file } = workerData as { file: string };
const db = new Database(file);
// It never writes: no checkpoint of its own on commit, and a busy log is looked at again on the next round.
db.pragma('wal_autocheckpoint = 0');
db.pragma('synchronous = NORMAL');

let stopped = false;
parentPort!.on('message', (m: { stop?: true }) => {
  if (m.stop) stopped = true;
});

function round(): void {
  if (stopped) {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    // PASSIVE: copies what no reader still needs, never waits for a reader or a writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort!.postMessage({ failed: (err as Error).message });
  }
  setTimeout(round, CHECK_EVERY_MS);
}
round();
