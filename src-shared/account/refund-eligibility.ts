// Which sent SMS can be refunded: only overcharged (class 'charge') ones whose charge the gateway reports as CAPTURED.
// Shared so the refund dialog explains a refusal before asking, and the core refuses the same cases.
//
// The charge status reaches Besked only in delivery callbacks (a desktop app often has no public webhook) or when
// the gateway adds it to the stored message. A delivered overcharged message whose charge status Besked never saw
// may well be captured, so the refund may be asked for, marked unconfirmed: the gateway has the last word.

export type RefundIneligible = 'not_overcharged' | 'charge_pending' | 'charge_not_captured' | 'already_requested';

export type RefundEligibility =
  | { eligible: true; /** No charge status was seen: the gateway decides whether it was captured. */ unconfirmed?: true }
  | { eligible: false; reason: RefundIneligible; message: string };

export interface RefundFacts {
  /** The message class it was sent with: standard, premium, secret or charge. */
  messageClass: string;
  /** The charge_status from the delivery reports; null or undefined while none has arrived. */
  chargeStatus: string | null | undefined;
  /** When Besked already asked for this refund, if it did. */
  requestedAt?: string | null | undefined;
  /** Whether the gateway reported the message delivered to this number (a charge is captured on delivery). */
  delivered?: boolean | undefined;
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
    if (f.delivered) return { eligible: true, unconfirmed: true };
    return {
      eligible: false,
      reason: 'charge_pending',
      message: 'The gateway has not yet reported this message delivered with its charge captured. Wait for the delivery report; only captured charges can be refunded.',
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
