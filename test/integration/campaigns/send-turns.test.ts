// A send's plan of a long list lets other calls through while it reads the contacts and composes their texts (issue
// 30.3), and a STOP recorded meanwhile is still honoured: the send freezes only a list consistent with consent.
import { afterEach, expect, it } from 'vitest';
import { draft, startTestCore, type TestCore } from './helpers';

const N = 20_000;
const FIRST = 4530000000;

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** N contacts in a new group, written straight to the tables (fast); returns the group and its contacts' ids. */
async function bigGroup(c: TestCore): Promise<{ groupId: number; ids: number[] }> {
  const { id: groupId } = await c.ok('groups.create', { name: 'Alle' });
  const db = c.core.db;
  const at = new Date().toISOString();
  const insert = db.prepare('INSERT INTO contacts (first_name, e164, msisdn, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const member = db.prepare('INSERT INTO contact_group_members (group_id, contact_id) VALUES (?, ?)');
  const ids: number[] = [];
  db.transaction(() => {
    for (let i = 0; i < N; i++) {
      const id = Number(insert.run(`P${i}`, `+${FIRST + i}`, FIRST + i, `p${i}`, String(FIRST + i), at, at).lastInsertRowid);
      member.run(groupId, id);
      ids.push(id);
    }
  })();
  return { groupId, ids };
}

/** Counts event-loop turns until the promise settles, running `onTurn` at each. */
async function turnsWhile<T>(p: () => Promise<T>, onTurn: (turn: number) => void = () => {}): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    onTurn(++turns);
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await p(), turns };
  } finally {
    running = false;
  }
}

async function sendable(c: TestCore, groupId: number): Promise<number> {
  await c.ok('pricing.status', { refresh: true });
  await c.ok('account.balance', { refresh: true });
  const { id } = await c.ok('campaigns.create', {});
  await c.ok('campaigns.saveDraft', { id, draft: draft({ text: 'Hej {first_name}', recipients: { contactIds: [], groupIds: [groupId], searches: [], numbers: [] } }) });
  return id;
}

it('turns the event loop while it reads and composes 20,000 recipients', async () => {
  t = await startTestCore();
  const { groupId } = await bigGroup(t);
  const id = await sendable(t, groupId);
  const c = t;
  const { turns } = await turnsWhile(() => c.ok('campaigns.send', { id }));
  // 20,000 contacts read and composed 2,000 at a time: at least ten turns each.
  expect(turns).toBeGreaterThanOrEqual(15);
  const summary = await t.waitForState(id, ['sent']);
  expect(summary.counts.accepted).toBe(N);
});

it('leaves out a number that opted out while the send was being planned', async () => {
  t = await startTestCore();
  const { groupId, ids } = await bigGroup(t);
  const id = await sendable(t, groupId);
  const c = t;
  let stop: Promise<unknown> | null = null;
  // A STOP for the last contact of the list, recorded after the plan has read the list and its opt-outs, while it composes the texts.
  await turnsWhile(
    () => c.ok('campaigns.send', { id }),
    (turn) => {
      if (turn === 14) stop = c.ok('contacts.optOut', { selection: { ids: [ids[N - 1]!] } });
    },
  );
  await stop;
  expect(stop).not.toBeNull();
  const summary = await t.waitForState(id, ['sent']);
  expect(summary.counts.accepted).toBe(N - 1);
  expect((await t.ledger()).some((e) => e.recipient === FIRST + N - 1)).toBe(false);
});
