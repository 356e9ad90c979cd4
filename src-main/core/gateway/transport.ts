// HTTP transport to the gateway: a small keep-alive pool per origin, and the one fact retries depend on —
// whether any byte of the request was handed to the socket before the exchange failed.
import { Agent } from 'undici';
import type { Dispatcher } from 'undici';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL including any query string. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Time allowed from sending until the response headers arrive. */
  headersTimeoutMs: number;
  /** Time allowed between two chunks of the response body. */
  bodyTimeoutMs: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Uint8Array;
}

export type FailureReason = 'refused' | 'dns' | 'tls' | 'timeout' | 'reset' | 'cancelled' | 'other';

export interface TransportFailure {
  /**
   * Whether the request was handed to a connected socket. false means the gateway cannot have seen a single
   * byte of it (connection refused, DNS or TLS failure, connection closed while the request was still queued),
   * which is the only situation in which a send may be repeated safely.
   */
  requestStarted: boolean;
  reason: FailureReason;
  code: string | undefined;
  /** host:port, for messages. */
  host: string;
  cause: unknown;
}

export type TransportOutcome = { ok: true; response: HttpResponse } | { ok: false; failure: TransportFailure };

export interface Transport {
  send(request: HttpRequest): Promise<TransportOutcome>;
  close(): Promise<void>;
}

export interface UndiciTransportOptions {
  /** Connections per origin. The legacy interface rejects more than 40 per address; a few suffice for batched sends. */
  connections?: number;
  connectTimeoutMs?: number;
  /** How long an idle connection is kept for reuse. */
  keepAliveMs?: number;
  /** Extra CA certificates (PEM), for tests against a local TLS server. */
  ca?: string | string[];
  /** Largest response body accepted; price lists are the biggest real answers, far below this. */
  maxResponseBytes?: number;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);
const CANCEL_CODES = new Set(['UND_ERR_ABORTED', 'ABORT_ERR']);

function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    code.startsWith('UNABLE_TO_') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'HOSTNAME_MISMATCH' ||
    code === 'EPROTO'
  );
}

/** Names the kind of failure from a Node/undici error; pure, so the mapping is testable without sockets. */
export function classifyFailure(err: unknown, aborted: boolean): { reason: FailureReason; code: string | undefined } {
  // undici wraps some causes; the innermost code names the real failure (e.g. a TLS error inside UND_ERR_SOCKET).
  let code = errorCode(err);
  const inner = typeof err === 'object' && err !== null && 'cause' in err ? errorCode(err.cause) : undefined;
  if (inner && (code === undefined || code === 'UND_ERR_SOCKET')) code = inner;
  if (aborted || (code !== undefined && CANCEL_CODES.has(code))) return { reason: 'cancelled', code };
  if (code === undefined) return { reason: 'other', code };
  if (DNS_CODES.has(code)) return { reason: 'dns', code };
  if (REFUSED_CODES.has(code)) return { reason: 'refused', code };
  if (isTlsCode(code)) return { reason: 'tls', code };
  if (TIMEOUT_CODES.has(code)) return { reason: 'timeout', code };
  if (RESET_CODES.has(code)) return { reason: 'reset', code };
  return { reason: 'other', code };
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

class TooLargeError extends Error {
  readonly code = 'BESKED_RESPONSE_TOO_LARGE';
}

/** The production transport: undici Agent (one Pool per origin), TLS 1.2+, no pipelining. */
export function createUndiciTransport(options: UndiciTransportOptions = {}): Transport {
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  const agent = new Agent({
    connections: options.connections ?? 6,
    // One request per connection at a time: with pipelining undici may re-send a queued request after the
    // head of the pipeline fails, which would break "at most once".
    pipelining: 1,
    keepAliveTimeout: options.keepAliveMs ?? 4_000,
    connect: {
      timeout: options.connectTimeoutMs ?? 10_000,
      minVersion: 'TLSv1.2',
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    },
  });

  function send(req: HttpRequest): Promise<TransportOutcome> {
    const url = new URL(req.url);
    const host = url.host;
    return new Promise<TransportOutcome>((resolve) => {
      let settled = false;
      let requestStarted = false;
      let cancelRequested = req.signal?.aborted ?? false;
      let controller: Dispatcher.DispatchController | undefined;
      let status = 0;
      let headers: Record<string, string> = {};
      const chunks: Buffer[] = [];
      let size = 0;

      const finish = (outcome: TransportOutcome): void => {
        if (settled) return;
        settled = true;
        req.signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const fail = (err: unknown): void => {
        const { reason, code } = classifyFailure(err, cancelRequested);
        finish({ ok: false, failure: { requestStarted, reason, code, host, cause: err } });
      };
      function onAbort(): void {
        cancelRequested = true;
        // Before onRequestStart nothing can be aborted yet; onRequestStart checks the flag and stops the write.
        controller?.abort(req.signal?.reason ?? new Error('cancelled'));
      }

      if (cancelRequested) {
        fail(new Error('cancelled before sending'));
        return;
      }
      req.signal?.addEventListener('abort', onAbort, { once: true });

      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(ctrl) {
          controller = ctrl;
          if (cancelRequested) {
            // undici checks for abort right after this callback and then does not write the request.
            ctrl.abort(new Error('cancelled before sending'));
            return;
          }
          // undici writes the request synchronously right after this returns; from here on the gateway may see it.
          requestStarted = true;
        },
        onResponseStart(ctrl, statusCode, responseHeaders) {
          status = statusCode;
          headers = flattenHeaders(responseHeaders);
        },
        onResponseData(ctrl, chunk) {
          size += chunk.length;
          if (size > maxResponseBytes) {
            ctrl.abort(new TooLargeError(`response larger than ${maxResponseBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        },
        onResponseEnd() {
          // A fresh array that owns its memory: chunks may be views into larger socket buffers, and
          // Buffer.concat would hand out a slice of Node's shared pool.
          const body = new Uint8Array(size);
          let at = 0;
          for (const c of chunks) {
            body.set(c, at);
            at += c.length;
          }
          finish({ ok: true, response: { status, headers, body } });
        },
        onResponseError(_ctrl, err) {
          fail(err);
        },
      };

      try {
        agent.dispatch(
          {
            origin: url.origin,
            path: url.pathname + url.search,
            method: req.method,
            headers: req.headers,
            body: req.body ?? null,
            headersTimeout: req.headersTimeoutMs,
            bodyTimeout: req.bodyTimeoutMs,
          },
          handler,
        );
      } catch (err) {
        fail(err);
      }
    });
  }

  return {
    send,
    close: () => agent.close(),
  };
}
