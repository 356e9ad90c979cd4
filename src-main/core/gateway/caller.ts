// One gateway call end to end: address and token at call time, the attempt loop under the retry rule, and the
// response checked against its schema. Endpoint modules describe calls; this module performs them.
import type { z } from 'zod';
import { AuthError, ValidationError, type GatewayError } from './errors';
import { errorFromFailure, errorFromResponse, protocolErrorFromIssues, type ApiName } from './error-mapping';
import { classifyOperation, decideRetry, type OperationKind, type RetryPolicy } from './retry';
import { issuesOf } from './schema-issues';
import type { HttpMethod, HttpRequest, HttpResponse, Transport } from './transport';
import { coded } from '../../../src-shared/error-codes';
import { gatewayAddressProblem } from '../../../src-shared/gateway/addresses';

export interface GatewayEndpoints {
  /** Base address of the messaging interface (/mobile/*). */
  messagingUrl: string;
  /** Base address of the legacy interface (/rest/*, /api/*). */
  legacyUrl: string;
}

export interface GatewayTimeouts {
  /** Until response headers arrive. A 10000-recipient /rest/mtsms answers slowly, hence the generous default. */
  headersMs: number;
  /** Between two chunks of a response body. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<GatewayTimeouts> = { headersMs: 60_000, bodyMs: 30_000 };

export interface CallOptions {
  /** Cancels the call; a send cancelled after it went out is reported with maybeAccepted true. */
  signal?: AbortSignal;
}

export type ResponseKind<T> = { schema: z.ZodType<T> } | { bytes: true } | { empty: true };

export interface EndpointCall<T> {
  api: ApiName;
  method: HttpMethod;
  /** Path below the interface's base address, already percent-encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Already checked against its request schema. */
  body?: unknown;
  /** A body already serialised by a trusted internal builder (see legacy.sendBuiltMtsms); wins over `body`. */
  json?: string;
  response: ResponseKind<T>;
  /** Defaults to classifyOperation(method, path). */
  operation?: OperationKind;
}

/** What endpoint modules need from the client: perform one described call. */
export interface GatewayCaller {
  call<T>(c: EndpointCall<T>, options?: CallOptions): Promise<T>;
}

export interface RetryEvent {
  what: string;
  attempt: number;
  delayMs: number;
  why: string;
  error: GatewayError;
}

export interface CallerDeps {
  transport: Transport;
  /** Addresses and token, resolved at the start of every call (settings and vault may change between calls). */
  target: () => Promise<GatewayEndpoints & { token: string | null | undefined }>;
  timeouts: GatewayTimeouts;
  retry: RetryPolicy;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  onRetry?: (e: RetryEvent) => void;
  /**
   * Resolves when an answer (or a failure) may be handed on to the code that asked: the core's write gate, claimed to
   * the end of that turn (db/write-gate.ts turn), so what the caller writes on hearing it does not wait for an
   * import's save in SQLite's busy handler on the core's thread.
   */
  answered?: () => Promise<void>;
  userAgent: string;
}

/** Joins base address, path and query; refuses what the shared address rule refuses (plain http except to this computer). */
export function buildUrl(base: string, path: string, query: EndpointCall<unknown>['query'], api: ApiName): string {
  const label = api === 'messaging' ? 'messaging' : 'REST';
  const field = api === 'messaging' ? 'messagingUrl' : 'legacyUrl';
  const problem = gatewayAddressProblem(base);
  if (problem === 'invalid') {
    throw new ValidationError(`The gateway ${label} address "${base}" in Settings is not a valid web address.`, {
      maybeAccepted: false,
      fields: [{ path: [field], message: 'Not a valid web address' }],
      ...coded('gateway.badAddress', { label, address: base }),
    });
  }
  if (problem === 'notHttps') {
    throw new ValidationError(
      `The gateway ${label} address must start with https:// so the API token is never sent unencrypted.`,
      {
        maybeAccepted: false,
        fields: [{ path: [field], message: 'Must start with https://' }],
        ...coded('gateway.addressNotHttps', { label }),
      },
    );
  }
  const url = new URL(base);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

function parseBody<T>(c: EndpointCall<T>, what: string, operation: OperationKind, res: HttpResponse): T {
  const kind = c.response;
  if ('bytes' in kind) return res.body as T;
  if ('empty' in kind) return undefined as T;
  const text = new TextDecoder().decode(res.body);
  let json: unknown = undefined;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw protocolErrorFromIssues(what, operation, res.status, [{ path: [], message: 'the body is not JSON' }]);
    }
  }
  const parsed = kind.schema.safeParse(json);
  if (!parsed.success) throw protocolErrorFromIssues(what, operation, res.status, issuesOf(parsed.error));
  return parsed.data;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('cancelled');
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(t);
      reject(abortError(signal!));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createCaller(deps: CallerDeps): GatewayCaller {
  async function call<T>(c: EndpointCall<T>, options: CallOptions = {}): Promise<T> {
    const operation = c.operation ?? classifyOperation(c.method, c.path);
    const what = `${c.method} ${c.path}`;
    const target = await deps.target();
    const url = buildUrl(c.api === 'messaging' ? target.messagingUrl : target.legacyUrl, c.path, c.query, c.api);

    const token = target.token?.trim();
    if (!token) {
      throw new AuthError('No API token is set. Paste your API token from the gateway dashboard in Settings.', {
        maybeAccepted: false,
        ...coded('gateway.noToken'),
      });
    }
    if (/[\r\n\0]/.test(token)) {
      throw new AuthError('The API token contains line breaks. Copy it again from the gateway dashboard and paste it in Settings.', {
        maybeAccepted: false,
        ...coded('gateway.tokenLineBreaks'),
      });
    }

    const headers: Record<string, string> = {
      authorization: `Token ${token}`,
      accept: 'application/json',
      'user-agent': deps.userAgent,
    };
    const request: HttpRequest = {
      method: c.method,
      url,
      headers,
      headersTimeoutMs: deps.timeouts.headersMs,
      bodyTimeoutMs: deps.timeouts.bodyMs,
    };
    if (c.json !== undefined) {
      headers['content-type'] = 'application/json';
      request.body = c.json;
    } else if (c.body !== undefined) {
      headers['content-type'] = 'application/json';
      request.body = JSON.stringify(c.body);
    }
    if (options.signal) request.signal = options.signal;

    for (let attempt = 1; ; attempt++) {
      const outcome = await deps.transport.send(request);
      if (deps.answered) await deps.answered();
      let error: GatewayError;
      if (outcome.ok) {
        const res = outcome.response;
        if (res.status >= 200 && res.status < 300) return parseBody(c, what, operation, res);
        error = errorFromResponse({
          api: c.api,
          operation,
          what,
          status: res.status,
          headers: res.headers,
          body: res.body,
          nowMs: deps.now(),
        });
      } else {
        error = errorFromFailure(outcome.failure, operation);
      }
      if (options.signal?.aborted) throw error;
      const decision = decideRetry({ operation, attempt, error }, deps.retry, deps.random);
      if (!decision.retry) throw error;
      deps.onRetry?.({ what, attempt, delayMs: decision.delayMs, why: decision.why, error });
      try {
        await deps.sleep(decision.delayMs, options.signal);
      } catch {
        // Cancelled while waiting: the last attempt's error is the honest answer.
        throw error;
      }
    }
  }
  return { call };
}
