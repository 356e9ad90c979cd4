import { describe, expect, it } from 'vitest';
import {
  describeFieldPath,
  errorFromFailure,
  errorFromResponse,
  fillPlaceholders,
  parseRetryAfter,
  protocolErrorFromIssues,
  validationErrorFromIssues,
  type ErrorResponse,
} from '../../../src-main/core/gateway/error-mapping';
import {
  AuthError,
  GatewayProtocolError,
  NetworkError,
  NotEnabledError,
  NotFound,
  RateLimited,
  ServerError,
  ValidationError,
  CancelledError,
  ConflictError,
  InsufficientCredit,
} from '../../../src-main/core/gateway/errors';
import { BeskedError } from '../../../src-main/core/errors';
import { classifyFailure, type FailureReason, type TransportFailure } from '../../../src-main/core/gateway/transport';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function resp(partial: Partial<Omit<ErrorResponse, 'body'>> & { status: number; body?: unknown }): ErrorResponse {
  const body = partial.body === undefined ? '' : typeof partial.body === 'string' ? partial.body : JSON.stringify(partial.body);
  return { api: 'legacy', operation: 'send', what: 'POST /rest/mtsms', headers: {}, nowMs: NOW, ...partial, body };
}

describe('errorFromResponse', () => {
  type Row = [string, ErrorResponse, abstract new (...a: never[]) => BeskedError, string, boolean];
  const rows: Row[] = [
    ['400 legacy', resp({ status: 400, body: { message: 'bad' } }), ValidationError, 'validation', false],
    ['422 messaging', resp({ api: 'messaging', status: 422, body: { detail: [] } }), ValidationError, 'validation', false],
    ['401 legacy', resp({ status: 401 }), AuthError, 'auth', false],
    ['403 messaging (no body)', resp({ api: 'messaging', status: 403 }), AuthError, 'auth', false],
    ['403 IP restriction', resp({ status: 403, body: { message: 'Unauthorized IP address %1', variables: ['1.2.3.4'] } }), AuthError, 'auth', false],
    ['403 feature not enabled', resp({ status: 403, body: { message: 'Email is not enabled for this account' } }), NotEnabledError, 'not_enabled', false],
    ['402 insufficient credit', resp({ status: 402, body: { code: '0x1092', message: 'Insufficient credit: the request costs %1 %2 but the account has %3 %2', variables: ['5', 'DKK', '1'] } }), InsufficientCredit, 'limit', false],
    ['409 not scheduled', resp({ status: 409, body: { message: 'Message %1 cannot be deleted: %2', variables: ['7', 'it was already sent'] } }), ConflictError, 'conflict', false],
    ['410 already sent (read like 409)', resp({ status: 410, body: { message: 'Message %1 cannot be deleted: %2', variables: ['7', 'it has already been sent'] } }), ConflictError, 'conflict', false],
    ['404', resp({ status: 404, operation: 'read', what: 'GET /rest/mtsms/9' }), NotFound, 'not_found', false],
    ['429', resp({ status: 429, headers: { 'retry-after': '7' } }), RateLimited, 'rate_limited', false],
    ['500 on a send', resp({ status: 500 }), ServerError, 'server', true],
    ['502 on a read', resp({ status: 502, operation: 'read' }), ServerError, 'server', false],
    ['503 on a send', resp({ status: 503, body: '<html>bad gateway</html>' }), ServerError, 'server', true],
    ['418 other 4xx', resp({ status: 418 }), ValidationError, 'validation', false],
    // A 408 may come after the gateway processed the send (issue 17): uncertain, never repeated.
    ['408 on a send', resp({ status: 408 }), NetworkError, 'network', true],
    ['408 on a read', resp({ status: 408, operation: 'read', what: 'GET /rest/me' }), NetworkError, 'network', false],
    ['302 redirect on a send', resp({ status: 302, headers: { location: 'https://elsewhere/' } }), GatewayProtocolError, 'protocol', true],
  ];
  it.each(rows)('%s', (_n, r, cls, kind, maybeAccepted) => {
    const e = errorFromResponse(r);
    expect(e).toBeInstanceOf(cls);
    expect(e).toBeInstanceOf(BeskedError);
    expect(e.kind).toBe(kind);
    expect(e.maybeAccepted).toBe(maybeAccepted);
    expect(e.status).toBe(r.status);
    expect(e.message.length).toBeGreaterThan(30);
  });

  it('turns 422 detail[] into readable field messages with paths', () => {
    const e = errorFromResponse(
      resp({
        api: 'messaging',
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'messages', 3, 'recipient'], msg: 'Input should be greater than 1000', type: 'greater_than', input: 12, ctx: { gt: 1000 } },
            { loc: ['body', 'messages', 0, 'sender'], msg: 'String should have at least 3 characters', type: 'string_too_short' },
          ],
        },
      }),
    );
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.fields).toEqual([
      { path: ['messages', 3, 'recipient'], message: 'Message 4, phone number: Input should be greater than 1000' },
      { path: ['messages', 0, 'sender'], message: 'Message 1, sender name: String should have at least 3 characters' },
    ]);
    expect(e.message).toContain('Message 4, phone number: Input should be greater than 1000');
    expect(e.toValue().fields).toHaveLength(2);
  });

  it('summarises long 422 lists', () => {
    const detail = Array.from({ length: 7 }, (_, i) => ({ loc: ['body', 'messages', i, 'message'], msg: 'Field required', type: 'missing' }));
    const e = errorFromResponse(resp({ api: 'messaging', status: 422, body: { detail } }));
    expect(e.fields).toHaveLength(7);
    expect(e.message).toContain('and 4 more problems');
  });

  it('fills legacy %1 placeholders and names the incident', () => {
    const e = errorFromResponse(
      resp({
        status: 400,
        body: { code: '0x0202', incident_uuid: 'a0b1c2', message: 'Recipient %1 is not valid for class %2', variables: ['4512', 'premium'] },
      }),
    );
    expect(e.message).toContain('Recipient 4512 is not valid for class premium');
    expect(e.message).toContain('incident a0b1c2');
  });

  it('AuthError mentions platform-bound tokens and IP restrictions', () => {
    for (const r of [resp({ status: 401 }), resp({ api: 'messaging', status: 403 })]) {
      const e = errorFromResponse(r);
      expect(e.message).toMatch(/EU platform/);
      expect(e.message).toMatch(/IP addresses/);
    }
  });

  it('RateLimited carries Retry-After as seconds or as an HTTP date', () => {
    expect(errorFromResponse(resp({ status: 429, headers: { 'retry-after': '12' } })).retryAfterS).toBe(12);
    const date = new Date(NOW + 30_000).toUTCString();
    expect(errorFromResponse(resp({ status: 429, headers: { 'retry-after': date } })).retryAfterS).toBe(30);
    expect(errorFromResponse(resp({ status: 429 })).retryAfterS).toBeUndefined();
    expect(errorFromResponse(resp({ status: 429, headers: { 'retry-after': '12' } })).message).toContain('12 seconds');
  });

  it('says a 5xx send may have been accepted', () => {
    expect(errorFromResponse(resp({ status: 500 })).message).toMatch(/may still have accepted/);
    expect(errorFromResponse(resp({ status: 500, operation: 'read' })).message).not.toMatch(/accepted/);
  });
});

describe('helpers', () => {
  it.each([
    [['messages', 3, 'recipient'], 'Message 4, phone number'],
    [['recipients', 0, 'tagvalues'], 'Recipient 1, merge-field values'],
    [['sender'], 'Sender name'],
    [[], 'The request'],
    [[2, 'class'], 'Item 3, class'],
    [['some_field'], 'Some field'],
  ] as [(string | number)[], string][])('describeFieldPath(%j) = %s', (path, text) => {
    expect(describeFieldPath(path)).toBe(text);
  });

  it.each([
    ['Hello %1', ['you'], 'Hello you'],
    ['%2 before %1', ['a', 'b'], 'b before a'],
    ['missing %3', ['a'], 'missing %3'],
    ['no vars %1', undefined, 'no vars %1'],
    ['%1%1', ['x'], 'xx'],
  ] as [string, string[] | undefined, string][])('fillPlaceholders(%s)', (t, v, out) => {
    expect(fillPlaceholders(t, v)).toBe(out);
  });

  it.each([
    ['5', 5],
    [' 0 ', 0],
    ['Sat, 01 Mar 2025 12:01:00 GMT', 60],
    ['Sat, 01 Mar 2025 11:00:00 GMT', 0],
    ['soon', undefined],
    [undefined, undefined],
  ] as [string | undefined, number | undefined][])('parseRetryAfter(%s) = %s', (v, s) => {
    expect(parseRetryAfter(v, NOW)).toBe(s);
  });

  it('protocol errors name the failing path and, for sends, say not to resend', () => {
    const e = protocolErrorFromIssues('POST /mobile/multi', 'send', 202, [{ path: ['responses', 0, 'msg_id'], message: 'Invalid input: expected string, received undefined' }]);
    expect(e).toBeInstanceOf(GatewayProtocolError);
    expect(e.kind).toBe('protocol');
    expect(e.maybeAccepted).toBe(true);
    expect(e.message).toContain('responses[0].msg_id');
    expect(e.message).toMatch(/do not send it again/);
    expect(e.fields?.[0]?.path).toEqual(['responses', 0, 'msg_id']);
    expect(protocolErrorFromIssues('GET /rest/me', 'read', 200, []).maybeAccepted).toBe(false);
  });

  it('local validation errors say nothing was sent', () => {
    const e = validationErrorFromIssues('the message', [{ path: ['recipient'], message: 'Too small' }]);
    expect(e.maybeAccepted).toBe(false);
    expect(e.message).toContain('Phone number: Too small');
  });
});

function failure(reason: FailureReason, requestStarted: boolean, code?: string): TransportFailure {
  return { reason, requestStarted, code, host: 'gw.example:443', cause: new Error(code) };
}

describe('errorFromFailure', () => {
  type Row = [string, TransportFailure, 'read' | 'send', string, boolean, RegExp];
  const rows: Row[] = [
    ['refused send', failure('refused', false, 'ECONNREFUSED'), 'send', 'network', false, /Could not connect/],
    ['dns send', failure('dns', false, 'ENOTFOUND'), 'send', 'network', false, /Could not find/],
    ['tls send', failure('tls', false, 'DEPTH_ZERO_SELF_SIGNED_CERT'), 'send', 'network', false, /secure connection/],
    ['timeout after send', failure('timeout', true, 'UND_ERR_HEADERS_TIMEOUT'), 'send', 'network', true, /may have accepted/],
    ['reset after send', failure('reset', true, 'UND_ERR_SOCKET'), 'send', 'network', true, /may have accepted/],
    ['reset before send', failure('reset', false, 'UND_ERR_SOCKET'), 'send', 'network', false, /before the request went out/],
    ['reset on a read', failure('reset', true, 'ECONNRESET'), 'read', 'network', false, /Try again/],
    ['cancelled after send', failure('cancelled', true), 'send', 'cancelled', true, /cancelled/],
    ['cancelled before send', failure('cancelled', false), 'send', 'cancelled', false, /cancelled/],
  ];
  it.each(rows)('%s', (_n, f, op, kind, maybeAccepted, text) => {
    const e = errorFromFailure(f, op);
    expect(e.kind).toBe(kind);
    expect(e.maybeAccepted).toBe(maybeAccepted);
    expect(e.message).toMatch(text);
    if (kind === 'network') expect(e).toBeInstanceOf(NetworkError);
    else expect(e).toBeInstanceOf(CancelledError);
  });
});

describe('classifyFailure', () => {
  const err = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });
  it.each([
    [err('ECONNREFUSED'), 'refused'],
    [err('ENOTFOUND'), 'dns'],
    [err('EAI_AGAIN'), 'dns'],
    [err('UND_ERR_CONNECT_TIMEOUT'), 'timeout'],
    [err('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
    [err('UND_ERR_BODY_TIMEOUT'), 'timeout'],
    [err('ECONNRESET'), 'reset'],
    [err('UND_ERR_SOCKET'), 'reset'],
    [err('UND_ERR_SOCKET', err('ERR_TLS_CERT_ALTNAME_INVALID')), 'tls'],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
    [err('CERT_HAS_EXPIRED'), 'tls'],
    [err('ERR_SSL_WRONG_VERSION_NUMBER'), 'tls'],
    [err('UND_ERR_ABORTED'), 'cancelled'],
    [new Error('plain'), 'other'],
  ] as [unknown, FailureReason][])('%s → %s', (e, reason) => {
    expect(classifyFailure(e, false).reason).toBe(reason);
  });
  it('a cancel requested by the caller wins over the code', () => {
    expect(classifyFailure(err('ECONNRESET'), true).reason).toBe('cancelled');
  });
});
