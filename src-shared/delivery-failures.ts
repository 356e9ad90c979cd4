// Why a delivery failed, as codes the UI translates: the gateway error codes Besked explains, and a failed
// delivery's reason (what its status means, then what the gateway said, with the gateway's own code kept visible).
import { describeGatewayStatus, STATE_INFO, type BeskedState } from './delivery-status';
import { coded, type Coded, type ErrorCode } from './error-codes';

/**
 * The gateway error codes Besked explains, with the English words it says for each. The spec names 0x1092 (too
 * little credit) and 0x1905 (sender not supported) and leaves the complete list "not shown"; the others are the
 * ones the Sandbox simulator reports (src-sim/delivery.ts), so every failure a Sandbox user meets is explained.
 * Codes not listed here are shown with the gateway's own words.
 */
export const GATEWAY_ERRORS: Readonly<Record<string, { code: ErrorCode; words: string }>> = {
  '0x1092': { code: 'delivery.gatewayError.insufficientCredit', words: 'Insufficient credit' },
  '0x1905': { code: 'delivery.gatewayError.senderNotSupported', words: 'Sender not supported at the destination' },
  '0x1150': { code: 'delivery.gatewayError.noRoute', words: 'No route to the destination country' },
  '0x1420': { code: 'delivery.gatewayError.absentSubscriber', words: 'Recipient unknown or unreachable (absent subscriber)' },
  '0x1210': { code: 'delivery.gatewayError.operatorExpired', words: 'Message expired in the operator network' },
  '0x1211': { code: 'delivery.gatewayError.validityEnded', words: 'Validity period ended before delivery' },
  '0x1510': { code: 'delivery.gatewayError.operatorRejected', words: 'Rejected by the operator' },
  '0x1511': { code: 'delivery.gatewayError.numberBlocked', words: 'Recipient skipped: number is blocked on the account' },
  '0x1520': { code: 'delivery.gatewayError.operatorDeleted', words: 'Deleted by the operator before delivery' },
};

/** Besked's own words when polling ends at a message's validity without a final status. */
export const GAVE_UP_ERROR = 'No final status came from the phone network before the message’s validity ended.';

/** A refused recipient whose row has no reason. */
export const REFUSED_WORDS = 'The gateway refused the message.';

/** A code the gateway writes: hex as both interfaces use it. */
const HEX = /^0x[0-9a-f]+$/i;
/** status_error as sync/status-updates.ts stores it: "words (code)", the words alone, or the code alone. */
const WORDS_AND_CODE = /^(.*\S)\s+\((0x[0-9a-f]+)\)$/is;

/** Splits a stored status_error into the gateway's words and its code. */
export function splitStatusError(error: string): { words: string | null; hex: string | null } {
  const e = error.trim();
  if (HEX.test(e)) return { words: null, hex: e };
  const m = WORDS_AND_CODE.exec(e);
  return m ? { words: m[1]!, hex: m[2]! } : { words: e === '' ? null : e, hex: null };
}

/** What the gateway said about a failed delivery (a stored status_error), as a code; null for nothing said. */
export function gatewayErrorCoded(error: string | null): Coded | null {
  if (error === null || error.trim() === '') return null;
  if (error === GAVE_UP_ERROR) return coded('delivery.gaveUp');
  const { words, hex } = splitStatusError(error);
  const known = hex === null ? undefined : GATEWAY_ERRORS[hex.toLowerCase()];
  if (hex !== null && known) return { code: known.code, params: { hex } };
  if (hex !== null && words !== null) return coded('delivery.gatewayError.unexplained', { words, hex });
  if (hex !== null) return coded('delivery.gatewayError.codeOnly', { hex });
  return coded('delivery.gatewayError.wordsOnly', { words: words! });
}

/** A failed delivery's reason: the English sentence (as the core has always said it) and its codes. */
export interface DeliveryFailure {
  reason: string;
  /** What the status means. */
  code: ErrorCode;
  /** What the gateway said, shown after it in brackets; absent when it said nothing. */
  gatewayError?: Coded;
}

/** A failed delivery in words: what its status means, then the gateway's error when it gave one. */
export function deliveryFailure(status: BeskedState, gatewayStatus: string | null, error: string | null): DeliveryFailure {
  const described = gatewayStatus ? describeGatewayStatus('legacy', gatewayStatus) : null;
  const explanation = described ? described.explanation : STATE_INFO[status].explanation;
  const code = described ? described.explanationCode : (`delivery.state.${status}` as ErrorCode);
  const gatewayError = gatewayErrorCoded(error);
  return gatewayError && error ? { reason: `${explanation} (${error})`, code, gatewayError } : { reason: explanation, code };
}
