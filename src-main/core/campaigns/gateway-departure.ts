// When a campaign handed to the gateway with a send time has gone out: the gateway's delivery reports decide, not
// this PC's clock (the gateway's may run ahead of it, and the Sandbox's can be moved on).
import type { StatusChanged } from '../../../src-shared/contract';
import type { BeskedState } from '../../../src-shared/delivery-status';

/**
 * Whether a recipient's status shows its message left the gateway. Waiting (SCHEDULED, or Besked's own placeholder
 * before a first report) and unknown (the gateway said nothing, or Besked gave up asking) say nothing about it, and
 * cancelled is what withdrawing a scheduled message reports, so it never went out. Sent, delivered and read passed
 * the gateway; failed and expired are the network's or the gateway's verdict when the send time came.
 */
export function leftTheGateway(state: BeskedState): boolean {
  switch (state) {
    case 'pending':
    case 'unknown':
    case 'cancelled':
      return false;
    case 'sent':
    case 'delivered':
    case 'read':
    case 'failed':
    case 'expired':
      return true;
  }
}

/** What decides whether a campaign with nothing left to hand over still waits at the gateway. */
export interface GatewayWait {
  scheduledAtGateway: boolean;
  /** The campaign's send time (epoch ms), or null when it has none. */
  sendAt: number | null;
  now: number;
  /** Recipients the gateway accepted. */
  accepted: number;
  /**
   * Recipients whose request's answer was lost (a crash or time-out mid hand-over): the gateway may hold them for
   * the send time just the same, so until then the campaign is not failed (issue 27, consent across a crash).
   */
  uncertain?: number;
  /** Whether any recipient's report shows its message left the gateway; asked only when the rest says it waits. */
  anyLeft: () => boolean;
}

/**
 * Still 'scheduled': handed to the gateway with a send time that this PC's clock has not reached, with accepted
 * messages, none of which the gateway reported as gone out. One report that one went out is enough: the gateway's
 * clock passed the campaign's send time, which is what Besked's own clock passing it means too. Messages a rate
 * limit spread over later send times may still wait there; the campaign then offers Cancel for them
 * (pendingAtGateway in src-shared/campaigns/campaign-actions.ts), as it does once this PC's clock passes send_at.
 */
export function waitsAtGateway(w: GatewayWait): boolean {
  return w.scheduledAtGateway && w.sendAt !== null && w.sendAt > w.now && w.accepted + (w.uncertain ?? 0) > 0 && !w.anyLeft();
}

/**
 * Whether a batch of applied status changes can have moved a campaign on: one of them shows a message left the
 * gateway, or the batch was too large to list every change. Others (a first SCHEDULED) need no look at all.
 */
export function reportsShowDeparture(batch: Pick<StatusChanged, 'changes' | 'truncated'>): boolean {
  return batch.truncated || batch.changes.some((c) => leftTheGateway(c.status));
}
