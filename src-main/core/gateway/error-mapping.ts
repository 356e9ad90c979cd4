// Turns what went wrong (an HTTP error response, a transport failure, a schema mismatch) into a typed gateway
// error with a message a shop owner can act on and an honest maybeAccepted.
import type { FieldIssue } from '../../../src-shared/errors';
import { coded } from '../../../src-shared/error-codes';
import {
  AuthError,
  CancelledError,
  ConflictError,
  GatewayProtocolError,
  InsufficientCredit,
  NetworkError,
  NotEnabledError,
  NotFound,
  RateLimited,
  ServerError,
  ValidationError,
  formatPath,
  type GatewayError,
} from './errors';
import { HTTPValidationError } from './messaging-schemas';
import { LegacyErrorBody } from './legacy-schemas';
import type { OperationKind } from './retry';
import type { TransportFailure } from './transport';

export type ApiName = 'messaging' | 'legacy';

/** Words for field names the shop owner never sees as such. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  recipient: 'phone number',
  msisdn: 'phone number',
  msisdns: 'phone numbers',
  sender: 'sender name',
  message: 'message text',
  messages: 'message',
  recipients: 'recipient',
  expiration: 'validity',
  validity_period: 'validity',
  sendtime: 'send time',
  tags: 'merge fields',
  tagvalues: 'merge-field values',
  userref: 'reference',
  callback_url: 'callback address',
  shortcode: 'short code',
  from: 'start date',
  to: 'end date',
  mtsms_id: 'message id',
  max_parts: 'maximum parts',
  plaintext: 'plain text',
  html: 'HTML text',
  attachments: 'attachment',
  address: 'email address',
};

/** The request-location prefixes FastAPI-style validators put in front of field paths. */
const LOCATION_PREFIXES = new Set(['body', 'query', 'path', 'header']);

export function stripLocation(loc: readonly (string | number)[]): (string | number)[] {
  const first = loc[0];
  return typeof first === 'string' && LOCATION_PREFIXES.has(first) ? loc.slice(1) : [...loc];
}

/** ['messages', 3, 'recipient'] → "Message 4, phone number". */
export function describeFieldPath(path: readonly (string | number)[]): string {
  const parts: string[] = [];
  for (const seg of path) {
    if (typeof seg === 'number') {
      const prev = parts.length ? parts[parts.length - 1]! : 'item';
      if (parts.length) parts[parts.length - 1] = `${prev} ${seg + 1}`;
      else parts.push(`item ${seg + 1}`);
    } else {
      parts.push(FIELD_WORDS[seg] ?? seg.replace(/_/g, ' '));
    }
  }
  const s = parts.join(', ');
  return s === '' ? 'The request' : s.charAt(0).toUpperCase() + s.slice(1);
}

/** One field problem as a sentence that stands alone: "Message 4, phone number: Input should be greater than 1000". */
export function readableField(path: readonly (string | number)[], message: string): FieldIssue {
  return { path: [...path], message: `${describeFieldPath(path)}: ${message}` };
}

function listFields(fields: readonly FieldIssue[], shown = 3): string {
  const head = fields.slice(0, shown).map((f) => f.message);
  const more = fields.length - shown;
  return head.join('; ') + (more > 0 ? `; and ${more} more problem${more === 1 ? '' : 's'}` : '');
}

/** Fills legacy `%1`-style placeholders from `variables`; unknown placeholders stay as they are. */
export function fillPlaceholders(template: string, variables: readonly string[] | undefined): string {
  if (!variables?.length) return template;
  return template.replace(/%(\d+)/g, (whole, n: string) => variables[Number(n) - 1] ?? whole);
}

/** Retry-After as seconds: either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function decodeBody(body: Uint8Array | string): unknown {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface GatewaySays {
  text?: string;
  fields: FieldIssue[];
  incident?: string;
}

/** Reads whatever explanation the gateway put in an error body, in either interface's format. */
function readErrorBody(body: unknown): GatewaySays {
  const validation = HTTPValidationError.safeParse(body);
  if (validation.success) {
    return { fields: validation.data.detail.map((d) => readableField(stripLocation(d.loc), d.msg)) };
  }
  const legacy = LegacyErrorBody.safeParse(body);
  if (legacy.success) {
    const says: GatewaySays = { text: fillPlaceholders(legacy.data.message, legacy.data.variables), fields: [] };
    if (legacy.data.incident_uuid) says.incident = legacy.data.incident_uuid;
    return says;
  }
  if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') {
    return { text: body.detail, fields: [] };
  }
  return { fields: [] };
}

const NOT_ENABLED = /not (been )?(enabled|activated|available)|feature.*(disabled|not)|requires? (a )?(separate )?agreement|no access to|access (is )?(only )?(granted )?on request/i;
const IP_HINT = /\bip\b|address/i;

const AUTH_HINT =
  'API tokens are bound to a platform: a token from the EU platform only works with the EU addresses and a default token only with the default addresses, so check that the token and the platform chosen in Settings match. The account may also only accept requests from certain IP addresses (set in the gateway dashboard).';

export interface ErrorResponse {
  api: ApiName;
  operation: OperationKind;
  /** "POST /mobile/single", for messages and logs. */
  what: string;
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array | string;
  nowMs: number;
}

/** Maps a non-2xx response to a typed error. 4xx means the gateway refused the request; 5xx leaves sends uncertain. */
export function errorFromResponse(r: ErrorResponse): GatewayError {
  const says = readErrorBody(decodeBody(r.body));
  const quoted = says.text ? ` The gateway said: "${says.text}".` : '';
  const incident = says.incident ? ` (incident ${says.incident})` : '';
  const refused = { maybeAccepted: false, status: r.status };
  const retryAfterS = parseRetryAfter(r.headers['retry-after'], r.nowMs);

  if (r.status === 402) {
    return new InsufficientCredit(
      `Your gateway account does not have enough credit for this.${quoted} Top up the account in the gateway dashboard, then try again.${incident}`,
      { ...refused, ...coded('gateway.insufficientCredit') },
    );
  }
  // 410 Gone is how a gateway may say "already sent or deleted" (DELETE /rest/mtsms/{id}); read it like 409.
  if (r.status === 409 || r.status === 410) {
    return new ConflictError(`The gateway could not do this right now.${quoted}${incident}`, { ...refused, ...coded('gateway.conflict', { said: says.text ?? '' }) });
  }
  if (r.status === 400 || r.status === 422 || r.status === 413) {
    const fields = says.fields;
    const detail = fields.length ? ` ${listFields(fields)}.` : quoted;
    return new ValidationError(`The gateway did not accept the request (HTTP ${r.status}).${detail}${incident}`, {
      ...refused,
      fields,
      ...coded('gateway.invalidRequest', { status: String(r.status), detail: fields.length ? listFields(fields) : (says.text ?? '') }),
    });
  }
  if (r.status === 401 || r.status === 403) {
    if (r.status === 403 && says.text && NOT_ENABLED.test(says.text) && !IP_HINT.test(says.text)) {
      return new NotEnabledError(
        `Your gateway account is not enabled for this feature.${quoted} Keywords, email and number lookup need a separate agreement with the gateway; contact its support to get access.${incident}`,
        { ...refused, ...coded('gateway.notEnabled') },
      );
    }
    const ip = says.text !== undefined && IP_HINT.test(says.text);
    return new AuthError(`The gateway refused the API token (HTTP ${r.status}).${quoted} ${AUTH_HINT}${incident}`, {
      ...refused,
      ...coded(ip ? 'gateway.ipRefused' : 'gateway.tokenRefused', { status: String(r.status) }),
    });
  }
  if (r.status === 404) {
    return new NotFound(`The gateway could not find what Besked asked for (${r.what}).${quoted}${incident}`, { ...refused, ...coded('gateway.notFound', { what: r.what }) });
  }
  if (r.status === 408) {
    // RFC 9110 means "the request never arrived whole", but a gateway (or a proxy in front of it) may answer 408
    // after processing: a send answered 408 may have gone out, so it is uncertain and never repeated by itself.
    const uncertain = r.operation === 'send';
    return new NetworkError(
      uncertain
        ? `The gateway gave up waiting (HTTP 408), so Besked cannot tell whether it processed the request. It is not sent again by itself.${incident}`
        : `The gateway gave up waiting for the request (HTTP 408), so it was not processed. Check your internet connection and try again.${incident}`,
      { maybeAccepted: uncertain, status: r.status, transportCode: 'HTTP_408', ...coded(uncertain ? 'gateway.requestTimeoutUncertain' : 'gateway.requestTimeout') },
    );
  }
  if (r.status === 429) {
    const when = retryAfterS === undefined ? 'in a little while' : `in ${retryAfterS} second${retryAfterS === 1 ? '' : 's'}`;
    return new RateLimited(
      `The gateway is receiving too many requests from this account and did not process this one. Try again ${when}.${incident}`,
      {
        ...refused,
        ...(retryAfterS === undefined ? coded('gateway.rateLimitedSoon') : { retryAfterS, ...coded('gateway.rateLimited', { seconds: retryAfterS }) }),
      },
    );
  }
  if (r.status >= 500) {
    const uncertain = r.operation === 'send';
    const tail = uncertain
      ? ' It may still have accepted the request: check the message log (or wait for delivery reports) before sending again.'
      : ' Try again in a few minutes.';
    return new ServerError(`The gateway had a problem of its own (HTTP ${r.status}).${quoted}${tail}${incident}`, {
      maybeAccepted: uncertain,
      status: r.status,
      ...(retryAfterS === undefined ? {} : { retryAfterS }),
      ...coded(uncertain ? 'gateway.serverErrorUncertain' : 'gateway.serverError', { status: String(r.status) }),
    });
  }
  if (r.status >= 400) {
    return new ValidationError(`The gateway did not accept the request (HTTP ${r.status}).${quoted}${incident}`, {
      ...refused,
      fields: says.fields,
      ...coded('gateway.invalidRequest', { status: String(r.status), detail: says.text ?? '' }),
    });
  }
  // 1xx/3xx: undici does not follow redirects, and the gateway never redirects; most likely a wrong address.
  const location = r.headers['location'] ? ` to ${r.headers['location']}` : '';
  return new GatewayProtocolError(
    `The gateway answered ${r.what} with HTTP ${r.status}${location}, which Besked does not expect. Check the gateway addresses in Settings.`,
    { maybeAccepted: r.operation === 'send', status: r.status, fields: [], ...coded('gateway.unexpectedStatus', { what: r.what, status: String(r.status) }) },
  );
}

/** A 2xx whose body does not match the spec. For a send the gateway did accept it, so it must not be sent again. */
export function protocolErrorFromIssues(
  what: string,
  operation: OperationKind,
  status: number,
  issues: readonly FieldIssue[],
): GatewayProtocolError {
  const first = issues.slice(0, 3).map((i) => `${formatPath(i.path)}: ${i.message}`);
  const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
  const tail =
    operation === 'send'
      ? ' The gateway did accept the request, so do not send it again; check the message log for its outcome.'
      : ' Besked may need an update for a change in the gateway.';
  return new GatewayProtocolError(
    `The gateway's answer to ${what} was not in the expected form (${first.join('; ')}${more}).${tail}`,
    {
      maybeAccepted: operation === 'send',
      status,
      fields: issues.map((i) => ({ path: [...i.path], message: i.message })),
      ...coded(operation === 'send' ? 'gateway.malformedAnswerSent' : 'gateway.malformedAnswer', { what }),
    },
  );
}

/** Input that failed the request schema: nothing was sent. */
export function validationErrorFromIssues(what: string, issues: readonly FieldIssue[]): ValidationError {
  const fields = issues.map((i) => readableField(i.path, i.message));
  return new ValidationError(`Besked did not send ${what} because some details are not valid: ${listFields(fields)}.`, {
    maybeAccepted: false,
    fields,
    ...coded('gateway.inputInvalid', { detail: listFields(fields) }),
  });
}

/** Maps a transport failure; the gateway may have seen the request only if it was handed to a socket. */
export function errorFromFailure(f: TransportFailure, operation: OperationKind): GatewayError {
  const maybeAccepted = operation === 'send' && f.requestStarted;
  const extra = { maybeAccepted, cause: f.cause, ...(f.code === undefined ? {} : { transportCode: f.code }) };
  const host = f.host;
  const uncertainTail = maybeAccepted
    ? ' The request had already gone out, so the gateway may have accepted it: check the message log (or wait for delivery reports) before sending again.'
    : '';
  switch (f.reason) {
    case 'cancelled':
      return new CancelledError(`The request to the gateway was cancelled.${uncertainTail}`, {
        maybeAccepted,
        cause: f.cause,
        ...coded(maybeAccepted ? 'gateway.cancelledUncertain' : 'gateway.cancelled'),
      });
    case 'refused':
      return new NetworkError(
        `Could not connect to the gateway at ${f.host} (${f.code ?? 'connection refused'}). Check your internet connection and the gateway addresses in Settings.`,
        { ...extra, ...coded('gateway.unreachable', { host, reason: f.code ?? 'connection refused' }) },
      );
    case 'dns':
      return new NetworkError(
        `Could not find the gateway's address ${f.host}. Check your internet connection and the gateway addresses in Settings.`,
        { ...extra, ...coded('gateway.dnsFailed', { host }) },
      );
    case 'tls':
      return new NetworkError(
        `Could not set up a secure connection to ${f.host} (${f.code ?? 'TLS failure'}). Check the gateway addresses in Settings; a proxy or antivirus program may be intercepting secure connections.`,
        { ...extra, ...coded('gateway.tlsFailed', { host, reason: f.code ?? 'TLS failure' }) },
      );
    case 'timeout':
      return new NetworkError(
        f.requestStarted
          ? `The gateway at ${f.host} did not answer in time.${uncertainTail || ' Try again in a moment.'}`
          : `Could not connect to the gateway at ${f.host} in time. Check your internet connection.`,
        { ...extra, ...coded(!f.requestStarted ? 'gateway.connectTimeout' : maybeAccepted ? 'gateway.timeoutUncertain' : 'gateway.timeout', { host }) },
      );
    case 'reset':
      return new NetworkError(
        f.requestStarted
          ? `The connection to the gateway at ${f.host} was lost before it answered.${uncertainTail || ' Try again in a moment.'}`
          : `The connection to the gateway at ${f.host} closed before the request went out. Try again in a moment.`,
        {
          ...extra,
          ...coded(!f.requestStarted ? 'gateway.connectionClosed' : maybeAccepted ? 'gateway.connectionLostUncertain' : 'gateway.connectionLost', { host }),
        },
      );
    default:
      return new NetworkError(
        `Talking to the gateway at ${f.host} failed (${f.code ?? 'unexpected error'}).${uncertainTail || ' Try again in a moment.'}`,
        { ...extra, ...coded(maybeAccepted ? 'gateway.failedUncertain' : 'gateway.failed', { host, reason: f.code ?? 'unexpected error' }) },
      );
  }
}
