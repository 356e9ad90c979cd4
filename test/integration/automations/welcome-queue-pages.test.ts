// A welcome run's joins read a page at a time in the queue's order (welcome.ts, oldestJoins; issue 30.3): the joins
// of one import share a few instants, so pages end inside runs of equal times, and each join must still be read once,
// oldest first and by contact within an instant, up to the run's limit, with the contact's number and opt-out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src-main/core/db/database';
import type { Db } from '../../../src-main/core/db/database';
import { oldestJoins } from '../../../src-main/core/automations/welcome';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'besked-welcome-queue-'));
  db = openDatabase(join(dir, 'besked.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Contacts 1..n, every seventh opted out, queued for automation 1 at four instants (contact ids descending within). */
function queue(n: number): { contactId: number; joinedAt: string }[] {
  const contact = db.prepare(
    `INSERT INTO contacts (id, first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, search_phone, search_custom, created_at, updated_at)
     VALUES (?, 'K', '', ?, ?, '', '', '{}', '', 'k', '', '', 'then', 'then')`,
  );
  const join = db.prepare('INSERT INTO automation_welcome_queue (automation_id, contact_id, joined_at) VALUES (?, ?, ?)');
  const joins: { contactId: number; joinedAt: string }[] = [];
  db.transaction(() => {
    for (let id = n; id >= 1; id--) {
      const msisdn = 4520000000 + id;
      contact.run(id, `+${msisdn}`, msisdn);
      if (id % 7 === 0) db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (?, 'keyword', 'test', 'then')").run(msisdn);
      const joinedAt = `2026-11-27T10:00:0${id % 4}.000Z`;
      join.run(1, id, joinedAt);
      // Another automation's joins are never read.
      join.run(2, id, '2026-11-27T09:00:00.000Z');
      joins.push({ contactId: id, joinedAt });
    }
  })();
  return joins.sort((a, b) => (a.joinedAt === b.joinedAt ? a.contactId - b.contactId : a.joinedAt < b.joinedAt ? -1 : 1));
}

describe('oldestJoins', () => {
  it.each([
    { n: 100, max: 1_000, page: 7 },
    { n: 100, max: 1_000, page: 1 },
    { n: 100, max: 40, page: 7 },
    { n: 2_500, max: 10_000, page: 1_000 },
    { n: 2_500, max: 1_500, page: 1_000 },
  ])('reads $n joins, at most $max, $page a page: each once, in order', async ({ n, max, page }) => {
    const expected = queue(n).slice(0, max);
    const read = await oldestJoins(db, 1, max, page);
    expect(read.map((j) => [j.joinedAt, j.contactId])).toEqual(expected.map((j) => [j.joinedAt, j.contactId]));
    expect(read.every((j) => j.msisdn === 4520000000 + j.contactId && j.optedOut === (j.contactId % 7 === 0 ? 1 : 0))).toBe(true);
  });

  it('says a deleted contact has no number', async () => {
    queue(10);
    db.prepare('DELETE FROM contacts WHERE id = 4').run();
    const read = await oldestJoins(db, 1, 100, 3);
    expect(read).toHaveLength(10);
    expect(read.find((j) => j.contactId === 4)).toMatchObject({ msisdn: null, optedOut: 0 });
  });

  it('reads nothing from an empty queue', async () => {
    expect(await oldestJoins(db, 1, 100)).toEqual([]);
  });
});
