// Part of the campaign_recipients repository (campaign-recipients.ts): the rows delivery reports are held against
// and written to. Reads settle the message's campaign first, failing if the disk refuses it (a report is then
// taken again later).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { ReportedRecipient } from './campaign-recipients';
import { settleChunks } from './settlement';

export class CampaignRecipientReports {
  constructor(private readonly db: Db) {}

  /**
   * The recipients a gateway message id names. For a probe (an id whose recipients the answer did not say), also its
   * chunk's uncertain recipients: a report naming one of them confirms it.
   */
  ofMessage(campaignId: number | null, gatewayId: string, probeChunk: number | null | undefined): ReportedRecipient[] {
    if (campaignId !== null) settleChunks(this.db, campaignId);
    return (
      probeChunk !== undefined
        ? this.db
            .prepare("SELECT id, msisdn, status, gateway_status FROM campaign_recipients WHERE gateway_id = ? OR (chunk_id = ? AND state = 'uncertain')")
            .all(gatewayId, probeChunk)
        : this.db.prepare('SELECT id, msisdn, status, gateway_status FROM campaign_recipients WHERE gateway_id = ?').all(gatewayId)
    ) as ReportedRecipient[];
  }

  /** An uncertain recipient a report's reference names: by recipient id (messaging) or by its chunk's seq (legacy). */
  uncertainNamed(campaignId: number, by: { recipientId: number } | { chunkSeq: number }, msisdn: number): { id: number; chunk_id: number | null } | undefined {
    settleChunks(this.db, campaignId);
    return (
      'recipientId' in by
        ? this.db.prepare("SELECT id, chunk_id FROM campaign_recipients WHERE id = ? AND campaign_id = ? AND msisdn = ? AND state = 'uncertain'").get(by.recipientId, campaignId, msisdn)
        : this.db
            .prepare(
              `SELECT r.id, r.chunk_id FROM campaign_recipients r JOIN send_chunks c ON c.id = r.chunk_id
                WHERE r.campaign_id = ? AND c.seq = ? AND r.msisdn = ? AND r.state = 'uncertain'`,
            )
            .get(campaignId, by.chunkSeq, msisdn)
    ) as { id: number; chunk_id: number | null } | undefined;
  }

  /** Records the message id a report gave for a recipient, so the report that follows finds it. */
  setGatewayId(recipientId: number, gatewayId: string): void {
    this.db.prepare('UPDATE campaign_recipients SET gateway_id = ? WHERE id = ?').run(gatewayId, recipientId);
  }

  /**
   * The writes of a report, run once per change inside the caller's transaction: `update` (named @id, @status,
   * @gatewayStatus, @error, @at; returns campaign_id and msisdn) and `confirm` (message id, recipient: an uncertain
   * recipient the gateway reported on has the message; returns its chunk_id).
   */
  statusWrites(): { update: Statement; confirm: Statement } {
    return {
      update: prepared(
        this.db,
        `UPDATE campaign_recipients SET status = @status, gateway_status = @gatewayStatus, status_error = @error, status_at = @at
          WHERE id = @id RETURNING campaign_id, msisdn`,
      ),
      confirm: prepared(this.db, "UPDATE campaign_recipients SET state = 'accepted', gateway_id = ? WHERE id = ? AND state = 'uncertain' RETURNING chunk_id"),
    };
  }
}
