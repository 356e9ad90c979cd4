// Reads the gateway messages to watch and writes status changes to recipients, status events and the watch list.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { CampaignRecipientReports } from '../campaigns/recipients/campaign-recipients-reports';
import { leftTheGateway } from '../campaigns/gateway-departure';
import type { BeskedState } from '../../../src-shared/delivery-status';
import type { StatusChange, WatchedRecipient } from './status-updates';
import { computerClock } from '../clock';

export interface WatchedMessage {
  gatewayId: string;
  iface: 'legacy' | 'messaging';
  campaignId: number;
  mode: 'sandbox' | 'live' | null;
  sendAt: number;
  expiresAt: number;
  nextPollAt: number | null;
  lastPolledAt: number | null;
  polls: number;
}

/** A change as the UI hears of it. */
export interface AppliedChange {
  campaignId: number;
  recipientId: number;
  msisdn: number;
  status: BeskedState;
  gatewayStatus: string;
  error: string | null;
  at: string;
}

interface MessageRow {
  gateway_id: string;
  interface: 'legacy' | 'messaging';
  campaign_id: number;
  mode: 'sandbox' | 'live' | null;
  send_at: string;
  expires_at: string;
  next_poll_at: string | null;
  last_polled_at: string | null;
  polls: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (s: string) => Date.parse(s);

function toMessage(r: MessageRow): WatchedMessage {
  return {
    gatewayId: r.gateway_id,
    iface: r.interface,
    campaignId: r.campaign_id,
    mode: r.mode,
    sendAt: ms(r.send_at),
    expiresAt: ms(r.expires_at),
    nextPollAt: r.next_poll_at === null ? null : ms(r.next_poll_at),
    lastPolledAt: r.last_polled_at === null ? null : ms(r.last_polled_at),
    polls: r.polls,
  };
}

export class StatusStore {
  /** Prepared once: asked after every chunk a campaign sends (StatusPoller.wake). */
  private readonly firstDue: Statement;
  private readonly recipients: CampaignRecipientReports;

  constructor(
    private readonly db: Db,
    /** This PC's clock: when a message the gateway says went out is taken to have gone (apply). */
    private readonly now: () => number = computerClock.now,
  ) {
    this.recipients = new CampaignRecipientReports(db);
    this.firstDue = db.prepare(`SELECT MIN(COALESCE(next_poll_at, '')) AS at FROM gateway_messages WHERE done = 0`);
  }

  /** Messages not done whose next look is due (or never planned), oldest plan first. */
  due(now: number, limit: number, campaignId?: number): WatchedMessage[] {
    const rows = this.db
      .prepare(
        `SELECT g.gateway_id, g.interface, g.campaign_id, c.mode, g.send_at, g.expires_at, g.next_poll_at, g.last_polled_at, g.polls
           FROM gateway_messages g JOIN campaigns c ON c.id = g.campaign_id
          WHERE g.done = 0 AND (g.next_poll_at IS NULL OR g.next_poll_at <= @now)
            AND (@campaign IS NULL OR g.campaign_id = @campaign)
          ORDER BY g.next_poll_at IS NOT NULL, g.next_poll_at
          LIMIT @limit`,
      )
      .all({ now: iso(now), limit, campaign: campaignId ?? null }) as MessageRow[];
    return rows.map(toMessage);
  }

  /** Makes every open message due now (the sandbox's clock was moved on, so reports came due ahead of plan). */
  planAllNow(): void {
    this.db.prepare('UPDATE gateway_messages SET next_poll_at = NULL WHERE done = 0').run();
  }

  /** Every message of a campaign still watched, due or not (a look the user asked for). */
  openOfCampaign(campaignId: number, limit: number): WatchedMessage[] {
    const rows = this.db
      .prepare(
        `SELECT g.gateway_id, g.interface, g.campaign_id, c.mode, g.send_at, g.expires_at, g.next_poll_at, g.last_polled_at, g.polls
           FROM gateway_messages g JOIN campaigns c ON c.id = g.campaign_id
          WHERE g.done = 0 AND g.campaign_id = ? ORDER BY g.send_at LIMIT ?`,
      )
      .all(campaignId, limit) as MessageRow[];
    return rows.map(toMessage);
  }

  /** The earliest planned look among messages not done, for the poller's timer. */
  nextDue(): number | null {
    const row = this.firstDue.get() as { at: string | null };
    if (row.at === null) return null;
    return row.at === '' ? 0 : ms(row.at);
  }

  /** How many messages are still watched. */
  watching(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM gateway_messages WHERE done = 0').get() as { n: number }).n;
  }

  recipientsOf(gatewayId: string): WatchedRecipient[] {
    // A message's recipients carry its id once its chunk is settled; only its own campaign needs settling.
    const msg = this.db.prepare('SELECT campaign_id, chunk_id, probe FROM gateway_messages WHERE gateway_id = ?').get(gatewayId) as
      | { campaign_id: number; chunk_id: number | null; probe: number }
      | undefined;
    // A probe (an id whose recipients the answer did not say) watches its chunk's uncertain recipients: a report
    // naming one of them confirms it (apply below).
    const rows = this.recipients.ofMessage(msg?.campaign_id ?? null, gatewayId, msg?.probe === 1 ? msg.chunk_id : undefined);
    return rows.map((r) => ({ id: r.id, msisdn: r.msisdn, status: r.status, gatewayStatus: r.gateway_status }));
  }

  /**
   * A report for a message id Besked never recorded (its answer was lost, or did not name these recipients) whose
   * reference names one of Besked's uncertain recipients: the id is recorded for that recipient, so the report that
   * follows confirms it (apply). Returns whether it was adopted.
   */
  adopt(gatewayId: string, iface: 'legacy' | 'messaging', reference: string | null | undefined, msisdn: number | string, now: number): boolean {
    const ref = /^c(\d+)(?:r(\d+)|k(\d+))$/.exec(reference ?? '');
    if (!ref) return false;
    const campaignId = Number(ref[1]);
    const number = Number(String(msisdn).replace(/\D/g, '').replace(/^00/, ''));
    const row = this.recipients.uncertainNamed(campaignId, ref[2] !== undefined ? { recipientId: Number(ref[2]) } : { chunkSeq: Number(ref[3]) }, number);
    if (!row) return false;
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT OR IGNORE INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done, recipient_ids)
           VALUES (?, ?, ?, ?, 1, ?, ?, NULL, ?, ?)`,
        )
        .run(gatewayId, iface, campaignId, row.chunk_id, iso(now), iso(now + 5 * 86_400_000), iface === 'messaging' ? 1 : 0, JSON.stringify([row.id]));
      this.recipients.setGatewayId(row.id, gatewayId);
    })();
    return true;
  }

  /** The recipient a messaging-interface msg_id (or a legacy id and number) belongs to. */
  findMessage(gatewayId: string): { campaignId: number; iface: 'legacy' | 'messaging' } | null {
    const row = this.db.prepare('SELECT campaign_id, interface FROM gateway_messages WHERE gateway_id = ?').get(gatewayId) as
      | { campaign_id: number; interface: 'legacy' | 'messaging' }
      | undefined;
    return row ? { campaignId: row.campaign_id, iface: row.interface } : null;
  }

  /**
   * Writes one message's changes and its next step in one transaction: recipients' status, a status event for each
   * change of Besked's state, and the message's poll bookkeeping (when `poll` is given).
   */
  apply(
    gatewayId: string,
    changes: readonly StatusChange[],
    poll: { polledAt: number; counted: boolean; next: number | null; done: boolean } | null,
  ): AppliedChange[] {
    const applied: AppliedChange[] = [];
    const { update, confirm } = this.recipients.statusWrites();
    const event = this.db.prepare('INSERT INTO status_events (campaign_id, recipient_id, status, at) VALUES (?, ?, ?, ?)');
    const counted = this.db.prepare('UPDATE send_chunks SET confirmed = confirmed + 1 WHERE id = ?');
    // The gateway says the message went out, so its send time has passed whatever this PC's clock says (the gateway's
    // may run ahead, the Sandbox's can be moved on): it no longer waits there to be withdrawn (pendingAtGateway, cancel).
    const departed = this.db.prepare('UPDATE gateway_messages SET send_at = @now WHERE gateway_id = @id AND send_at > @now');
    const bookkeeping = this.db.prepare(
      `UPDATE gateway_messages SET polls = polls + @counted, last_polled_at = @polledAt, next_poll_at = @next, done = @done
        WHERE gateway_id = @id`,
    );
    this.db.transaction(() => {
      for (const c of changes) {
        const row = update.get({ id: c.recipientId, status: c.status, gatewayStatus: c.gatewayStatus, error: c.error, at: c.at }) as
          | { campaign_id: number; msisdn: number }
          | undefined;
        if (!row) continue;
        // The gateway reported on this recipient under this id, so it has the message: no longer uncertain.
        const confirmed = confirm.get(gatewayId, c.recipientId) as { chunk_id: number | null } | undefined;
        if (confirmed?.chunk_id != null) counted.run(confirmed.chunk_id);
        if (c.status !== c.previous) event.run(row.campaign_id, c.recipientId, c.status, c.at);
        applied.push({
          campaignId: row.campaign_id,
          recipientId: c.recipientId,
          msisdn: row.msisdn,
          status: c.status,
          gatewayStatus: c.gatewayStatus,
          error: c.error,
          at: c.at,
        });
      }
      if (applied.some((a) => leftTheGateway(a.status))) departed.run({ id: gatewayId, now: iso(this.now()) });
      if (poll) {
        bookkeeping.run({
          id: gatewayId,
          counted: poll.counted ? 1 : 0,
          polledAt: iso(poll.polledAt),
          next: poll.next === null ? null : iso(poll.next),
          done: poll.done ? 1 : 0,
        });
      }
    })();
    return applied;
  }

  /** Plans the next look without counting a poll (a message the poller cannot ask about yet). */
  reschedule(gatewayId: string, next: number): void {
    this.db.prepare('UPDATE gateway_messages SET next_poll_at = ? WHERE gateway_id = ?').run(iso(next), gatewayId);
  }
}
