// Part of the campaign_recipients repository (campaign-recipients.ts): texts sent to one number, as the inbox's
// conversations show them beside the texts that came in. A thread's rows are settled before they are read.
import type { Mode, OutboundItem } from '../../../../src-shared/contract';
import type { BeskedState } from '../../../../src-shared/delivery-status';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { settleForReading } from './settlement';

/** When an outbound text went out: its request, else the campaign's start, else when it was written. */
const OUT_AT = 'COALESCE(ch.started_at, c.started_at, c.created_at)';
const OUT_FROM = 'campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id LEFT JOIN send_chunks ch ON ch.id = r.chunk_id';
const OUT_COLUMNS = `r.id, r.campaign_id, c.kind, c.name, c.channel, ${OUT_AT} AS at, r.text, r.parts, r.state,
                r.status, r.gateway_status, r.status_error, r.status_at, c.author_name`;

/**
 * The numbers answered from the inbox in @mode with when, as a subquery of (msisdn, at) for the conversation list to
 * merge with the texts that came in. Campaign texts alone do not open a conversation.
 */
export const REPLIES_SENT = `SELECT r.msisdn, ${OUT_AT} AS at FROM ${OUT_FROM} WHERE c.kind = 'reply' AND c.mode = @mode`;

export interface OutRow {
  id: number;
  campaign_id: number;
  kind: 'campaign' | 'reply';
  name: string;
  channel: 'legacy' | 'messaging';
  at: string;
  text: string;
  parts: number;
  state: OutboundItem['sendState'];
  status: BeskedState | null;
  gateway_status: string | null;
  status_error: string | null;
  status_at: string | null;
  /** Who wrote the campaign or reply on a Besked server (null on one PC and for automations). */
  author_name: string | null;
}

export class CampaignRecipientThreads {
  constructor(private readonly db: Db) {}

  /** Texts sent to the number in this mode (exclusions left out), newest first; every campaign settled first. */
  sentTo(mode: Mode, msisdn: number, limit: number): OutRow[] {
    settleForReading(this.db);
    return this.db
      .prepare(
        `SELECT ${OUT_COLUMNS}
           FROM ${OUT_FROM}
          WHERE r.msisdn = ? AND c.mode = ? AND r.state != 'excluded'
          ORDER BY at DESC, r.id DESC LIMIT ?`,
      )
      .all(msisdn, mode, limit) as OutRow[];
  }

  /** One sent text by its recipient id, its campaign settled first; null when there is none. */
  one(recipientId: number): OutRow | null {
    const campaignId = prepared(this.db, 'SELECT campaign_id FROM campaign_recipients WHERE id = ?', 'pluck').get(recipientId) as number | undefined;
    if (campaignId === undefined) return null;
    settleForReading(this.db, campaignId);
    return (this.db.prepare(`SELECT ${OUT_COLUMNS} FROM ${OUT_FROM} WHERE r.id = ?`).get(recipientId) as OutRow | undefined) ?? null;
  }

  /** The newest text sent to the number in this mode, as the conversation list shows it (not settled: times only). */
  last(mode: Mode, msisdn: number): { at: string; text: string; kind: 'campaign' | 'reply'; by: string | null } | undefined {
    return this.db
      .prepare(`SELECT ${OUT_AT} AS at, r.text, c.kind, c.author_name AS by FROM ${OUT_FROM} WHERE r.msisdn = ? AND c.mode = ? AND r.state != 'excluded' ORDER BY at DESC, r.id DESC LIMIT 1`)
      .get(msisdn, mode) as { at: string; text: string; kind: 'campaign' | 'reply'; by: string | null } | undefined;
  }
}
