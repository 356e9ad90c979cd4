// Which sent SMS can be refunded: only overcharged (class 'charge') ones whose charge the gateway reports as CAPTURED.
// Shared so the refund dialog explains a refusal before asking, and the core refuses the same cases.

export type RefundIneligible = 'not_overcharged' | 'charge_pending' | 'charge_not_captured' | 'already_requested';

export type RefundEligibility = { eligible: true } | { eligible: false; reason: RefundIneligible; message: string };

export interface RefundFacts {
  /** The message class it was sent with: standard, premium, secret or charge. */
  messageClass: string;
  /** The charge_status from the delivery reports; null or undefined while none has arrived. */
  chargeStatus: string | null | undefined;
  /** When Besked already asked for this refund, if it did. */
  requestedAt?: string | null | undefined;
}

export function refundEligibility(f: RefundFacts): RefundEligibility {
  if (f.messageClass !== 'charge') {
    return {
      eligible: false,
      reason: 'not_overcharged',
      message:
        "Only overcharged messages (billed to the recipient's phone bill) can be refunded. This message was paid from your account credit, so there is nothing to give back to the recipient.",
    };
  }
  if (f.requestedAt) {
    return { eligible: false, reason: 'already_requested', message: `A refund was already requested on ${f.requestedAt}. The outcome arrives from the gateway.` };
  }
  const status = f.chargeStatus?.trim().toUpperCase() ?? '';
  if (status === '') {
    return {
      eligible: false,
      reason: 'charge_pending',
      message: 'The gateway has not yet reported that the charge was captured. Wait for the delivery report; only captured charges can be refunded.',
    };
  }
  if (status !== 'CAPTURED') {
    return {
      eligible: false,
      reason: 'charge_not_captured',
      message: `The charge status is ${status}. Only charges the gateway reports as CAPTURED can be refunded.`,
    };
  }
  return { eligible: true };
}
