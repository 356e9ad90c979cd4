// The HTTP edge of one platform: connection cap, body limit, fault injection, routing, authentication and replies.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkLegacy, checkTokenOnly, credentialsFrom } from './auth';
import type { FaultAction } from './faults';
import { LegacyError, legacyErrorReply } from './legacy-errors';
import type { Platform } from './platform';
import { mediaType, parseForm } from './request-body';
import { ReplyError, type Reply, type Route, type RouteContext, type Router } from './routing';

export interface ServerOptions {
  host: string;
  port: number;
  /** Larger request bodies get 413. */
  maxBodyBytes: number;
  /** Connections beyond this many from one address get 429 and are closed. */
  maxConnectionsPerAddress: number;
  log: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

type Family = 'messaging' | 'control' | 'legacy';

function familyOf(path: string): Family {
  if (path === '/mobile' || path.startsWith('/mobile/')) return 'messaging';
  if (path === '/_sim' || path.startsWith('/_sim/')) return 'control';
  return 'legacy';
}

/** An error reply in the style of the interface the path belongs to. */
function errorReply(family: Family, status: number, message: string, legacy: LegacyError, headers?: Record<string, string>): Reply {
  if (family === 'legacy') return legacyErrorReply(legacy, headers);
  const body = family === 'messaging' ? { detail: message } : { error: message };
  return headers ? { status, body, headers } : { status, body };
}

const AUTH_MESSAGE = 'Invalid or missing API token. Send the header "Authorization: Token <API token>" with a token of this platform.';

function normaliseAddress(a: string | undefined): string {
  if (!a) return 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}


export async function startServer(platform: Platform, router: Router, opts: ServerOptions): Promise<RunningServer> {
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();

  const server: Server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    if (refused.has(req.socket)) {
      req.resume();
      return;
    }
    handle(req, res).catch((err: unknown) => {
      opts.log(`simulator: request failed: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'Internal simulator error' }));
      }
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;

  server.on('connection', (socket: Socket) => {
    const addr = normaliseAddress(socket.remoteAddress);
    const n = (open.get(addr) ?? 0) + 1;
    if (n > opts.maxConnectionsPerAddress) {
      refused.add(socket);
      const body = JSON.stringify({
        code: '0x0404',
        incident_uuid: randomUUID(),
        message: 'Too many open connections from %1; at most %2 are allowed',
        variables: [addr, String(opts.maxConnectionsPerAddress)],
      });
      socket.on('error', () => undefined);
      socket.end(
        'HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nConnection: close\r\nRetry-After: 1\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    open.set(addr, n);
    platform.stats.connectionOpened();
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left <= 0) open.delete(addr);
      else open.set(addr, left);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sim.invalid');
    } catch {
      url = new URL('http://sim.invalid/');
    }
    const path = url.pathname;
    const family = familyOf(path);
    const match = router.match(method, path);
    platform.stats.count(match.kind === 'found' ? `${method} ${match.route.path}` : `${method} (no route)`, family === 'control');

    const fault: FaultAction | null = family === 'control' ? null : platform.faults.decide(method, path);
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    if (fault?.drop === 'before') {
      req.socket.destroy();
      return;
    }

    const read = await readBody(req, opts.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'aborted') return;
      const reply = errorReply(family, 413, `Request body too large: at most ${opts.maxBodyBytes} bytes are accepted`, new LegacyError('bodyTooLarge', [opts.maxBodyBytes]));
      send(res, { ...reply, headers: { ...reply.headers, connection: 'close' } });
      return;
    }

    if (fault?.status !== undefined) {
      const headers: Record<string, string> = {};
      if (fault.status === 429 || fault.status === 503) headers['retry-after'] = String(fault.retryAfterS ?? 1);
      const reply = errorReply(
        family,
        fault.status,
        `Simulated fault (status ${fault.status})`,
        new LegacyError('simulatedFault', [fault.status], fault.status),
        headers,
      );
      send(res, reply);
      return;
    }

    let reply: Reply;
    if (match.kind === 'none') {
      reply = errorReply(family, 404, 'Not Found', new LegacyError('noSuchEndpoint', [path]));
    } else if (match.kind === 'wrong-method') {
      reply = errorReply(family, 405, 'Method Not Allowed', new LegacyError('methodNotAllowed', [method, path]), {
        allow: match.allowed.join(', '),
      });
    } else {
      const ctx: RouteContext = { platform, method, path, query: url.searchParams, headers: req.headers, body: read.body, params: match.params };
      reply = await dispatch(match.route, ctx, family);
    }

    // Processed already: a client that gives up while the answer is held back cannot tell it was accepted.
    if (fault?.answerLatencyMs) await sleep(fault.answerLatencyMs);
    if (fault?.drop === 'after') {
      // Processed, but the client never hears: the case a client cannot tell from a lost request.
      req.socket.destroy();
      return;
    }
    if (fault?.body !== undefined) {
      reply = { status: fault.bodyStatus ?? reply.status, headers: { 'content-type': 'application/json' }, body: fault.body };
    }
    send(res, reply);
  }

  async function dispatch(route: Route, ctx: RouteContext, family: Family): Promise<Reply> {
    try {
      const auth = await authenticate(route, ctx);
      if (auth) return auth;
      return await route.handler(ctx);
    } catch (err) {
      if (err instanceof LegacyError) return legacyErrorReply(err);
      if (err instanceof ReplyError) return err.reply;
      // Bad input must never end here; if it does, the log says where.
      opts.log(`simulator: handler for ${route.method} ${route.path} failed: ${(err as Error).stack ?? String(err)}`);
      return errorReply(family, 500, 'Internal simulator error', new LegacyError('internal', [(err as Error).message]));
    }
  }

  async function authenticate(route: Route, ctx: RouteContext): Promise<Reply | null> {
    if (route.auth === 'none') return null;
    const creds = credentialsFrom(ctx.headers);
    if (route.auth === 'messaging' || route.auth === 'control') {
      if (checkTokenOnly(creds, platform.token) === 'ok') return null;
      return route.auth === 'messaging' ? { status: 403, body: { detail: AUTH_MESSAGE } } : { status: 403, body: { error: AUTH_MESSAGE } };
    }
    let paramToken = ctx.query.get('token') ?? undefined;
    if (paramToken === undefined && creds.token === undefined && creds.basicUser === undefined) {
      const type = mediaType(ctx.headers);
      if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
        const pairs = await parseForm(ctx.body, ctx.headers['content-type'] ?? '').catch(() => []);
        paramToken = pairs.find(([k]) => k === 'token')?.[1];
      }
    }
    if (checkLegacy(creds, paramToken, platform.token) === 'ok') return null;
    return legacyErrorReply(new LegacyError('invalidToken', [], route.auth === 'legacy-401' ? 401 : 403));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const headers: Record<string, string | number> = { ...reply.headers };
  let payload: Buffer | string | undefined;
  if (reply.body === undefined) payload = undefined;
  else if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) payload = reply.body;
  else {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json';
  }
  if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
  else if (reply.status !== 204 && reply.status !== 304) headers['content-length'] = 0;
  res.writeHead(reply.status, headers);
  res.end(payload);
}

type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/** Reads the whole body; past the limit it keeps draining (so the client can read the 413) up to a hard stop. */
function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    const hardStop = limit * 4;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (size > hardStop) {
          req.socket.destroy();
          resolve({ ok: false, reason: 'aborted' });
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks, size) }));
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ ok: false, reason: 'aborted' });
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
