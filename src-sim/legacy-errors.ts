// The legacy interface's error catalogue: HTTP status, hex code and %1-style message of every refusal.
import { randomUUID } from 'node:crypto';
import type { Reply } from './routing';

interface ErrorKind {
  status: number;
  code: string;
  message: string;
}

/** Every legacy error the simulator answers with; README.md lists them. */
export const LEGACY_ERRORS = {
  invalidValue: { status: 400, code: '0x0201', message: 'Invalid value for %1: %2' },
  missingField: { status: 400, code: '0x0202', message: 'Missing required field %1' },
  malformedBody: { status: 400, code: '0x0203', message: 'Malformed request body: %1' },
  tooManyRecipients: { status: 400, code: '0x0204', message: 'Message %1 has %2 recipients; at most %3 are allowed per message' },
  requestTooBig: { status: 400, code: '0x0205', message: 'The request has %1 %2; at most %3 are allowed per request' },
  duplicateRecipient: { status: 400, code: '0x0206', message: 'Recipient %1 appears more than once in message %2' },
  mixedClass: { status: 400, code: '0x0207', message: 'All messages in one request must have the same class; found %1 and %2' },
  mixedLabel: { status: 400, code: '0x0208', message: 'All messages in one request must have the same label; found %1 and %2' },
  tagMismatch: { status: 400, code: '0x0209', message: 'Recipient %1 has %2 tag values but the message has %3 tags' },
  conflictingFields: { status: 400, code: '0x020A', message: '%1 cannot be used together with %2' },
  chargeRules: { status: 400, code: '0x020B', message: 'Overcharged message not allowed: %1' },
  unsupportedMediaType: { status: 415, code: '0x020C', message: 'Unsupported content type %1: send JSON, form data or query parameters' },
  invalidToken: { status: 403, code: '0x0101', message: 'Invalid or missing API key' },
  notEnabled: { status: 403, code: '0x0102', message: '%1 is not enabled on this account. Contact support to have it enabled.' },
  insufficientCredit: { status: 402, code: '0x1092', message: 'Insufficient credit: the request costs %1 %2 but the account has %3 %2' },
  notFound: { status: 404, code: '0x0301', message: '%1 %2 not found' },
  notStoredYet: { status: 404, code: '0x0302', message: 'Message %1 is not in long-term storage yet; try again shortly' },
  notScheduled: { status: 409, code: '0x0303', message: 'Message %1 cannot be deleted: %2' },
  // Gone: a scheduled message that went out or was deleted (the spec shows no error shape for it; see README).
  noLongerScheduled: { status: 410, code: '0x0306', message: 'Message %1 cannot be deleted: %2' },
  notRefundable: { status: 409, code: '0x0304', message: 'Message %1 to %2 cannot be refunded: %3' },
  keywordTaken: { status: 409, code: '0x0305', message: 'Keyword %1 on short code %2 is not available' },
  noSuchEndpoint: { status: 404, code: '0x0401', message: 'No endpoint %1' },
  methodNotAllowed: { status: 405, code: '0x0402', message: 'Method %1 is not allowed on %2' },
  bodyTooLarge: { status: 413, code: '0x0403', message: 'Request body too large: at most %1 bytes are accepted' },
  simulatedFault: { status: 500, code: '0x0500', message: 'Simulated fault (status %1)' },
  internal: { status: 500, code: '0x0501', message: 'Unexpected error: %1' },
} as const satisfies Record<string, ErrorKind>;

export type LegacyErrorName = keyof typeof LEGACY_ERRORS;

/** A refusal on the legacy interface; handlers throw it, the server turns it into the error body. */
export class LegacyError extends Error {
  readonly status: number;
  readonly code: string;
  readonly variables: string[];
  /** The message with its %1 placeholders, as the body carries it. */
  readonly template: string;

  constructor(name: LegacyErrorName, variables: (string | number)[] = [], status?: number) {
    const kind = LEGACY_ERRORS[name];
    super(kind.message.replace(/%(\d+)/g, (_, n: string) => String(variables[Number(n) - 1] ?? '')));
    this.status = status ?? kind.status;
    this.code = kind.code;
    this.template = kind.message;
    this.variables = variables.map(String);
  }
}

/** The spec's error body: code, incident_uuid, message with placeholders, variables (omitted when empty). */
export function legacyErrorReply(e: LegacyError, headers?: Record<string, string>): Reply {
  const body: Record<string, unknown> = { code: e.code, incident_uuid: randomUUID(), message: e.template };
  if (e.variables.length) body['variables'] = e.variables;
  return headers ? { status: e.status, body, headers } : { status: e.status, body };
}
