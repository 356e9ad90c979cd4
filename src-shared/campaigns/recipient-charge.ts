// What one recipient's message cost: what the gateway kept. A message withdrawn at the gateway before its send time
// was refunded there, and one the gateway never accepted was never charged, so both cost 0 (core and UI).
import type { RecipientSendState } from '../rollup';
import type { BeskedState } from '../delivery-status';

/** Why a recipient's message cost nothing, for saying so beside its 0; null when it was charged or is not yet known. */
export type NoCharge = 'withdrawn' | 'not_accepted';

/**
 * The charge of a recipient: its unit price once the gateway accepted it and kept it; 0 when it was withdrawn
 * (status cancelled) or never accepted (excluded, refused, cancelled or dismissed here); null while it waits to go
 * out or its request's outcome is unknown (queued, in flight, uncertain).
 */
export function recipientCharge(state: RecipientSendState, status: BeskedState | null, unitCost: number | null): number | null {
  const why = noCharge(state, status);
  if (why !== null) return 0;
  return state === 'accepted' ? unitCost : null;
}

export function noCharge(state: RecipientSendState, status: BeskedState | null): NoCharge | null {
  switch (state) {
    case 'accepted':
      return status === 'cancelled' ? 'withdrawn' : null;
    case 'cancelled':
      // Withdrawn at the gateway (it reports the message cancelled), or cancelled here before it went out.
      return status === 'cancelled' ? 'withdrawn' : 'not_accepted';
    case 'excluded':
    case 'failed':
    case 'dismissed':
      return 'not_accepted';
    case 'queued':
    case 'in_flight':
    case 'uncertain':
      return null;
  }
}
