// The core keeps answering while another connection holds the write lock (src-main/core/db/write-gate.ts): a
// colleague's write waits for it without holding the core's thread, a read answers at once, and the write is made
// when the lock is let go. Another connection of the test stands in for an import's worker thread, its step flag
// raised as apply-worker.ts raises it; without the gate the write waited in SQLite's busy handler on the core's
// thread, and here (the holder being on the same thread, unable to commit meanwhile) failed after busy_timeout.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { beginStep, createStepFlags, writeGate } from '../../../src-main/core/db/write-gate';

let core: Core | null = null;
let other: Database.Database | null = null;
const dirs: string[] = [];
afterEach(async () => {
  other?.close();
  other = null;
  await core?.close();
  core = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function coreWithContact(): Promise<{ dir: string; id: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'besked-write-gate-'));
  dirs.push(dir);
  core = await startCore({ dataDir: dir, shell: 'web', version: 'test', vault: new MemoryVault(), checkOutputs: true });
  const r = await core.dispatch('contacts.create', { firstName: 'Karen', lastName: 'Holm', phone: '+4520304050' });
  if (!r.ok) throw new Error(r.error.message);
  return { dir, id: (r.value as { id: number }).id };
}

/** Another connection that takes the write lock and keeps it until `commit`. */
function lockHolder(dir: string): { commit: () => void } {
  other = new Database(join(dir, 'besked.db'));
  other.prepare('BEGIN IMMEDIATE').run();
  other.prepare("INSERT INTO sync_state (key, value) VALUES ('write-gate-test', '1')").run();
  return { commit: () => other!.prepare('COMMIT').run() };
}

/** Counts the turns of the core's event loop (a 5 ms timer) until stopped. */
function loopTurns(): { turns: () => number; stop: () => void } {
  let n = 0;
  const t = setInterval(() => n++, 5);
  return { turns: () => n, stop: () => clearInterval(t) };
}

const settled = (p: Promise<unknown>) => {
  const s = { done: false };
  void p.finally(() => (s.done = true));
  return s;
};

describe("the core's writes while another connection holds the write lock", () => {
  it("wait for a worker's step without holding the core; reads answer meanwhile; the write is made after", async () => {
    const { dir, id } = await coreWithContact();
    const flags = createStepFlags();
    const unwatch = writeGate(core!.db).watch(flags);
    const endStep = beginStep(flags);
    const holder = lockHolder(dir);
    const loop = loopTurns();
    const create = core!.dispatch('contacts.create', { firstName: 'Jens', lastName: 'Vestergaard', phone: '+4521436587' });
    const created = settled(create);
    // A read is not held up (contacts.get declares that it only reads).
    const read = await core!.dispatch('contacts.get', { id });
    expect(read.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    loop.stop();
    // The loop kept turning (60 turns if nothing held it; a loaded machine turns fewer) and the write is waiting.
    expect(loop.turns()).toBeGreaterThan(10);
    expect(created.done).toBe(false);
    holder.commit();
    endStep();
    const r = await create;
    expect(r.ok).toBe(true);
    const list = await core!.dispatch('contacts.list', { filter: { search: 'Vestergaard' }, limit: 10 });
    expect(list.ok && (list.value as { total: number }).total).toBe(1);
    unwatch();
  });

  it("wait for an import's save the core's thread is holding the gate for, and go on when it is released", async () => {
    const { dir } = await coreWithContact();
    const release = writeGate(core!.db).hold();
    const holder = lockHolder(dir);
    const loop = loopTurns();
    const group = core!.dispatch('groups.create', { name: 'Stamkunder' });
    const made = settled(group);
    await new Promise((r) => setTimeout(r, 200));
    loop.stop();
    expect(loop.turns()).toBeGreaterThan(5);
    expect(made.done).toBe(false);
    holder.commit();
    release();
    expect((await group).ok).toBe(true);
  });
});
