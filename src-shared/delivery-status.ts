// The delivery-status model: every gateway status (messaging SMS, RCS, legacy) mapped to Besked's own states, and the merge rule.
import type { ErrorCode } from './error-codes';

/** Besked's own delivery states, the only ones the UI and the database know about. */
export const BESKED_STATES = ['pending', 'sent', 'delivered', 'read', 'failed', 'expired', 'cancelled', 'unknown'] as const;
export type BeskedState = (typeof BESKED_STATES)[number];

/** Where a gateway status came from: the two event types of the messaging interface, and the legacy callbacks. */
export type StatusSource = 'sms' | 'rcs' | 'legacy';

export interface StateInfo {
  /** Whether no later status is expected (READ may still follow DELIVERED; see mergeStatus). */
  final: boolean;
  /** Short label for lists. */
  label: string;
  /** What the state means for the shop owner, in plain words. */
  explanation: string;
}

export const STATE_INFO: Readonly<Record<BeskedState, StateInfo>> = {
  pending: {
    final: false,
    label: 'Waiting',
    explanation: 'The message is waiting to be sent, for example because it is scheduled for later.',
  },
  sent: {
    final: false,
    label: 'Sent',
    explanation: 'The gateway accepted the message and passed it on towards the phone network. Confirmation of delivery has not arrived yet.',
  },
  delivered: {
    final: true,
    label: 'Delivered',
    explanation: "The message reached the customer's phone.",
  },
  read: {
    final: true,
    label: 'Read',
    explanation: 'The customer opened the message (only chat-style RCS messages report this).',
  },
  failed: {
    final: true,
    label: 'Failed',
    explanation:
      'The message could not be delivered, for example because the number does not exist, the sender name was refused, or the account had too little credit.',
  },
  expired: {
    final: true,
    label: 'Expired',
    explanation:
      "The customer's phone could not be reached before the message's validity ran out (often switched off or out of coverage), so it was dropped.",
  },
  cancelled: {
    final: true,
    label: 'Cancelled',
    explanation: 'The message was deleted before it was sent, so it will not arrive.',
  },
  unknown: {
    final: false,
    label: 'Unknown',
    explanation: 'The phone network has not said what happened to this message. A later update may still arrive.',
  },
};

interface GatewayStatusEntry {
  state: BeskedState;
  /** Extra words for the gateway status where they say more than the state's explanation. */
  detail?: string;
}

/**
 * Every status each source may report. Statuses not listed here (the spec promises new ones) become 'unknown'.
 * SMS and legacy share the SMSC vocabulary; RCS has its own short list.
 */
export const GATEWAY_STATUS_TABLE: Readonly<Record<StatusSource, Readonly<Record<string, GatewayStatusEntry>>>> = {
  sms: {
    ACCEPTED: { state: 'sent', detail: 'The phone network accepted the message.' },
    ENROUTE: { state: 'sent', detail: 'The message is on its way to the phone.' },
    DELIVERED: { state: 'delivered' },
    EXPIRED: { state: 'expired' },
    DELETED: { state: 'cancelled', detail: 'The message was deleted by the network before it was delivered.' },
    UNDELIVERABLE: { state: 'failed', detail: 'The phone network could not deliver the message to this number.' },
    REJECTED: {
      state: 'failed',
      detail: 'The gateway or the network refused the message (for example too little credit or a refused sender name).',
    },
    UNKNOWN: { state: 'unknown' },
  },
  rcs: {
    ENROUTE: { state: 'sent', detail: 'The chat message is on its way to the phone.' },
    DELIVERED: { state: 'delivered' },
    READ: { state: 'read' },
    EXPIRED: { state: 'expired' },
  },
  legacy: {
    UNKNOWN: { state: 'unknown' },
    SCHEDULED: { state: 'pending', detail: 'The message is scheduled and will be sent at the chosen time.' },
    BUFFERED: {
      state: 'sent',
      detail: 'The network is holding the message until the phone can be reached (it may be switched off).',
    },
    ENROUTE: { state: 'sent', detail: 'The message is on its way to the phone.' },
    ACCEPTED: { state: 'sent', detail: 'The phone network accepted the message.' },
    DELIVERED: { state: 'delivered' },
    EXPIRED: { state: 'expired' },
    DELETED: { state: 'cancelled' },
    UNDELIVERABLE: { state: 'failed', detail: 'The phone network could not deliver the message to this number.' },
    REJECTED: { state: 'failed', detail: 'The gateway or the network refused the message.' },
    SKIPPED: {
      state: 'failed',
      detail: 'The gateway skipped this recipient and did not send the message (for example a blocked or invalid number).',
    },
  },
};

export interface DescribedStatus {
  state: BeskedState;
  final: boolean;
  /** The gateway's own word for it, kept for support conversations. */
  gatewayStatus: string;
  explanation: string;
  /** The explanation's code in the error-code registry, which the UI translates (delivery.<source>.<STATUS> or delivery.state.<state>). */
  explanationCode: ErrorCode;
}

/** Maps a status string from the gateway to Besked's state. Case-insensitive; unknown values become 'unknown'. */
export function describeGatewayStatus(source: StatusSource, gatewayStatus: string): DescribedStatus {
  const key = gatewayStatus.trim().toUpperCase();
  const entry = Object.prototype.hasOwnProperty.call(GATEWAY_STATUS_TABLE[source], key)
    ? GATEWAY_STATUS_TABLE[source][key]
    : undefined;
  const state: BeskedState = entry?.state ?? 'unknown';
  const info = STATE_INFO[state];
  return {
    state,
    final: info.final,
    gatewayStatus: key,
    explanation: entry?.detail ?? info.explanation,
    // The registry lists each of these; a unit test holds the two tables and it together.
    explanationCode: (entry?.detail ? `delivery.${source}.${key}` : `delivery.state.${state}`) as ErrorCode,
  };
}

export function isFinalState(state: BeskedState): boolean {
  return STATE_INFO[state].final;
}

/**
 * How far along a not-yet-final message is, so an out-of-order transient update cannot move it backwards:
 * an UNKNOWN or SCHEDULED arriving after ENROUTE says less than what we already know.
 */
const TRANSIENT_PROGRESS: Readonly<Record<BeskedState, number>> = {
  unknown: 0,
  pending: 1,
  sent: 2,
  delivered: -1,
  read: -1,
  failed: -1,
  expired: -1,
  cancelled: -1,
};

/**
 * Which state to keep when a status update arrives. Webhooks are retried and arrive out of order, so:
 * - any final state replaces a transient one;
 * - a transient state never replaces a final one (a late ENROUTE after DELIVERED is noise);
 * - among finals the first one wins, with one exception: READ may follow DELIVERED (RCS read receipts).
 *   Keeping the first final means a message shown as delivered is never later shown as failed because of a
 *   stray network report; the gateway reports one final per message in practice, so conflicts are rare;
 * - among transients the further-along one wins (sent beats pending beats unknown); equal progress takes the newer.
 */
export function mergeStatus(current: BeskedState | null | undefined, incoming: BeskedState): BeskedState {
  if (current === null || current === undefined) return incoming;
  const currentFinal = isFinalState(current);
  const incomingFinal = isFinalState(incoming);
  if (currentFinal) {
    if (current === 'delivered' && incoming === 'read') return 'read';
    return current;
  }
  if (incomingFinal) return incoming;
  return TRANSIENT_PROGRESS[incoming] >= TRANSIENT_PROGRESS[current] ? incoming : current;
}
