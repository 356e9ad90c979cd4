// The checkpointer's thread (src-main/core/db/checkpointer.ts): what the core commits reaches the database file
// without any commit of the core's copying the log (that copy held the core's event loop 20–30 ms each time), and it
// ends with the core.
import { afterEach, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../../../src-main/core/core';
import { WAL_BACKSTOP_PAGES } from '../../../src-main/core/db/checkpoints';
import { checkpointsElsewhere, pauseCheckpointer } from '../../../src-main/core/db/checkpointer';
import { startTestCore, type TestCore } from '../inbox/core-fixture';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A core with a scratch table, what its start wrote already copied (so the file's size is the one to compare with). */
async function started(): Promise<{ core: Core; file: string }> {
  t = await startTestCore();
  t.core.db.exec('CREATE TABLE scratch_big (x BLOB)');
  t.core.db.pragma('wal_checkpoint(TRUNCATE)');
  return { core: t.core, file: join(t.dir, 'besked.db') };
}

describe('the checkpointer', () => {
  it("rests while an import's thread writes (its commits copy the log), and copies again after", async () => {
    const { core: c, file } = await started();
    const resume = pauseCheckpointer(c.db);
    expect(checkpointsElsewhere(c.db)).toBe(false);
    const before = statSync(file).size;
    c.db.prepare('INSERT INTO scratch_big VALUES (?)').run(Buffer.alloc(8 << 20, 7));
    await new Promise((r) => setTimeout(r, 500));
    expect(statSync(file).size).toBeLessThan(before + (1 << 20));
    resume();
    resume();
    expect(checkpointsElsewhere(c.db)).toBe(true);
    for (const until = Date.now() + 10_000; statSync(file).size < before + (8 << 20); ) {
      if (Date.now() > until) throw new Error('not copied after the pause');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it("copies a large commit into the database file by itself, the core's commit having copied nothing", async () => {
    const { core, file } = await started();
    expect(core.db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_BACKSTOP_PAGES);
    const before = statSync(file).size;
    // 24 MB in one commit: past SQLite's own threshold of 1,000 pages, below the backstop, so the commit copies nothing.
    core.db.prepare('INSERT INTO scratch_big VALUES (?)').run(Buffer.alloc(24 << 20, 7));
    expect(statSync(file).size).toBeLessThan(before + (1 << 20));
    // Nothing else happens on the core's side; the thread copies it within a few of its rounds.
    for (const until = Date.now() + 10_000; statSync(file).size < before + (24 << 20); ) {
      if (Date.now() > until) throw new Error(`not copied: the file grew by ${statSync(file).size - before} bytes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Closing ends the thread (a hung thread would keep close from resolving).
    await t!.close();
    t = null;
  });
});
