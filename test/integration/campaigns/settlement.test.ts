// Chunk settlement on a database on disk: a chunk's outcome lives on the chunk until it is copied onto exactly its
// recipients, counts are right before that, and a campaign sent over real HTTP ends with every row holding the
// gateway id the simulator's ledger has for its number.
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src-main/core/db/database';
import Database from 'better-sqlite3';
import { REALLY_QUEUED, settleChunks, settleForReading, unsettledCounts } from '../../../src-main/core/campaigns/recipients/settlement';
import { writeGate } from '../../../src-main/core/db/write-gate';
import { openDatabase } from '../../../src-main/core/db/database';
import { draft, numbers, perTest } from './helpers';

const AT = '2026-11-22T10:00:00.000Z';

const opened = perTest();
afterEach(() => opened.after());

/** A campaign with `n` queued recipients (ids 1..n unless other rows exist), and some rows that are not queued. */
function campaignWith(n: number): { db: Db; campaign: number; ids: number[] } {
  const db = opened.db('besked-settle-');
  const campaign = Number(db.prepare("INSERT INTO campaigns (state, created_at, updated_at, frozen_at) VALUES ('sending', ?, ?, ?)").run(AT, AT, AT).lastInsertRowid);
  const insert = db.prepare("INSERT INTO campaign_recipients (campaign_id, msisdn, text, parts, state) VALUES (?, ?, 'Hej', 1, ?)");
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    // Every fifth row was left out when frozen: it sits inside chunk ranges and must never be touched.
    const state = i % 5 === 4 ? 'excluded' : 'queued';
    const id = Number(insert.run(campaign, 4520000000 + i, state).lastInsertRowid);
    if (state === 'queued') ids.push(id);
  }
  return { db, campaign, ids };
}

function chunk(d: Db, campaign: number, seq: number, state: string, first: number, last: number, recipients: number): number {
  return Number(
    d
      .prepare(
        `INSERT INTO send_chunks (campaign_id, seq, state, recipients, started_at, finished_at, first_id, last_id, settled, error)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      )
      .run(campaign, seq, state, recipients, AT, state === 'in_flight' ? null : AT, first, last, state === 'failed' ? 'Refused.' : null).lastInsertRowid,
  );
}

function message(d: Db, campaign: number, chunkId: number, gatewayId: string, recipientIds: number[] | null): void {
  d.prepare(
    `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done, recipient_ids)
     VALUES (?, 'legacy', ?, ?, ?, ?, ?, ?, 0, ?)`,
  ).run(gatewayId, campaign, chunkId, recipientIds?.length ?? 0, AT, AT, AT, recipientIds === null ? null : JSON.stringify(recipientIds));
}

const states = (d: Db, campaign: number) =>
  d.prepare('SELECT id, state, chunk_id, gateway_id, status, reason FROM campaign_recipients WHERE campaign_id = ? ORDER BY id').all(campaign) as {
    id: number;
    state: string;
    chunk_id: number | null;
    gateway_id: string | null;
    status: string | null;
    reason: string | null;
  }[];

const reallyQueued = (d: Db, campaign: number) =>
  d.prepare(`SELECT id FROM campaign_recipients WHERE ${REALLY_QUEUED} ORDER BY id`).pluck().all({ campaign }) as number[];

describe('chunk settlement', () => {
  it('gives each recipient of an accepted chunk its own message id: listed groups by their ids, the last group as the rest', () => {
    const { db, campaign, ids } = campaignWith(10);
    const chunkIds = ids.slice(0, 6);
    const c = chunk(db, campaign, 1, 'accepted', chunkIds[0]!, chunkIds[5]!, 6);
    const ucs2 = [chunkIds[1]!, chunkIds[4]!];
    message(db, campaign, c, '9001', ucs2);
    message(db, campaign, c, '9002', null);

    expect(unsettledCounts(db, campaign)).toEqual({ accepted: 6 });
    expect(reallyQueued(db, campaign)).toEqual(ids.slice(6));

    expect([...settleChunks(db)]).toEqual([campaign]);
    const rows = states(db, campaign);
    for (const r of rows) {
      if (!chunkIds.includes(r.id)) {
        expect(r.chunk_id).toBeNull();
        expect(['queued', 'excluded']).toContain(r.state);
        continue;
      }
      expect(r).toMatchObject({ state: 'accepted', chunk_id: c, status: 'pending', gateway_id: ucs2.includes(r.id) ? '9001' : '9002' });
    }
    expect(unsettledCounts(db, campaign)).toEqual({});
    expect(reallyQueued(db, campaign)).toEqual(ids.slice(6));
    // Settling again changes nothing.
    expect(settleChunks(db).size).toBe(0);
  });

  it.each([
    ['uncertain', { state: 'uncertain', reason: null }],
    ['failed', { state: 'failed', reason: 'Refused.' }],
  ])('marks the recipients of a %s chunk, and nobody else', (state, expected) => {
    const { db, campaign, ids } = campaignWith(10);
    const c = chunk(db, campaign, 1, state, ids[2]!, ids[4]!, 3);
    expect(unsettledCounts(db, campaign)).toEqual({ [state]: 3 });
    settleChunks(db, campaign);
    const rows = states(db, campaign);
    expect(rows.filter((r) => r.chunk_id === c).map((r) => r.id)).toEqual(ids.slice(2, 5));
    for (const r of rows.filter((x) => x.chunk_id === c)) expect(r).toMatchObject(expected);
  });

  it('leaves a chunk in flight as it is, and keeps its recipients out of the queue', () => {
    const { db, campaign, ids } = campaignWith(10);
    const done = chunk(db, campaign, 1, 'accepted', ids[0]!, ids[2]!, 3);
    message(db, campaign, done, '7001', null);
    chunk(db, campaign, 2, 'in_flight', ids[3]!, ids[5]!, 3);
    expect(unsettledCounts(db, campaign)).toEqual({ accepted: 3, inFlight: 3 });
    settleChunks(db, campaign);
    expect(unsettledCounts(db, campaign)).toEqual({ inFlight: 3 });
    expect(reallyQueued(db, campaign)).toEqual(ids.slice(6));
    expect(states(db, campaign).filter((r) => r.state === 'accepted').map((r) => r.id)).toEqual(ids.slice(0, 3));
  });

  it('puts the recipients of a requeued chunk back into the queue untouched', () => {
    const { db, campaign, ids } = campaignWith(6);
    chunk(db, campaign, 1, 'requeued', ids[0]!, ids[2]!, 3);
    expect(unsettledCounts(db, campaign)).toEqual({});
    settleChunks(db, campaign);
    expect(reallyQueued(db, campaign)).toEqual(ids);
    expect(states(db, campaign).every((r) => r.chunk_id === null)).toBe(true);
  });

  it('is left to the outbox by a view while an import saves: the view does not wait for the save, and reads the chunk as it is', () => {
    const { db, campaign, ids } = campaignWith(10);
    chunk(db, campaign, 1, 'accepted', ids[0]!, ids[5]!, 6);
    // The import's save: the core holds the gate, another connection the write lock. Settling meanwhile waited in
    // SQLite's busy handler on the core's thread and, the lock still held at busy_timeout, threw.
    const release = writeGate(db).hold();
    const other = new Database(db.name);
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      expect(() => settleForReading(db, campaign)).not.toThrow();
      expect(unsettledCounts(db, campaign)).toEqual({ accepted: 6 });
      other.prepare('COMMIT').run();
    } finally {
      release();
      other.close();
    }
    settleForReading(db, campaign);
    expect(unsettledCounts(db, campaign)).toEqual({});
  });

  it('settles in slices, oldest first', () => {
    const { db, campaign, ids } = campaignWith(10);
    for (let i = 0; i < 4; i++) message(db, campaign, chunk(db, campaign, i + 1, 'accepted', ids[i * 2]!, ids[i * 2 + 1]!, 2), String(500 + i), null);
    expect(settleChunks(db, undefined, 3).size).toBe(1);
    expect(unsettledCounts(db, campaign)).toEqual({ accepted: 2 });
    expect(states(db, campaign).filter((r) => r.state === 'accepted').map((r) => r.gateway_id)).toEqual(['500', '500', '501', '501', '502', '502']);
    settleChunks(db, undefined, 3);
    expect(unsettledCounts(db, campaign)).toEqual({});
  });
});

describe('chunk settlement in parts (a few recipients per slice, issue 30.3)', () => {
  /** Two accepted chunks (listed UCS-2 ids, the rest by one message, some unaccounted), an uncertain and a failed one. */
  function fourChunks(): { db: Db; campaign: number; ids: number[]; chunks: number[] } {
    const { db, campaign, ids } = campaignWith(100);
    const c1 = chunk(db, campaign, 1, 'accepted', ids[0]!, ids[29]!, 30);
    message(db, campaign, c1, '8001', [ids[3]!, ids[17]!, ids[28]!]);
    message(db, campaign, c1, '8002', null);
    const c2 = chunk(db, campaign, 2, 'accepted', ids[30]!, ids[49]!, 20);
    db.prepare('UPDATE send_chunks SET uncertain_ids = ? WHERE id = ?').run(JSON.stringify([ids[31], ids[40]]), c2);
    message(db, campaign, c2, '8003', null);
    const c3 = chunk(db, campaign, 3, 'uncertain', ids[50]!, ids[64]!, 15);
    const c4 = chunk(db, campaign, 4, 'failed', ids[65]!, ids[79]!, 15);
    return { db, campaign, ids, chunks: [c1, c2, c3, c4] };
  }
  /** The campaign's counts as its views read them: rows by state, then unsettled chunks moved out of queued. */
  function counts(d: Db, campaign: number): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of d.prepare('SELECT state, count(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY state').all(campaign) as { state: string; n: number }[]) out[r.state] = r.n;
    for (const [k, n] of Object.entries(unsettledCounts(d, campaign))) {
      out.queued = (out.queued ?? 0) - n;
      out[k === 'inFlight' ? 'in_flight' : k] = (out[k === 'inFlight' ? 'in_flight' : k] ?? 0) + n;
    }
    return Object.fromEntries(Object.entries(out).filter(([, n]) => n !== 0));
  }
  const chunkRows = (d: Db) => d.prepare('SELECT id, recipients, settled FROM send_chunks ORDER BY id').all();

  it.each([1, 4, 7, 1000])('ends as settling each chunk at once does, %s recipients at a time, and every count is right between two parts', (rows) => {
    const whole = fourChunks();
    settleChunks(whole.db);
    const parts = fourChunks();
    // Unsettled, a chunk counts as its state says (an accepted one's unaccounted recipients as accepted); settled, as
    // its rows say. Between two parts each count lies between the two, and no recipient is lost or counted twice.
    const before = counts(parts.db, parts.campaign);
    const after = counts(whole.db, whole.campaign);
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    let slices = 0;
    while (settleChunks(parts.db, undefined, 1, rows).size > 0) {
      slices++;
      const now = counts(parts.db, parts.campaign);
      expect(total(now)).toBe(total(before));
      for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
        expect(now[k] ?? 0).toBeGreaterThanOrEqual(Math.min(before[k] ?? 0, after[k] ?? 0));
        expect(now[k] ?? 0).toBeLessThanOrEqual(Math.max(before[k] ?? 0, after[k] ?? 0));
      }
      expect(reallyQueued(parts.db, parts.campaign)).toEqual(reallyQueued(whole.db, whole.campaign));
    }
    if (rows < 30) expect(slices).toBeGreaterThanOrEqual(80 / rows);
    expect(states(parts.db, parts.campaign)).toEqual(states(whole.db, whole.campaign));
    // Each chunk, settled, counts all its recipients again.
    expect(chunkRows(parts.db)).toEqual(chunkRows(whole.db));
    whole.db.close();
  });

  it('goes on where it stopped when Besked stopped between two parts', () => {
    const whole = fourChunks();
    settleChunks(whole.db);
    const parts = fourChunks();
    for (let i = 0; i < 9; i++) settleChunks(parts.db, undefined, 1, 5);
    // A second Besked on the same file (the first one gone) finishes the work.
    const file = parts.db.name;
    parts.db.close();
    const again = openDatabase(file);
    try {
      settleChunks(again);
      expect(states(again, parts.campaign)).toEqual(states(whole.db, whole.campaign));
      expect(counts(again, parts.campaign)).toEqual(counts(whole.db, whole.campaign));
    } finally {
      again.close();
      whole.db.close();
    }
  });
});

describe('a campaign sent over real HTTP', () => {
  it('ends with every recipient holding the id the gateway gave its message, GSM-7 and UCS-2 groups alike', async () => {
    const t = await opened.core({ campaigns: { chunkSize: 7 } });
    const numbers = Array.from({ length: 30 }, (_, i) => `+45${30000000 + i * 37}`);
    // Every third contact's name needs UCS-2, so most chunks hold two legacy messages.
    const contactIds: number[] = [];
    for (const [i, phone] of numbers.entries()) {
      contactIds.push((await t.ok('contacts.create', { firstName: i % 3 === 0 ? `Zoë ✨${i}` : `Anna${i}`, phone })).id);
    }
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', {
      id,
      draft: {
        name: 'Mixed',
        channel: 'legacy',
        sender: 'Butikken',
        text: 'Hej {first_name}!',
        fallbacks: {},
        options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
        recipients: { contactIds, groupIds: [], searches: [], numbers: [] },
        sendAt: null,
      },
    });
    await t.ok('campaigns.send', { id });
    const sent = await t.waitForState(id, ['sent']);
    expect(sent.counts).toMatchObject({ accepted: 30, queued: 0, inFlight: 0 });
    expect(sent.delivery.pending).toBe(30);

    const rows = (await t.ok('campaigns.recipients', { id, limit: 100 })).rows;
    const ledger = await t.ledger();
    expect(ledger).toHaveLength(30);
    expect(ledger.filter((e) => e.encoding === 'UCS2' || e.encoding === 'UCS-2')).toHaveLength(10);
    // Five chunks of 7 and one of 2, each with a GSM-7 and a UCS-2 message but the last.
    expect(new Set(ledger.map((e) => e.id)).size).toBeGreaterThan(6);
    const byNumber = new Map(ledger.map((e) => [e.recipient, e.id]));
    expect(rows).toHaveLength(30);
    const db = t.core.db;
    const ids = db.prepare('SELECT msisdn, gateway_id, state FROM campaign_recipients WHERE campaign_id = ?').all(id) as { msisdn: number; gateway_id: string; state: string }[];
    for (const r of ids) {
      expect(r.state).toBe('accepted');
      expect(r.gateway_id).toBe(byNumber.get(r.msisdn));
    }
    // Each chunk lists the ids of its smaller message (the UCS-2 one); the larger one is "the rest of the chunk".
    const listed = (db.prepare('SELECT recipient_ids FROM gateway_messages WHERE campaign_id = ? AND recipient_ids IS NOT NULL').pluck().all(id) as string[]).flatMap(
      (j) => JSON.parse(j) as number[],
    );
    const ucs2Ids = db.prepare("SELECT id FROM campaign_recipients WHERE campaign_id = ? AND name LIKE 'Zoë%'").pluck().all(id) as number[];
    expect(listed.sort()).toEqual(ucs2Ids.sort());
  });
});

describe('a send right after its preview', () => {
  it('reuses the previewed list but never sends to a number that opted out since', async () => {
    const t = await opened.core();
    const numbers = ['+4530000001', '+4530000002', '+4530000003'];
    const { id } = await t.ok('campaigns.create', {});
    const draft = {
      name: 'Cached',
      channel: 'legacy' as const,
      sender: 'Butikken',
      text: 'Tilbud i dag',
      fallbacks: {},
      options: { label: '', priority: 'normal' as const, validitySeconds: null, messageClass: 'standard' as const, flash: false },
      recipients: { contactIds: [], groupIds: [], searches: [], numbers },
      sendAt: null,
    };
    await t.ok('campaigns.saveDraft', { id, draft });
    expect((await t.ok('compose.preview', { draft })).recipients).toBe(3);
    // A STOP recorded behind the preview's back (no contacts.changed event reached the cache).
    t.core.db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (4530000002, 'keyword', 'STOP', ?)").run(AT);
    await t.ok('campaigns.send', { id });
    const sent = await t.waitForState(id, ['sent']);
    expect(sent.counts).toMatchObject({ accepted: 2, excluded: 1 });
    expect((await t.ledger()).map((e) => e.recipient).sort()).toEqual([4530000001, 4530000003]);
  });
});

describe('resending uncertain recipients while a later chunk is on its way', () => {
  it('waits for that chunk, then sends the resent recipients once more and nobody else', async () => {
    const t = await opened.core({ campaigns: { chunkSize: 2 } });
    // The first request's answer is lost (uncertain); every request takes a while, so the next one is caught on its way.
    await t.sim('PUT', '/_sim/faults', {
      rules: [
        { path: '/rest/mtsms', method: 'POST', count: 1, drop: 'after' },
        { path: '/rest/mtsms', method: 'POST', latency_ms: 700 },
      ],
    });
    const recipients = numbers(300, 6);
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: recipients } }) });
    await t.ok('campaigns.send', { id });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const c = (await t.ok('campaigns.get', { id })).counts;
      if (c.uncertain === 2 && c.inFlight === 2) break;
      if (Date.now() > deadline) throw new Error(`never caught a chunk on its way: ${JSON.stringify(c)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const before = (await t.ledger()).length;
    await t.ok('campaigns.resolveUncertain', { id, action: 'resend' });
    // The answer came only after the chunk on its way had its outcome: its two recipients are in the ledger now.
    expect((await t.ledger()).length).toBe(before + 2);

    const done = await t.waitForState(id, ['sent']);
    expect(done.counts).toMatchObject({ accepted: 6, uncertain: 0, queued: 0, inFlight: 0 });
    const perRecipient = new Map<number, number>();
    for (const e of await t.ledger()) perRecipient.set(e.recipient, (perRecipient.get(e.recipient) ?? 0) + 1);
    const twice = [...perRecipient].filter(([, n]) => n === 2).map(([m]) => m);
    expect(perRecipient.size).toBe(6);
    expect(twice).toHaveLength(2);
    expect([...perRecipient.values()].every((n) => n === 1 || n === 2)).toBe(true);
    // Every row ends accepted with the id of its own latest message.
    const rows = t.core.db.prepare('SELECT msisdn, state, gateway_id FROM campaign_recipients WHERE campaign_id = ?').all(id) as { msisdn: number; state: string; gateway_id: string }[];
    const latest = new Map<number, string>();
    for (const e of await t.ledger()) latest.set(e.recipient, e.id);
    for (const r of rows) expect(r).toMatchObject({ state: 'accepted', gateway_id: latest.get(r.msisdn) });
  });
});
