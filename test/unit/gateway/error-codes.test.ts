// Each gateway failure carries the translatable code (and parameters) that matches its message, and the code
// survives toAppError so both transports hand it to the renderer.
import { describe, expect, it } from 'vitest';
import { errorFromFailure, errorFromResponse, protocolErrorFromIssues, validationErrorFromIssues, type ErrorResponse } from '../../../src-main/core/gateway/error-mapping';
import { AuthError, NetworkError } from '../../../src-main/core/gateway/errors';
import { BeskedError, toAppError } from '../../../src-main/core/errors';
import { validationError } from '../../../src-main/core/dispatch';
import type { FailureReason, TransportFailure } from '../../../src-main/core/gateway/transport';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function resp(partial: Partial<Omit<ErrorResponse, 'body'>> & { status: number; body?: unknown }): ErrorResponse {
  const body = partial.body === undefined ? '' : typeof partial.body === 'string' ? partial.body : JSON.stringify(partial.body);
  return { api: 'legacy', operation: 'send', what: 'POST /rest/mtsms', headers: {}, nowMs: NOW, ...partial, body };
}

describe('errorFromResponse codes', () => {
  it.each<[string, ErrorResponse, string, Record<string, string | number> | undefined]>([
    ['402', resp({ status: 402 }), 'gateway.insufficientCredit', undefined],
    ['409 with the gateway’s words', resp({ status: 409, body: { message: 'Message %1 was sent', variables: ['7'] } }), 'gateway.conflict', { said: 'Message 7 was sent' }],
    ['409 without words', resp({ status: 409 }), 'gateway.conflict', { said: '' }],
    ['400 with the gateway’s words', resp({ status: 400, body: { message: 'Sender too long' } }), 'gateway.invalidRequest', { status: '400', detail: 'Sender too long' }],
    [
      '422 with fields',
      resp({ api: 'messaging', status: 422, body: { detail: [{ loc: ['body', 'recipient'], msg: 'Too small', type: 't' }] } }),
      'gateway.invalidRequest',
      { status: '422', detail: 'Phone number: Too small' },
    ],
    ['401 token', resp({ status: 401 }), 'gateway.tokenRefused', { status: '401' }],
    ['403 IP', resp({ status: 403, body: { message: 'Unauthorized IP address %1', variables: ['1.2.3.4'] } }), 'gateway.ipRefused', { status: '403' }],
    ['403 not enabled', resp({ status: 403, body: { message: 'Email is not enabled for this account' } }), 'gateway.notEnabled', undefined],
    ['404', resp({ status: 404, what: 'GET /rest/mtsms/9' }), 'gateway.notFound', { what: 'GET /rest/mtsms/9' }],
    ['408 on a send', resp({ status: 408 }), 'gateway.requestTimeoutUncertain', undefined],
    ['408 on a read', resp({ status: 408, operation: 'read' }), 'gateway.requestTimeout', undefined],
    ['429 with Retry-After', resp({ status: 429, headers: { 'retry-after': '7' } }), 'gateway.rateLimited', { seconds: 7 }],
    ['429 without', resp({ status: 429 }), 'gateway.rateLimitedSoon', undefined],
    ['500 on a send', resp({ status: 500 }), 'gateway.serverErrorUncertain', { status: '500' }],
    ['502 on a read', resp({ status: 502, operation: 'read' }), 'gateway.serverError', { status: '502' }],
    ['302', resp({ status: 302 }), 'gateway.unexpectedStatus', { what: 'POST /rest/mtsms', status: '302' }],
  ])('%s', (_n, r, code, params) => {
    const e = errorFromResponse(r);
    expect({ code: e.code, params: e.params }).toEqual({ code, params });
  });

  it('a malformed answer says whether it was a send', () => {
    expect(protocolErrorFromIssues('POST /rest/mtsms', 'send', 200, []).code).toBe('gateway.malformedAnswerSent');
    expect(protocolErrorFromIssues('GET /rest/balance', 'read', 200, []).code).toBe('gateway.malformedAnswer');
  });

  it('local input refusals carry the readable field list', () => {
    const e = validationErrorFromIssues('the message', [{ path: ['recipient'], message: 'Too small' }]);
    expect({ code: e.code, params: e.params }).toEqual({ code: 'gateway.inputInvalid', params: { detail: 'Phone number: Too small' } });
  });
});

function failure(reason: FailureReason, requestStarted: boolean, code?: string): TransportFailure {
  return { reason, requestStarted, code, host: 'gw.example:443', cause: new Error(code) };
}

describe('errorFromFailure codes', () => {
  it.each<[string, TransportFailure, 'read' | 'send', string, Record<string, string> | undefined]>([
    ['refused', failure('refused', false, 'ECONNREFUSED'), 'send', 'gateway.unreachable', { host: 'gw.example:443', reason: 'ECONNREFUSED' }],
    ['dns', failure('dns', false, 'ENOTFOUND'), 'send', 'gateway.dnsFailed', { host: 'gw.example:443' }],
    ['tls', failure('tls', false, 'CERT_HAS_EXPIRED'), 'read', 'gateway.tlsFailed', { host: 'gw.example:443', reason: 'CERT_HAS_EXPIRED' }],
    ['connect timeout', failure('timeout', false, 'UND_ERR_CONNECT_TIMEOUT'), 'send', 'gateway.connectTimeout', { host: 'gw.example:443' }],
    ['timeout on a read', failure('timeout', true), 'read', 'gateway.timeout', { host: 'gw.example:443' }],
    ['timeout after a send', failure('timeout', true), 'send', 'gateway.timeoutUncertain', { host: 'gw.example:443' }],
    ['reset before', failure('reset', false), 'send', 'gateway.connectionClosed', { host: 'gw.example:443' }],
    ['reset on a read', failure('reset', true), 'read', 'gateway.connectionLost', { host: 'gw.example:443' }],
    ['reset after a send', failure('reset', true), 'send', 'gateway.connectionLostUncertain', { host: 'gw.example:443' }],
    ['other', failure('other' as FailureReason, false, 'EWHAT'), 'read', 'gateway.failed', { host: 'gw.example:443', reason: 'EWHAT' }],
    ['cancelled before', failure('cancelled', false), 'send', 'gateway.cancelled', undefined],
    ['cancelled after a send', failure('cancelled', true), 'send', 'gateway.cancelledUncertain', undefined],
  ])('%s', (_n, f, op, code, params) => {
    const e = errorFromFailure(f, op);
    expect({ code: e.code, params: e.params }).toEqual({ code, params });
  });

  it('keeps the transport’s own code apart from the translatable one', () => {
    const e = errorFromFailure(failure('refused', false, 'ECONNREFUSED'), 'send');
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).transportCode).toBe('ECONNREFUSED');
    expect(e.code).toBe('gateway.unreachable');
  });
});

describe('toAppError', () => {
  it('carries code and params; an error without a code has neither', () => {
    const e = new AuthError('refused', { maybeAccepted: false, status: 401, code: 'gateway.tokenRefused', params: { status: '401' } });
    expect(toAppError(e)).toEqual({ kind: 'auth', message: 'refused', maybeAccepted: false, status: 401, code: 'gateway.tokenRefused', params: { status: '401' } });
    expect(toAppError(new BeskedError('conflict', 'plain'))).toEqual({ kind: 'conflict', message: 'plain' });
  });

  it('codes anything unexpected, so even that reads in the shop owner’s language', () => {
    expect(toAppError(new Error('boom'))).toMatchObject({ kind: 'internal', code: 'internal.unexpected' });
  });

  it('codes the dispatcher’s refusal of bad input with the call and the problem', () => {
    expect(validationError([{ path: ['id'], message: 'Expected number' }], 'Invalid input to campaigns.get', 'campaigns.get')).toMatchObject({
      message: 'Invalid input to campaigns.get: id: Expected number',
      code: 'call.invalidInput',
      params: { call: 'campaigns.get', problem: 'id: Expected number' },
    });
  });
});
