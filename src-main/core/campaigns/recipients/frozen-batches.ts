// The compact form of a frozen recipient list: a large legacy campaign is frozen as batches (one row per thousand
// recipients) and its recipient rows are written later, off the sending path. Freezing 100,000 recipients then
// writes 100 rows instead of 100,000, and the first request leaves at once. Part of the recipients' repository
// (campaign-recipients.ts).
//
// How the rest of Besked sees this, so nothing can tell the difference:
// - ids: a batch holds the recipient ids first_id..last_id in entry order, reserved at freeze. The campaign's last
//   recipient is always written as a real row at once, so the table's highest id lies above every reserved range
//   and rows inserted elsewhere (replies from the inbox) can never take a reserved id.
// - the queue: an entry is queued like a 'queued' row with no chunk; the outbox takes the lowest ids of both.
// - readers: settleChunks (settlement.ts) writes a campaign's batches as rows before it settles any chunk, and every
//   read of recipient rows settles first (campaign-recipients.ts); counts add the entries as queued.
// - materialising goes lowest batch first, so a campaign's remaining batches are always one range at the top.
// - an entry holds no text: the text is the campaign's template with the tag values put in, in one pass, as the
//   gateway does it, and is written when the rows are made.
//
// Why columns, and numbers as bytes: the freeze is on the path between "Send" and the first request. Writing the
// numbers of 100,000 recipients as JSON meant turning half a million doubles into decimal text (about 30 ms); as
// bytes they are copied. Names are serialised once per batch; tag values are already the JSON the composer made
// (composition.ts), joined as they are.
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { templatePieces, type TemplatePiece } from '../../../../src-shared/sms/personalised';
import { turnBudget } from '../../event-loop-turns';

/**
 * Frozen recipients in columns, ids firstId, firstId + 1, … in index order: a list just frozen, or a batch read
 * back. Numbers that may be absent are NaN when they are.
 */
export interface FrozenList {
  firstId: number;
  msisdn: Float64Array;
  contactId: Float64Array;
  names: (string | null)[];
  /**
   * JSON arrays of the values of the template's fields in order (fallbacks applied), as campaign_recipients.tagvalues
   * holds them and requests carry them; null without merge fields.
   */
  tagvaluesJson: (string | null)[];
  parts: Uint16Array;
  /** The price of this recipient's text; NaN when there was no price list. */
  cost: Float64Array;
  /** 1 when the text needs UCS-2 (the composer counted it at freeze), else 0. */
  ucs2: Uint8Array;
}

/** An empty list of n recipients to fill in. */
export function frozenList(n: number, firstId = 0): FrozenList {
  return {
    firstId,
    msisdn: new Float64Array(n),
    contactId: new Float64Array(n),
    names: new Array<string | null>(n),
    tagvaluesJson: new Array<string | null>(n),
    parts: new Uint16Array(n),
    cost: new Float64Array(n),
    ucs2: new Uint8Array(n),
  };
}

/**
 * The first `count` recipients of a send plan as a list: numbers copied into columns, names shared, and each
 * recipient's tag values the JSON the composer made (composition.ts), which its request and its row carry as they are.
 */
export function frozenListOf(recipients: PlannedRecipients, texts: PlannedTexts, unitCosts: PlannedCosts, count: number): FrozenList {
  const list = frozenList(count);
  fill(list, recipients, texts, unitCosts, 0, count);
  return list;
}

/**
 * frozenListOf with the loop turning once a turn has held it for its budget, for a send's freeze (100,000 recipients
 * took 30–50 ms in one stretch at load 4, bench core.max_loop_block_ms).
 */
export async function frozenListInTurns(recipients: PlannedRecipients, texts: PlannedTexts, unitCosts: PlannedCosts, count: number): Promise<FrozenList> {
  const list = frozenList(count);
  const budget = turnBudget();
  for (let from = 0; from < count; from += 1024) {
    if (budget.spent()) await budget.turn();
    fill(list, recipients, texts, unitCosts, from, Math.min(count, from + 1024));
  }
  return list;
}

type PlannedRecipients = readonly { msisdn: number; contactId: number | null; name: string | null }[];
type PlannedTexts = readonly { tagvaluesJson: string | null; parts: number; ucs2: boolean }[];
type PlannedCosts = readonly (number | null | undefined)[];

function fill(list: FrozenList, recipients: PlannedRecipients, texts: PlannedTexts, unitCosts: PlannedCosts, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const r = recipients[i]!;
    const c = texts[i]!;
    list.msisdn[i] = r.msisdn;
    list.contactId[i] = r.contactId ?? NaN;
    list.names[i] = r.name;
    list.tagvaluesJson[i] = c.tagvaluesJson;
    list.parts[i] = c.parts;
    list.cost[i] = unitCosts[i] ?? NaN;
    list.ucs2[i] = c.ucs2 ? 1 : 0;
  }
}

/** NaN (absent) as SQL's NULL. */
export const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

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

/** A typed array's values [from, from + n) as the bytes SQLite stores (little-endian on every platform Besked runs on). */
function bytes(a: Float64Array | Uint16Array | Uint8Array, from: number, n: number): Buffer {
  return Buffer.from(a.buffer, a.byteOffset + from * a.BYTES_PER_ELEMENT, n * a.BYTES_PER_ELEMENT);
}

/** Stored bytes back as a typed array, copied when SQLite's buffer is not aligned for it. */
function column<T extends Float64Array | Uint16Array | Uint8Array>(make: new (b: ArrayBuffer, o: number, n: number) => T, size: number, b: Buffer, n: number): T {
  if (b.byteLength !== n * size) throw new Error(`a frozen batch column holds ${b.byteLength} bytes, expected ${n * size}`);
  const copy = b.byteOffset % size === 0 ? b : Buffer.from(b);
  return new make(copy.buffer as ArrayBuffer, copy.byteOffset, n);
}

/** One batch's names and tag values as one JSON text (the batch's `strings` column). */
function batchStrings(list: FrozenList, from: number, n: number): string {
  let tagvalues = '';
  for (let j = from; j < from + n; j++) tagvalues += (j > from ? ',' : '') + (list.tagvaluesJson[j] ?? 'null');
  return `{"names":${JSON.stringify(list.names.slice(from, from + n))},"tagvalues":[${tagvalues}]}`;
}

/**
 * Every batch's JSON text, made before the freeze's transaction with the loop turning between batches once a turn
 * has held it for its budget: for 100,000 recipients (5 MB of text) it took 20–80 ms inside the freeze's one
 * stretch (bench core.max_loop_block_ms, issue 30.3). Nothing in them depends on the ids the transaction gives.
 */
export async function batchStringsInTurns(list: FrozenList, batchSize: number): Promise<string[]> {
  const out: string[] = [];
  const budget = turnBudget();
  for (let i = 0; i < list.msisdn.length; i += batchSize) {
    if (budget.spent()) await budget.turn();
    out.push(batchStrings(list, i, Math.min(batchSize, list.msisdn.length - i)));
  }
  return out;
}

/**
 * Writes the list (its firstId set) as batches of at most batchSize, lowest ids first. Call inside the freeze's
 * transaction. The batches copy the list's numbers; its names are serialised, and its tag values, already JSON,
 * are joined into one JSON text per batch (or taken from `strings`, made by batchStringsInTurns).
 */
export function writeBatches(db: Db, campaignId: number, list: FrozenList, batchSize: number, strings?: readonly string[]): void {
  const insert = db.prepare(
    `INSERT INTO recipient_batches (campaign_id, first_id, last_id, size, msisdn, contact_id, parts, cost, ucs2, strings)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const count = list.msisdn.length;
  for (let i = 0; i < count; i += batchSize) {
    const n = Math.min(batchSize, count - i);
    const first = list.firstId + i;
    insert.run(
      campaignId,
      first,
      first + n - 1,
      n,
      bytes(list.msisdn, i, n),
      bytes(list.contactId, i, n),
      bytes(list.parts, i, n),
      bytes(list.cost, i, n),
      bytes(list.ucs2, i, n),
      strings?.[i / batchSize] ?? batchStrings(list, i, n),
    );
  }
}

interface BatchRow {
  id: number;
  campaign_id: number;
  first_id: number;
  size: number;
  msisdn: Buffer;
  contact_id: Buffer;
  parts: Buffer;
  cost: Buffer;
  ucs2: Buffer;
  strings: string;
}

interface BatchStrings {
  names: (string | null)[];
  tagvalues: (string[] | null)[];
}

/** A batch's strings; throws when they disagree with its size (a damaged row). */
function stringsOf(b: BatchRow): BatchStrings {
  const strings = JSON.parse(b.strings) as BatchStrings;
  if (strings.names.length !== b.size || strings.tagvalues.length !== b.size) {
    throw new Error(`a frozen batch holds ${strings.names.length} names and ${strings.tagvalues.length} tag values for ${b.size} recipients`);
  }
  return strings;
}

/** A batch row read back as a list. */
function decode(b: BatchRow, strings = stringsOf(b)): FrozenList {
  const n = b.size;
  return {
    firstId: b.first_id,
    msisdn: column(Float64Array, 8, b.msisdn, n),
    contactId: column(Float64Array, 8, b.contact_id, n),
    names: strings.names,
    tagvaluesJson: strings.tagvalues.map((v) => (v === null ? null : JSON.stringify(v))),
    parts: column(Uint16Array, 2, b.parts, n),
    cost: column(Float64Array, 8, b.cost, n),
    ucs2: column(Uint8Array, 1, b.ucs2, n),
  };
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

/** The batches holding ids from `from` on, lowest first, until they cover `limit` entries; read back as lists. */
export function readBatches(db: Db, campaignId: number, from: number, limit: number): FrozenList[] {
  const out: FrozenList[] = [];
  const batches = prepared(db, 'SELECT * FROM recipient_batches WHERE campaign_id = ? AND last_id >= ? ORDER BY first_id').iterate(
    campaignId,
    from,
  ) as IterableIterator<BatchRow>;
  let covered = 0;
  for (const b of batches) {
    out.push(decode(b));
    covered += b.first_id + b.size - Math.max(from, b.first_id);
    // Leaving the loop (or a damaged batch throwing) closes the iterator, which frees the shared statement.
    if (covered >= limit) break;
  }
  return out;
}

/**
 * A frozen entry's text: the template's literal pieces joined with its tag values (missing ones as ''), so no
 * value is ever scanned for fields again. The same text renderTemplate gives for the values.
 */
export function entryText(pieces: readonly TemplatePiece[], tagvalues: readonly string[] | null): string {
  let text = '';
  for (const p of pieces) text += p.kind === 'text' ? p.text : (tagvalues?.[p.index] ?? '');
  return text;
}

/** Recipients per INSERT statement (9 parameters each, far below SQLite's limit). */
const ROWS_PER_INSERT = 100;
/** The values of one queued row, in insertQueuedRows' order. */
export const QUEUED_ROW_PARAMS = 9;

/**
 * Inserts 'queued' recipient rows from flat values, QUEUED_ROW_PARAMS per row: id, campaign_id, msisdn, contact_id,
 * name, text, tagvalues, parts, cost. Many rows per statement: for 100,000 rows the per-statement cost is what
 * matters. Call inside a transaction.
 */
export function insertQueuedRows(db: Db, values: readonly unknown[]): void {
  const columns = '(id, campaign_id, msisdn, contact_id, name, text, tagvalues, parts, cost, state)';
  const row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued')";
  const insertMany = prepared(db, `INSERT INTO campaign_recipients ${columns} VALUES ${Array.from({ length: ROWS_PER_INSERT }, () => row).join(', ')}`);
  const insertOne = prepared(db, `INSERT INTO campaign_recipients ${columns} VALUES ${row}`);
  const count = values.length / QUEUED_ROW_PARAMS;
  const full = count - (count % ROWS_PER_INSERT);
  for (let i = 0; i < full; i += ROWS_PER_INSERT) insertMany.run(values.slice(i * QUEUED_ROW_PARAMS, (i + ROWS_PER_INSERT) * QUEUED_ROW_PARAMS));
  for (let i = full; i < count; i++) insertOne.run(values.slice(i * QUEUED_ROW_PARAMS, (i + 1) * QUEUED_ROW_PARAMS));
}

/**
 * Writes batches as 'queued' recipient rows, lowest first (one campaign's or all campaigns'; at most `limit`
 * batches, -1 for all), in one transaction. With `entries`, at most that many recipients: a batch larger than what
 * is left of it is written in part, its first entries as rows and the batch kept for the rest (its first id moved
 * past them, in the same transaction), so the lowest ids are still the ones written and the batches left are one
 * range at the top. Returns the campaigns touched.
 */
export function materialise(db: Db, campaignId?: number, limit = -1, entries = Infinity): Set<number> {
  const batches = (
    campaignId === undefined
      ? prepared(db, 'SELECT * FROM recipient_batches ORDER BY campaign_id, first_id LIMIT ?').all(limit)
      : prepared(db, 'SELECT * FROM recipient_batches WHERE campaign_id = ? ORDER BY first_id LIMIT ?').all(campaignId, limit)
  ) as BatchRow[];
  if (batches.length === 0) return new Set();
  const template = prepared(db, 'SELECT text FROM campaigns WHERE id = ?', 'pluck');
  const pieces = new Map<number, TemplatePiece[]>();
  const remove = prepared(db, 'DELETE FROM recipient_batches WHERE id = ?');
  const touched = new Set<number>();
  db.transaction(() => {
    let left = entries;
    for (const b of batches) {
      if (left <= 0) break;
      let p = pieces.get(b.campaign_id);
      if (!p) pieces.set(b.campaign_id, (p = templatePieces(template.get(b.campaign_id) as string)));
      const strings = stringsOf(b);
      const list = decode(b, strings);
      const n = Math.min(b.size, left);
      const values: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const text = entryText(p, strings.tagvalues[i] ?? null);
        values.push(b.first_id + i, b.campaign_id, list.msisdn[i], orNull(list.contactId[i]!), list.names[i] ?? null, text, list.tagvaluesJson[i] ?? null, list.parts[i], orNull(list.cost[i]!));
      }
      insertQueuedRows(db, values);
      if (n === b.size) remove.run(b.id);
      else keepRest(db, b, strings, n);
      left -= n;
      touched.add(b.campaign_id);
    }
  })();
  return touched;
}

/** The batch after its first `written` entries became rows: the same batch from the next id on. */
function keepRest(db: Db, b: BatchRow, strings: BatchStrings, written: number): void {
  const rest = { names: strings.names.slice(written), tagvalues: strings.tagvalues.slice(written) };
  prepared(
    db,
    `UPDATE recipient_batches SET first_id = ?, size = ?, msisdn = ?, contact_id = ?, parts = ?, cost = ?, ucs2 = ?, strings = ?
     WHERE id = ?`,
  ).run(
    b.first_id + written,
    b.size - written,
    b.msisdn.subarray(written * 8),
    b.contact_id.subarray(written * 8),
    b.parts.subarray(written * 2),
    b.cost.subarray(written * 8),
    b.ucs2.subarray(written),
    JSON.stringify(rest),
    b.id,
  );
}
