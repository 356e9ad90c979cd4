// The compact form of a frozen recipient list: a large legacy campaign is frozen as batches of JSON entries (one
// row per thousand recipients) and its recipient rows are written later, off the sending path. Freezing 100,000
// recipients then writes 100 rows instead of 100,000, and the first request leaves at once.
//
// How the rest of Besked sees this, so nothing can tell the difference:
// - ids: a batch holds the recipient ids first_id..last_id in entry order, reserved at freeze. The campaign's last
//   batch is always written as real rows at once, so the table's highest id lies above every reserved range and
//   rows inserted elsewhere (replies from the inbox) can never take a reserved id.
// - the queue: an entry is queued like a 'queued' row with no chunk; the outbox takes the lowest ids of both.
// - readers: settleChunks (settlement.ts) writes a campaign's batches as rows before it settles any chunk, and every
//   reader of recipient rows settles first; counts add the entries as queued.
// - materialising goes lowest batch first, so a campaign's remaining batches are always one range at the top.
// - an entry holds no text: the text is the campaign's template with the tag values put in, in one pass, as the
//   gateway does it; SQLite writes it from the template's pieces when the rows are made (six tenths less to store).
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { templatePieces } from '../../../src-shared/sms/personalised';

/** One frozen recipient, in the order of the campaign_recipients columns the outbox and the rows need. */
export type FrozenEntry = [
  msisdn: number,
  contactId: number | null,
  name: string | null,
  /** JSON array of the values of the template's fields in order (as campaign_recipients.tagvalues holds it); null without merge fields. */
  tagvaluesJson: string | null,
  parts: number,
  cost: number | null,
  /** 1 when the text needs UCS-2 (the composer counted it at freeze), else 0. */
  ucs2: 0 | 1,
];

/** Recipients per batch row: one chunk's worth, so sending a chunk reads one batch. */
export const DEFAULT_BATCH_SIZE = 1_000;

/** A campaign's entries still in batches: ids first..last (an empty range when none). */
export interface BatchRange {
  first: number;
  last: number;
}

/** The lowest id a new frozen list may take: above every row and every reserved batch. */
export function nextRecipientId(db: Db): number {
  return (
    (db
      .prepare(
        `SELECT MAX(COALESCE((SELECT MAX(id) FROM campaign_recipients), 0),
                    COALESCE((SELECT MAX(last_id) FROM recipient_batches), 0)) + 1`,
      )
      .pluck()
      .get() as number) ?? 1
  );
}

/**
 * A list just frozen as batches, in the columns the outbox sends from (ids firstId on, index 0 first): kept in
 * memory instead of one array per recipient, which cost more to keep alive than to build.
 */
export interface SendableList {
  firstId: number;
  msisdn: Float64Array;
  tagvaluesJson: (string | null)[];
  parts: Uint16Array;
  cost: readonly (number | null)[];
  ucs2: Uint8Array;
}

/**
 * Writes `count` entries as batches with ids from firstId on; `entryAt(i)` gives the i-th. Call inside the
 * freeze's transaction. Each batch's entries live only while it is serialised.
 */
export function writeBatches(db: Db, campaignId: number, firstId: number, count: number, batchSize: number, entryAt: (i: number) => FrozenEntry): void {
  const insert = db.prepare('INSERT INTO recipient_batches (campaign_id, first_id, last_id, size, data) VALUES (?, ?, ?, ?, ?)');
  for (let i = 0; i < count; i += batchSize) {
    const size = Math.min(batchSize, count - i);
    const part: FrozenEntry[] = new Array(size);
    for (let j = 0; j < size; j++) part[j] = entryAt(i + j);
    insert.run(campaignId, firstId + i, firstId + i + size - 1, size, JSON.stringify(part));
  }
}

/** The campaign's entries still in batches, or null when it has none. */
export function batchRange(db: Db, campaignId: number): BatchRange | null {
  const r = prepared(db, 'SELECT MIN(first_id) AS first, MAX(last_id) AS last FROM recipient_batches WHERE campaign_id = ?').get(campaignId) as {
    first: number | null;
    last: number | null;
  };
  return r.first === null || r.last === null ? null : { first: r.first, last: r.last };
}

/** How many of the campaign's recipients are still in batches. */
export function batchedCount(db: Db, campaignId: number): number {
  return prepared(db, 'SELECT COALESCE(SUM(size), 0) FROM recipient_batches WHERE campaign_id = ?', 'pluck').get(campaignId) as number;
}

/** Entries with ids from `from` on (at most `limit`), read back from the database, each with its id. */
export function readEntries(db: Db, campaignId: number, from: number, limit: number): { id: number; entry: FrozenEntry }[] {
  const out: { id: number; entry: FrozenEntry }[] = [];
  const batches = db
    .prepare('SELECT first_id, data FROM recipient_batches WHERE campaign_id = ? AND last_id >= ? ORDER BY first_id')
    .iterate(campaignId, from) as IterableIterator<{ first_id: number; data: string }>;
  for (const b of batches) {
    const entries = JSON.parse(b.data) as FrozenEntry[];
    for (let i = Math.max(0, from - b.first_id); i < entries.length && out.length < limit; i++) out.push({ id: b.first_id + i, entry: entries[i]! });
    if (out.length >= limit) {
      batches.return?.();
      break;
    }
  }
  return out;
}

/**
 * SQL for a frozen entry's text (`value` is the entry in json_each) and its parameters: the template's literal
 * pieces joined with the entry's tag values, so no value is ever scanned for fields again.
 */
export function entryTextSql(template: string): { sql: string; params: string[] } {
  const pieces = templatePieces(template);
  if (pieces.length === 0) return { sql: "''", params: [] };
  const params: string[] = [];
  const sql = pieces
    .map((p) => {
      if (p.kind === 'text') {
        params.push(p.text);
        return '?';
      }
      return `COALESCE(json_extract(value ->> 3, '$[${p.index}]'), '')`;
    })
    .join(' || ');
  return { sql, params };
}

/**
 * Writes batches as 'queued' recipient rows, lowest first (one campaign's or all campaigns'; at most `limit`
 * batches, -1 for all), in one transaction. SQLite takes the entries apart itself. Returns the campaigns touched.
 */
export function materialise(db: Db, campaignId?: number, limit = -1): Set<number> {
  const batches = (
    campaignId === undefined
      ? db.prepare('SELECT id, campaign_id, first_id, data FROM recipient_batches ORDER BY campaign_id, first_id LIMIT ?').all(limit)
      : db.prepare('SELECT id, campaign_id, first_id, data FROM recipient_batches WHERE campaign_id = ? ORDER BY first_id LIMIT ?').all(campaignId, limit)
  ) as { id: number; campaign_id: number; first_id: number; data: string }[];
  if (batches.length === 0) return new Set();
  const template = db.prepare('SELECT text FROM campaigns WHERE id = ?').pluck();
  const inserts = new Map<number, { run: (b: { first_id: number; campaign_id: number; data: string }) => void }>();
  const insertFor = (campaign: number) => {
    let ins = inserts.get(campaign);
    if (!ins) {
      const text = entryTextSql(template.get(campaign) as string);
      const stmt = db.prepare(
        `INSERT INTO campaign_recipients (id, campaign_id, msisdn, contact_id, name, text, tagvalues, parts, cost, state)
         SELECT ? + key, ?, value ->> 0, value ->> 1, value ->> 2, ${text.sql}, value ->> 3, value ->> 4, value ->> 5, 'queued'
           FROM json_each(?)`,
      );
      ins = { run: (b) => stmt.run(b.first_id, b.campaign_id, ...text.params, b.data) };
      inserts.set(campaign, ins);
    }
    return ins;
  };
  const remove = db.prepare('DELETE FROM recipient_batches WHERE id = ?');
  db.transaction(() => {
    for (const b of batches) {
      insertFor(b.campaign_id).run(b);
      remove.run(b.id);
    }
  })();
  return new Set(batches.map((b) => b.campaign_id));
}
