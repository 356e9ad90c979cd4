// Settlement of send chunks: the outbox records a chunk's outcome (in flight, accepted with its gateway ids) on the
// chunk alone, and this copies it onto the recipient rows later, off the sending path. Until then a chunk's
// recipients are the rows still 'queued' with no chunk, with ids from its first_id to its last_id. Part of the
// recipients' repository (campaign-recipients.ts), whose reads settle first.
//
// Why this is exact: a chunk is made of the lowest queued ids above every unsettled chunk, so ranges of unsettled
// chunks never overlap, and the only thing that puts rows back into the queue below them (resending uncertain
// recipients) settles the campaign first while no chunk is on its way (Outbox.resolveUncertain).
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { CampaignCounts } from '../../../../src-shared/contract';
import { materialise } from './frozen-batches';
import { storageProblemOf } from '../../db/storage-errors';
import { writeGate } from '../../db/write-gate';

type ChunkState = 'in_flight' | 'accepted' | 'uncertain' | 'failed' | 'requeued';

interface UnsettledChunk {
  id: number;
  campaign_id: number;
  state: ChunkState;
  first_id: number;
  last_id: number;
  finished_at: string | null;
  error: string | null;
  uncertain_ids: string | null;
}

/**
 * SQL for "this recipient row of campaign @campaign is really queued": in no unsettled chunk. The campaign is one
 * named parameter, so a statement cannot give the two places it is used different values.
 */
export const REALLY_QUEUED = `campaign_id = @campaign AND state = 'queued' AND id > COALESCE(
  (SELECT MAX(last_id) FROM send_chunks WHERE campaign_id = @campaign AND settled = 0), 0)`;

/** The highest recipient id covered by an unsettled chunk of the campaign (0 when none): queued rows above it are the queue. */
export function queueFloor(db: Db, campaignId: number): number {
  return (prepared(db, 'SELECT COALESCE(MAX(last_id), 0) FROM send_chunks WHERE campaign_id = ? AND settled = 0', 'pluck').get(campaignId) as number) ?? 0;
}

/** A chunk whose range still reaches into its campaign's frozen batches has rows to be written first. */
const ROWS_WRITTEN = `NOT EXISTS (SELECT 1 FROM recipient_batches b WHERE b.campaign_id = send_chunks.campaign_id AND b.first_id <= send_chunks.last_id)`;

/**
 * Writes frozen batches as rows (frozen-batches.ts), then copies every finished, unsettled chunk's outcome onto its
 * recipient rows (all campaigns, or one), each in one transaction (at most `limit` batches or else `limit` chunks,
 * oldest first: settling in slices keeps the core answering). With `rows`, a slice writes or settles at most about
 * that many recipients: a batch or a chunk of 1,000 takes 20–60 ms even on a quiet machine, and the core's loop is
 * to be held less than 20 ms at a time (issue 30.3); the rest of it goes in the next slices. Chunks still in flight
 * stay as they are. Returns the campaigns whose rows changed; cheap when none.
 */
export function settleChunks(db: Db, campaignId?: number, limit = -1, rows = Infinity): Set<number> {
  const written = materialise(db, campaignId, limit, rows);
  // In slices, a slice either writes batches or settles chunks: each takes 30–190 ms for 1,000 recipients on a
  // loaded machine, and both in one step held the loop twice as long (issue 30.3). The next slice goes on.
  if (limit >= 0 && written.size > 0) return written;
  const chunks = (
    campaignId === undefined
      ? db.prepare(`SELECT * FROM send_chunks WHERE settled = 0 AND state <> 'in_flight' AND ${ROWS_WRITTEN} ORDER BY id LIMIT ?`).all(limit)
      : db
          .prepare(`SELECT * FROM send_chunks WHERE campaign_id = ? AND settled = 0 AND state <> 'in_flight' AND ${ROWS_WRITTEN} ORDER BY id LIMIT ?`)
          .all(campaignId, limit)
  ) as UnsettledChunk[];
  if (chunks.length === 0) return written;
  const settle = chunkSettler(db);
  db.transaction(() => {
    let left = rows;
    for (const c of chunks) {
      if (left <= 0) break;
      if (rows === Infinity) {
        settle.range(c, c.first_id, c.last_id);
        settle.done(c);
      } else {
        left -= settle.part(c, left);
      }
      written.add(c.campaign_id);
    }
  })();
  return written;
}

/**
 * The statements that copy a chunk's outcome onto its rows, for the ids lo..hi of its range or the whole of it.
 * Settled in parts, a chunk stays unsettled until its last part, and its `recipients` counts the rows it still
 * holds: the campaign's counts (rows by state, plus each unsettled chunk's recipients moved from queued to its
 * state: unsettledCounts) stay right between two parts, and a crash between two leaves a chunk the next settle
 * goes on with (the rows done are no longer queued, so no statement takes them again).
 */
function chunkSettler(db: Db) {
  const inRange = "campaign_id = ? AND state = 'queued' AND chunk_id IS NULL AND id BETWEEN ? AND ?";
  const messages = db.prepare('SELECT gateway_id, recipient_ids FROM gateway_messages WHERE chunk_id = ? AND probe = 0 ORDER BY recipient_ids IS NULL, rowid');
  const acceptSome = db.prepare(
    `UPDATE campaign_recipients SET state = 'accepted', chunk_id = ?, gateway_id = ?, status = COALESCE(status, 'pending'), status_at = COALESCE(status_at, ?)
     WHERE id IN (SELECT value FROM json_each(?)) AND ${inRange}`,
  );
  const acceptRest = db.prepare(
    `UPDATE campaign_recipients SET state = 'accepted', chunk_id = ?, gateway_id = ?, status = COALESCE(status, 'pending'), status_at = COALESCE(status_at, ?)
     WHERE ${inRange}`,
  );
  const markRest = db.prepare(`UPDATE campaign_recipients SET state = ?, chunk_id = ?, reason = ? WHERE ${inRange}`);
  const markSome = db.prepare(
    `UPDATE campaign_recipients SET state = 'uncertain', chunk_id = ?, reason = ? WHERE id IN (SELECT value FROM json_each(?)) AND ${inRange}`,
  );
  const nextQueued = db.prepare(`SELECT MIN(id) FROM campaign_recipients WHERE ${inRange}`).pluck();
  const fewer = db.prepare('UPDATE send_chunks SET recipients = recipients - ? WHERE id = ?');
  const done = db.prepare('UPDATE send_chunks SET settled = 1 WHERE id = ?');
  // A chunk settled in parts gets back the count of all its rows once settled.
  const doneInParts = db.prepare(
    'UPDATE send_chunks SET settled = 1, recipients = (SELECT count(*) FROM campaign_recipients WHERE campaign_id = ? AND id BETWEEN ? AND ? AND chunk_id = ?) WHERE id = ?',
  );
  const range = (c: UnsettledChunk, lo: number, hi: number): number => {
    const r = [c.campaign_id, lo, hi] as const;
    let changed = 0;
    if (c.state === 'accepted') {
      // Recipients the answer did not account for first (answer-accounting.ts): they may well have the message.
      if (c.uncertain_ids !== null) changed += markSome.run(c.id, c.error, c.uncertain_ids, ...r).changes;
      let rest: string | null = null;
      for (const m of messages.all(c.id) as { gateway_id: string; recipient_ids: string | null }[]) {
        if (m.recipient_ids !== null) changed += acceptSome.run(c.id, m.gateway_id, c.finished_at, m.recipient_ids, ...r).changes;
        else rest = m.gateway_id;
      }
      if (rest !== null) changed += acceptRest.run(c.id, rest, c.finished_at, ...r).changes;
      // Sent in an accepted request, yet named by no message: never accepted without an id, never failed.
      changed += markRest.run('uncertain', c.id, c.error, ...r).changes;
    } else if (c.state === 'uncertain' || c.state === 'failed') {
      changed += markRest.run(c.state, c.id, c.error, ...r).changes;
    }
    // 'requeued': its recipients simply are queued again.
    return changed;
  };
  return {
    range,
    done: (c: UnsettledChunk) => done.run(c.id),
    /** Settles the chunk's next ids, about `budget` of them (all that are left, if fewer); returns how many ids. */
    part(c: UnsettledChunk, budget: number): number {
      const lo = c.state === 'requeued' ? null : (nextQueued.get(c.campaign_id, c.first_id, c.last_id) as number | null);
      const hi = lo === null ? c.last_id : Math.min(c.last_id, lo + Math.max(1, Math.floor(budget)) - 1);
      if (lo !== null) fewer.run(range(c, lo, hi), c.id);
      if (hi >= c.last_id) {
        if (c.state === 'requeued') done.run(c.id);
        else doneInParts.run(c.campaign_id, c.first_id, c.last_id, c.id, c.id);
      }
      return lo === null ? 1 : hi - lo + 1;
    },
  };
}

/**
 * Whether the campaign still has frozen batches to write as rows or finished chunks to settle onto them (chunks in
 * flight aside): two index look-ups, so the idle outbox can tell the views once its slices are done.
 */
export function settlementLeft(db: Db, campaignId: number): boolean {
  return (
    prepared(
      db,
      `SELECT EXISTS (SELECT 1 FROM recipient_batches WHERE campaign_id = @c)
           OR EXISTS (SELECT 1 FROM send_chunks WHERE campaign_id = @c AND settled = 0 AND state <> 'in_flight')`,
      'pluck',
    ).get({ c: campaignId }) === 1
  );
}

/**
 * Settles before a read, when the disk and the write gate let it: a view stays readable while writes fail (disk
 * full) or wait (an import's save or step, db/write-gate.ts), since the counts read unsettled chunks as they are
 * (unsettledCounts) and the rows show what they showed before; the outbox settles them in its own slices. The calls
 * that read this way only read (their rule says so) and never wait at the gate: settling meanwhile would wait for the
 * import in SQLite's busy handler on the core's thread, up to busy_timeout.
 */
export function settleForReading(db: Db, campaignId?: number): void {
  const release = writeGate(db).claim();
  if (!release) return;
  try {
    settleChunks(db, campaignId);
  } catch (err) {
    if (!storageProblemOf(err)) throw err;
  } finally {
    release();
  }
}

/**
 * The recipients of unsettled chunks by the chunk's state: they are counted as 'queued' rows in the table but are
 * in flight, accepted, uncertain or failed. A chunk's range holds exactly its recipients, so its own count is the
 * count of its rows: counts stay right without settling or scanning rows on the sending path.
 */
export function unsettledCounts(db: Db, campaignId: number): Partial<Record<'inFlight' | 'accepted' | 'uncertain' | 'failed', number>> {
  const rows = db
    .prepare(
      `SELECT state, SUM(recipients) AS n FROM send_chunks
       WHERE campaign_id = ? AND settled = 0 AND state IN ('in_flight', 'accepted', 'uncertain', 'failed')
       GROUP BY state`,
    )
    .all(campaignId) as { state: Exclude<ChunkState, 'requeued'>; n: number }[];
  const out: Partial<Record<'inFlight' | 'accepted' | 'uncertain' | 'failed', number>> = {};
  for (const r of rows) out[r.state === 'in_flight' ? 'inFlight' : r.state] = r.n;
  return out;
}

/** Moves the unsettled chunks' recipients from 'queued' to what their chunk says. */
export function applyUnsettled(counts: CampaignCounts, unsettled: ReturnType<typeof unsettledCounts>): void {
  for (const [key, n] of Object.entries(unsettled) as [keyof typeof unsettled, number][]) {
    counts.queued -= n;
    counts[key] += n;
  }
}
