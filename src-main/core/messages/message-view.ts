// The gateway's stored message (GET /rest/mtsms/{id}) in a shop owner's terms: delivery in Besked's states, and per
// recipient the charge status from the message itself or, when it does not carry one, from the delivery callbacks.
import type { LookedUpMessage, LookedUpRecipient } from '../../../src-shared/contract';
import { describeGatewayStatus, STATE_INFO } from '../../../src-shared/delivery-status';
import type { StoredMessage } from '../gateway';
import { msisdnDigits, type RecordedCharge } from './charge-statuses';

export interface MessageFacts {
  stored: StoredMessage;
  mode: 'sandbox' | 'live';
  /** Charge statuses from delivery callbacks, by number (digits). */
  charges: ReadonlyMap<string, RecordedCharge>;
  /** When a refund was asked for, by number (digits). */
  refunds: ReadonlyMap<string, string>;
  campaign: LookedUpMessage['campaign'];
  fetchedAt: Date;
}

const isoFromUnix = (s: number | null | undefined): string | null => (typeof s === 'number' && Number.isFinite(s) ? new Date(s * 1000).toISOString() : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function toLookedUpMessage(f: MessageFacts): LookedUpMessage {
  const m = f.stored;
  const recipients = m.recipients.map((r): LookedUpRecipient => {
    const msisdn = msisdnDigits(r.msisdn);
    const reported = text(r.dsnstatus);
    // No report yet reads as "sent, waiting for the report": the gateway only lists messages it has sent.
    const described = reported ? describeGatewayStatus('legacy', reported) : null;
    const state = described?.state ?? 'sent';
    // Not in the spec's stored message, but the gateway may add it (the simulator does); it is the freshest word then.
    const fromMessage = text(r['charge_status']);
    const fromCallback = f.charges.get(msisdn)?.chargeStatus ?? null;
    return {
      msisdn,
      status: state,
      statusLabel: STATE_INFO[state].label,
      statusExplanation: described?.explanation ?? STATE_INFO[state].explanation,
      gatewayStatus: described?.gatewayStatus ?? null,
      statusError: text(r.dsnerror) ?? text(r.dsnerrorcode),
      statusAt: isoFromUnix(r.dsntime),
      parts: r.csms ?? null,
      country: text(r.country),
      chargeStatus: (fromMessage ?? fromCallback)?.trim().toUpperCase() ?? null,
      chargeStatusFrom: fromMessage ? 'message' : fromCallback ? 'callback' : null,
      refundRequestedAt: f.refunds.get(msisdn) ?? null,
    };
  });
  const firstSent = m.recipients.find((r) => typeof r.senttime === 'number')?.senttime;
  const binary = text(m.payload) !== null;
  return {
    gatewayId: m.id,
    mode: f.mode,
    messageClass: text(m.class)?.toLowerCase() ?? 'standard',
    text: binary ? null : (m.message ?? ''),
    binary,
    sender: text(m.sender),
    sentAt: isoFromUnix(firstSent ?? m.sendtime),
    label: text(m.label),
    campaign: f.campaign,
    recipients,
    fetchedAt: f.fetchedAt.toISOString(),
  };
}
