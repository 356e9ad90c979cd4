// The core keeps answering while another connection holds the write lock (src-main/core/db/write-gate.ts): a
// colleague's write waits for it without holding the core's thread, a read answers at once, and the write is made
// when the lock is let go. Another connection of the test stands in for an import's worker thread, its step flag
// raised as apply-worker.ts raises it; without the gate the write waited in SQLite's busy handler on the core's
// thread, and here (the holder being on the same thread, unable to commit meanwhile) failed after busy_timeout.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { beginStep, createStepFlags, writeGate } from '../../../src-main/core/db/write-gate';
import { startTestCore, type TestCore } from '../inbox/core-fixture';
import { loopTurns } from '../loop-turns';

let t: TestCore | null = null;
let other: Database.Database | null = null;
afterEach(async () => {
  other?.close();
  other = null;
  await t?.close();
  t = null;
});

async function coreWithContact(): Promise<{ dir: string; id: number }> {
  t = await startTestCore();
  const { id } = await t.call('contacts.create', { firstName: 'Karen', lastName: 'Holm', phone: '+4520304050' });
  return { dir: t.dir, id };
}

/** Another connection that takes the write lock and keeps it until `commit`. */
function lockHolder(dir: string): { commit: () => void } {
  other = new Database(join(dir, 'besked.db'));
  other.prepare('BEGIN IMMEDIATE').run();
  other.prepare("INSERT INTO sync_state (key, value) VALUES ('write-gate-test', '1')").run();
  return { commit: () => other!.prepare('COMMIT').run() };
}

/**
 * Another connection takes the write lock, then `write` is started and watched until the core's loop has turned
 * `turns` times (a 5 ms timer) and at least `ms` have passed: whether the write was done by then. A write that waited
 * in SQLite's busy handler would hold the loop (and so the count) until busy_timeout (5 s) failed it, so the count is
 * not timed: a loaded machine turns the loop less often, and a fixed window's count failed under a clean clone's
 * first tests (bundling the threads in the background takes both cores). `commit` lets the lock go.
 */
async function writeWhileLocked<T>(dir: string, write: () => Promise<T>, ms: number, turns: number): Promise<{ turns: number; done: boolean; commit: () => void; result: Promise<T> }> {
  const holder = lockHolder(dir);
  const watched = { done: false };
  const result = write();
  void result.finally(() => (watched.done = true));
  const turned = await loopTurns(turns, ms);
  return { turns: turned, done: watched.done, commit: holder.commit, result };
}

describe("the core's writes while another connection holds the write lock", () => {
  it("wait for a worker's step without holding the core; reads answer meanwhile; the write is made after", async () => {
    const { dir, id } = await coreWithContact();
    const core = t!.core;
    const flags = createStepFlags();
    const unwatch = writeGate(core.db).watch(flags);
    const endStep = beginStep(flags);
    try {
      let read: Awaited<ReturnType<typeof core.dispatch>> | null = null;
      const create = await writeWhileLocked(
        dir,
        async () => {
          const p = core.dispatch('contacts.create', { firstName: 'Jens', lastName: 'Vestergaard', phone: '+4521436587' });
          // A read is not held up (contacts.get declares that it only reads).
          read = await core.dispatch('contacts.get', { id });
          return p;
        },
        300,
        10,
      );
      expect(read!.ok).toBe(true);
      // The loop kept turning and the write is waiting.
      expect(create.turns).toBeGreaterThanOrEqual(10);
      expect(create.done).toBe(false);
      create.commit();
      endStep();
      const r = await create.result;
      expect(r.ok).toBe(true);
      const list = await core.dispatch('contacts.list', { filter: { search: 'Vestergaard' }, limit: 10 });
      expect(list.ok && (list.value as { total: number }).total).toBe(1);
    } finally {
      // A failed expectation must not leave the flag up: the waiting write, and the core's close, would wait for it.
      endStep();
      unwatch();
    }
  });

  it("hand a gateway's answer on only once an import's save ends, with the gate claimed for the turn that hears it", async () => {
    await coreWithContact();
    const core = t!.core;
    const gate = writeGate(core.db);
    const release = gate.hold();
    try {
      let heard = false;
      let claimedWhenHeard = false;
      const answer = core.gateway.me().then((me) => {
        heard = true;
        // What the caller writes on hearing it is made with the gate claimed: no step of a worker's begins meanwhile.
        claimedWhenHeard = gate.claimed;
        return me;
      });
      // Long enough for the simulator to answer; the answer waits for the gate without holding the loop.
      await loopTurns(20, 500);
      expect(heard).toBe(false);
      release();
      expect(await answer).toBeTruthy();
      expect(claimedWhenHeard).toBe(true);
    } finally {
      release();
    }
  });

  it("wait for an import's save the core's thread is holding the gate for, and go on when it is released", async () => {
    const { dir } = await coreWithContact();
    const release = writeGate(t!.core.db).hold();
    try {
      const group = await writeWhileLocked(dir, () => t!.core.dispatch('groups.create', { name: 'Stamkunder' }), 200, 6);
      expect(group.turns).toBeGreaterThanOrEqual(6);
      expect(group.done).toBe(false);
      group.commit();
      release();
      expect((await group.result).ok).toBe(true);
    } finally {
      // A failed expectation must not leave the gate held: the core's close would wait for it.
      release();
    }
  });
});
