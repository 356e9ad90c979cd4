// A campaign's delivery roll-up: how many recipients got it, failed (by reason), wait, or are unknown (pure; core and UI).
import { describeGatewayStatus, STATE_INFO, type BeskedState } from './delivery-status';

/** Sending states of a frozen recipient (campaign_recipients.state). */
export type RecipientSendState = 'queued' | 'excluded' | 'in_flight' | 'accepted' | 'uncertain' | 'failed' | 'cancelled' | 'dismissed';

/** One group of recipients sharing state, status and reason, as `GROUP BY` gives it. */
export interface RollupRow {
  state: RecipientSendState;
  status: BeskedState | null;
  gatewayStatus?: string | null;
  /** status_error for delivery failures, reason for exclusions and refused sends. */
  reason?: string | null;
  count: number;
}

export interface ReasonCount {
  reason: string;
  count: number;
}

export type CampaignOutcome =
  /** Nothing was sent (all excluded, cancelled before sending, or empty). */
  | 'nothing_sent'
  /** Some recipients still wait to be sent or for a delivery status. */
  | 'in_progress'
  /** Every recipient that was sent to has it. */
  | 'delivered'
  /** Some have it, some do not or are unknown. */
  | 'partly_delivered'
  /** Nobody that was sent to has it. */
  | 'failed'
  /** Everything sent ended without a final answer from the network. */
  | 'unknown'
  /** Sent through the messaging interface without the webhook receiver: Besked cannot learn more. */
  | 'submitted';

export interface CampaignRollup {
  /** Every frozen recipient, excluded ones included. */
  total: number;
  excluded: number;
  excludedByReason: ReasonCount[];
  /** Waiting to go out, or in a request right now. */
  queued: number;
  /** The request's outcome is unknown; the user decides to resend or dismiss. */
  uncertain: number;
  /** Cancelled or dismissed before reaching the gateway. */
  notSent: number;
  /** Handed to the gateway (accepted). */
  sent: number;
  delivered: number;
  /** Of the delivered, how many were read (RCS). */
  read: number;
  /** Delivery failed, expired, was deleted, or the gateway refused the request. */
  failed: number;
  failedByReason: ReasonCount[];
  /** Accepted, no final status yet. */
  pending: number;
  /** Accepted through the messaging interface without a webhook: no status will come. */
  awaitingWebhook: number;
  /** The network gave no final answer before the validity ended (or said UNKNOWN). */
  unknown: number;
  outcome: CampaignOutcome;
}

export interface RollupOptions {
  /** The campaign went through the messaging interface and the webhook receiver is off. */
  statusNeedsWebhook?: boolean;
}

function reasonOf(row: RollupRow): string {
  const r = row.reason?.trim();
  if (r) return r;
  if (row.gatewayStatus) return describeGatewayStatus('legacy', row.gatewayStatus).explanation;
  if (row.status) return STATE_INFO[row.status].explanation;
  return 'The gateway refused the message.';
}

function add(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

function sorted(map: Map<string, number>): ReasonCount[] {
  return [...map.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** Rolls recipients up into counts; the campaign is 'delivered' only when every recipient sent to is. */
export function rollupCampaign(rows: readonly RollupRow[], options: RollupOptions = {}): CampaignRollup {
  const excludedBy = new Map<string, number>();
  const failedBy = new Map<string, number>();
  const r: Omit<CampaignRollup, 'excludedByReason' | 'failedByReason' | 'outcome'> = {
    total: 0,
    excluded: 0,
    queued: 0,
    uncertain: 0,
    notSent: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    pending: 0,
    awaitingWebhook: 0,
    unknown: 0,
  };
  for (const row of rows) {
    const n = row.count;
    if (n <= 0) continue;
    r.total += n;
    switch (row.state) {
      case 'excluded':
        r.excluded += n;
        add(excludedBy, row.reason?.trim() || 'Excluded', n);
        continue;
      case 'queued':
      case 'in_flight':
        r.queued += n;
        continue;
      case 'uncertain':
        r.uncertain += n;
        continue;
      case 'cancelled':
      case 'dismissed':
        r.notSent += n;
        continue;
      case 'failed':
        r.failed += n;
        add(failedBy, reasonOf(row), n);
        continue;
      case 'accepted':
        break;
    }
    r.sent += n;
    const status = row.status ?? 'pending';
    switch (status) {
      case 'delivered':
        r.delivered += n;
        break;
      case 'read':
        r.delivered += n;
        r.read += n;
        break;
      case 'failed':
      case 'expired':
      case 'cancelled':
        r.failed += n;
        add(failedBy, reasonOf(row), n);
        break;
      case 'unknown':
        r.unknown += n;
        break;
      case 'pending':
      case 'sent':
        if (options.statusNeedsWebhook) r.awaitingWebhook += n;
        else r.pending += n;
        break;
    }
  }
  return { ...r, excludedByReason: sorted(excludedBy), failedByReason: sorted(failedBy), outcome: outcomeOf(r) };
}

function outcomeOf(r: Pick<CampaignRollup, 'queued' | 'uncertain' | 'pending' | 'delivered' | 'failed' | 'unknown' | 'awaitingWebhook'>): CampaignOutcome {
  if (r.queued > 0 || r.pending > 0 || r.uncertain > 0) return 'in_progress';
  const decided = r.delivered + r.failed + r.unknown + r.awaitingWebhook;
  if (decided === 0) return 'nothing_sent';
  if (r.delivered === decided) return 'delivered';
  if (r.awaitingWebhook > 0 && r.delivered === 0) return 'submitted';
  if (r.delivered > 0) return 'partly_delivered';
  if (r.failed > 0) return 'failed';
  return 'unknown';
}
