// The one owner of the campaign_recipients table: every read and write of a campaign's recipients goes through here.
// A recipient row shows its request's outcome only once its chunk is settled (settlement.ts), so every read of rows
// settles the campaign first; counts are right without settling, since they read unsettled chunks as they are. Large
// lists wait in frozen batches (frozen-batches.ts) before they are rows: settlement.ts and frozen-batches.ts are the
// two other parts of this repository and the only other places that name the table.
import type { Statement } from 'better-sqlite3';
import type { CampaignCounts, DeliveryCounts, RecipientFilter } from '../../../../src-shared/contract';
import { BESKED_STATES, type BeskedState } from '../../../../src-shared/delivery-status';
import type { RollupRow } from '../../../../src-shared/rollup';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { StoredRecipient } from '../campaign-store';
import { batchedCount } from './frozen-batches';
import { leftTheGateway } from '../gateway-departure';
import { applyUnsettled, REALLY_QUEUED, settleChunks, settleForReading, unsettledCounts } from './settlement';

const FILTERS: Record<RecipientFilter, string> = {
  all: '1 = 1',
  accepted: "state = 'accepted'",
  delivered: "status IN ('delivered', 'read')",
  failed: "(state = 'failed' OR (state = 'accepted' AND status IN ('failed', 'expired')))",
  uncertain: "state = 'uncertain'",
  excluded: "state = 'excluded'",
  queued: "state IN ('queued', 'in_flight')",
  cancelled: "state IN ('cancelled', 'dismissed')",
};

/** The statuses that show a message left the gateway (gateway-departure.ts), as an SQL list. */
const LEFT_GATEWAY_SQL = BESKED_STATES.filter(leftTheGateway)
  .map((st) => `'${st}'`)
  .join(', ');

const STATE_KEY: Record<string, keyof CampaignCounts> = {
  queued: 'queued',
  in_flight: 'inFlight',
  accepted: 'accepted',
  uncertain: 'uncertain',
  failed: 'failed',
  cancelled: 'cancelled',
  dismissed: 'dismissed',
  excluded: 'excluded',
};

export type ExportedRecipient = Omit<StoredRecipient, 'id' | 'contact_id'>;

/** A recipient's row as a status report is held against it. */
export interface ReportedRecipient {
  id: number;
  msisdn: number;
  status: BeskedState | null;
  gateway_status: string | null;
}

export class CampaignRecipients {
  constructor(private readonly db: Db) {}

  // ─── Counts: right without settling ───

  /** The campaign's recipients by sending state (not its exclusions): rows, frozen batches and unsettled chunks. */
  counts(campaignId: number, into: CampaignCounts): void {
    const rows = prepared(this.db, 'SELECT state, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY state').all(campaignId) as {
      state: string;
      n: number;
    }[];
    for (const r of rows) {
      const key = STATE_KEY[r.state];
      if (key) into[key] += r.n;
    }
    // Frozen recipients not written as rows yet are queued (frozen-batches.ts)…
    into.queued += batchedCount(this.db, campaignId);
    // …and so are, as far as the rows say, those of chunks whose outcome is not settled onto them yet.
    applyUnsettled(into, unsettledCounts(this.db, campaignId));
  }

  /** Delivery statuses so far, counting accepted chunks not settled onto their rows as waiting for a first status. */
  delivery(campaignId: number, into: DeliveryCounts): void {
    const rows = prepared(this.db, 'SELECT status, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? AND status IS NOT NULL GROUP BY status').all(
      campaignId,
    ) as { status: string; n: number }[];
    for (const r of rows) if ((BESKED_STATES as readonly string[]).includes(r.status)) into[r.status as BeskedState] += r.n;
    into.pending += unsettledCounts(this.db, campaignId).accepted ?? 0;
  }

  /**
   * Whether a report shows any of the campaign's messages left the gateway. Reports are only ever written to settled
   * rows, so no settling is needed; the (campaign_id, status) index makes it one look-up per status.
   */
  anyLeftGateway(campaignId: number): boolean {
    return (
      prepared(this.db, `SELECT 1 FROM campaign_recipients WHERE campaign_id = ? AND status IN (${LEFT_GATEWAY_SQL}) LIMIT 1`, 'pluck').get(campaignId) !==
      undefined
    );
  }

  // ─── Rows as the views read them: settled first ───

  /** One page of the recipient list, filtered and searched by number or name. */
  page(campaignId: number, filter: RecipientFilter, search: string, offset: number, limit: number): { total: number; rows: StoredRecipient[] } {
    settleForReading(this.db, campaignId);
    const where = [`campaign_id = ?`, FILTERS[filter]];
    const params: (string | number)[] = [campaignId];
    const q = search.trim();
    if (q) {
      const digits = q.replace(/[\s+\-()]/g, '');
      where.push(/^\d+$/.test(digits) ? '(CAST(msisdn AS TEXT) LIKE ? OR name LIKE ?)' : 'name LIKE ?');
      if (/^\d+$/.test(digits)) params.push(`%${digits}%`);
      params.push(`%${q.replace(/[%_]/g, '')}%`);
    }
    const sqlWhere = where.join(' AND ');
    const total = this.db.prepare(`SELECT COUNT(*) FROM campaign_recipients WHERE ${sqlWhere}`).pluck().get(...params) as number;
    const rows = this.db
      .prepare(
        `SELECT id, msisdn, contact_id, name, text, parts, state, reason, status, gateway_status, status_error, status_at, cost, gateway_id,
                -- A refused or uncertain row's reason is its request's error word for word: its code says it in the UI's language.
                (SELECT c.error_code FROM send_chunks c WHERE campaign_recipients.state IN ('failed', 'uncertain') AND c.id = campaign_recipients.chunk_id
                    AND c.error = campaign_recipients.reason) AS reason_code
         FROM campaign_recipients WHERE ${sqlWhere} ORDER BY id LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset) as StoredRecipient[];
    return { total, rows };
  }

  /** Every recipient in id order, for the results file. */
  forExport(campaignId: number): IterableIterator<ExportedRecipient> {
    settleForReading(this.db, campaignId);
    return this.db
      .prepare(
        `SELECT msisdn, name, text, parts, state, reason, status, gateway_status, status_error, status_at, cost, gateway_id
         FROM campaign_recipients WHERE campaign_id = ? ORDER BY id`,
      )
      .iterate(campaignId) as IterableIterator<ExportedRecipient>;
  }

  /** Recipients grouped by what happened to them, for the campaign's roll-up (src-shared/rollup.ts). */
  rollup(campaignId: number): RollupRow[] {
    settleForReading(this.db, campaignId);
    return this.db
      .prepare(
        `SELECT state, status, gateway_status AS gatewayStatus, COALESCE(status_error, reason) AS reason, COUNT(*) AS count
           FROM campaign_recipients WHERE campaign_id = ? GROUP BY state, status, gateway_status, COALESCE(status_error, reason)`,
      )
      .all(campaignId) as RollupRow[];
  }

  /** Why recipients were left out: opted out (kept as rows) and the other exclusions, most first. */
  exclusions<R>(campaignId: number): R[] {
    settleForReading(this.db, campaignId);
    return this.db
      .prepare(
        `SELECT reason, COUNT(*) AS count FROM (
           SELECT 'opted_out' AS reason FROM campaign_recipients WHERE campaign_id = ? AND state = 'excluded'
           UNION ALL SELECT reason FROM campaign_exclusions WHERE campaign_id = ?)
         GROUP BY reason ORDER BY count DESC`,
      )
      .all(campaignId, campaignId) as R[];
  }

  /** The requests whose outcome is unknown, with how many of their recipients are still uncertain. */
  uncertainChunks<R>(campaignId: number): R[] {
    settleForReading(this.db, campaignId);
    return this.db
      .prepare(
        `SELECT c.seq, COUNT(r.id) AS recipients, c.started_at AS startedAt, c.error, c.error_code AS errorCode, c.confirmed
           FROM campaign_recipients r JOIN send_chunks c ON c.id = r.chunk_id
          WHERE r.campaign_id = ? AND r.state = 'uncertain' GROUP BY c.id ORDER BY c.seq`,
      )
      .all(campaignId) as R[];
  }

  /** Refused recipients by reason, and failed, expired or cancelled deliveries by status. */
  failures(campaignId: number): {
    /** error_code: the refused request's {code, params} (JSON) when its row's reason is that request's error. */
    refused: { reason: string | null; error_code: string | null; n: number }[];
    undelivered: { status: BeskedState; gateway_status: string | null; status_error: string | null; n: number }[];
  } {
    settleForReading(this.db, campaignId);
    const refused = this.db
      .prepare(
        `SELECT r.reason, c.error_code, COUNT(*) AS n FROM campaign_recipients r LEFT JOIN send_chunks c ON c.id = r.chunk_id AND c.error = r.reason
          WHERE r.campaign_id = ? AND r.state = 'failed' GROUP BY r.reason, c.error_code`,
      )
      .all(campaignId) as { reason: string | null; error_code: string | null; n: number }[];
    const undelivered = this.db
      .prepare(
        `SELECT status, gateway_status, status_error, COUNT(*) AS n FROM campaign_recipients
         WHERE campaign_id = ? AND state = 'accepted' AND status IN ('failed', 'expired', 'cancelled')
         GROUP BY status, gateway_status, status_error`,
      )
      .all(campaignId) as { status: BeskedState; gateway_status: string | null; status_error: string | null; n: number }[];
    return { refused, undelivered };
  }

  /**
   * The numbers that failed: refused requests and deliveries that failed or expired, in id order. Accepted recipients
   * that may still arrive are never among them. Settled first, failing if the disk refuses it.
   */
  failedNumbers(campaignId: number): number[] {
    settleChunks(this.db, campaignId);
    return this.db
      .prepare(
        `SELECT msisdn FROM campaign_recipients WHERE campaign_id = ?
           AND (state = 'failed' OR (state = 'accepted' AND status IN ('failed', 'expired')))
         ORDER BY id`,
      )
      .pluck()
      .all(campaignId) as number[];
  }

  // ─── Writing a campaign's list ───

  /** A recipient left out because the number opted out: kept as a row, so its thread shows the campaign. */
  addExcluded(campaignId: number, msisdn: number, contactId: number | null, name: string | null, reason: string): void {
    prepared(
      this.db,
      `INSERT OR IGNORE INTO campaign_recipients (campaign_id, msisdn, contact_id, name, text, parts, state, reason)
       VALUES (?, ?, ?, ?, '', 0, 'excluded', ?)`,
    ).run(campaignId, msisdn, contactId, name, reason);
  }

  /** One queued recipient with its final text (a reply); returns its id. */
  addQueued(campaignId: number, r: { msisdn: number; contactId: number | null; name: string | null; text: string; parts: number; cost?: number | null }): number {
    const info = prepared(
      this.db,
      `INSERT INTO campaign_recipients (campaign_id, msisdn, contact_id, name, text, parts, cost, state)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'queued')`,
    ).run(campaignId, r.msisdn, r.contactId, r.name, r.text, r.parts, r.cost ?? null);
    return Number(info.lastInsertRowid);
  }

  /** Removes the campaign's rows (deleting the campaign). */
  deleteAll(campaignId: number): void {
    prepared(this.db, 'DELETE FROM campaign_recipients WHERE campaign_id = ?').run(campaignId);
  }

  // ─── The sending path ───

  /**
   * Queued rows between two ids as arrays [id, msisdn, text, tagvalues, parts, cost], in id order: better-sqlite3
   * builds row objects property by property, which for 1,000 rows per chunk cost more than the query. Without
   * `texts` the text is '' (a request that carries the template needs none).
   */
  queuedBetween(campaignId: number, minId: number, maxId: number, limit: number, texts: boolean): [number, number, string, string | null, number, number | null][] {
    return prepared(
      this.db,
      `SELECT id, msisdn, ${texts ? 'text' : "''"}, tagvalues, parts, cost FROM campaign_recipients
       WHERE ${REALLY_QUEUED} AND id BETWEEN @min AND @max ORDER BY id LIMIT @limit`,
      'raw',
    ).all({ campaign: campaignId, min: minId, max: maxId, limit }) as [number, number, string, string | null, number, number | null][];
  }

  /** Recipients already handed to the gateway or on their way, settled or not. */
  handedOver(campaignId: number): number {
    return prepared(
      this.db,
      `SELECT (SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state IN ('accepted', 'uncertain', 'in_flight'))
            + (SELECT COALESCE(SUM(recipients), 0) FROM send_chunks WHERE campaign_id = ? AND settled = 0 AND state IN ('accepted', 'uncertain', 'in_flight'))`,
      'pluck',
    ).get(campaignId, campaignId) as number;
  }

  /** Rows marked in flight one by one (before schema 7) whose request a crash interrupted. */
  inFlightToUncertain(): void {
    prepared(this.db, "UPDATE campaign_recipients SET state = 'uncertain' WHERE state = 'in_flight'").run();
  }

  /**
   * The two writes of a messaging answer, run once per recipient of the chunk: `accepted` (chunk, message id, at,
   * recipient) and `uncertain` (chunk, reason, recipient). Each touches a row only while it is queued in no chunk.
   */
  messagingAnswer(): { accepted: Statement; uncertain: Statement } {
    return {
      accepted: prepared(
        this.db,
        "UPDATE campaign_recipients SET state = 'accepted', chunk_id = ?, gateway_id = ?, status = 'sent', status_at = ? WHERE id = ? AND state = 'queued' AND chunk_id IS NULL",
      ),
      uncertain: prepared(this.db, "UPDATE campaign_recipients SET state = 'uncertain', chunk_id = ?, reason = ? WHERE id = ? AND state = 'queued' AND chunk_id IS NULL"),
    };
  }

  // ─── The user's commands ───

  /** Cancels the recipients still really queued (a chunk on its way is not the queue any more). */
  cancelQueued(campaignId: number, at: string): void {
    prepared(this.db, `UPDATE campaign_recipients SET state = 'cancelled', status = 'cancelled', status_at = @at WHERE ${REALLY_QUEUED}`).run({ at, campaign: campaignId });
  }

  /** The gateway deleted a scheduled message: its recipients are cancelled, each with a status event. */
  cancelAtGateway(campaignId: number, gatewayId: string, at: string): void {
    prepared(
      this.db,
      "UPDATE campaign_recipients SET state = 'cancelled', status = 'cancelled', status_at = ? WHERE campaign_id = ? AND gateway_id = ? AND state = 'accepted'",
    ).run(at, campaignId, gatewayId);
    prepared(
      this.db,
      `INSERT INTO status_events (campaign_id, recipient_id, status, at)
       SELECT campaign_id, id, 'cancelled', ? FROM campaign_recipients WHERE campaign_id = ? AND gateway_id = ?`,
    ).run(at, campaignId, gatewayId);
  }

  /** How many recipients are uncertain; settle the campaign first. */
  uncertainCount(campaignId: number): number {
    return prepared(this.db, "SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state = 'uncertain'", 'pluck').get(campaignId) as number;
  }

  dismissUncertain(campaignId: number): void {
    prepared(this.db, "UPDATE campaign_recipients SET state = 'dismissed' WHERE campaign_id = ? AND state = 'uncertain'").run(campaignId);
  }

  /** Puts the uncertain recipients back into the queue; only while no chunk is on its way (settlement.ts). */
  requeueUncertain(campaignId: number): void {
    prepared(this.db, "UPDATE campaign_recipients SET state = 'queued', chunk_id = NULL WHERE campaign_id = ? AND state = 'uncertain'").run(campaignId);
  }
}
