// The team server's transport: serves the renderer and carries the contract to other machines over one WebSocket per
// window, speaking TLS (plain HTTP only when bound to loopback without a certificate). Every request must name this
// server in Host, every bridge connection must come from one of its own pages (Origin); each connection is a Caller
// whose session is checked before every call; events go only to signed-in connections, narrowed by their `to`.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_MAX_CALL_FRAME_BYTES, BRIDGE_PATH, type Me, type WireAnswer, type WireEvent } from '../../src-shared/contract';
import { coded } from '../../src-shared/error-codes';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import type { Logger } from '../core/log';
import type { BoundSession, Caller } from '../core/team/caller';
import type { SessionEndReason, TeamModule } from '../core/team';
import { CallRate, DEFAULT_CALL_RATE, type CallRateLimits } from './call-rate';
import { contentSecurityPolicy } from './csp';
import { reaches } from './event-audience';
import { cachedNames, hostIsOurs, originIsOurs, ownNames, type NameSource, type ServerAddress } from './server-names';
import { refuse, serveStatic } from './static-files';
import { DEFAULT_STRANGER_LIMITS, StrangerLimits, type StrangerLimitSettings } from './stranger-limits';
import { SIGN_IN_CALLS } from '../../src-shared/team/session-answers';
import { byteLength, frameText, headOf, readCall, refuseFrame, unsendableAnswer } from './wire-frames';
import { oversizeRefusal } from './frame-limits';
import { DEFAULT_IN_FLIGHT, InFlight, type InFlightLimits } from './in-flight';
import { BRIDGE_DEFLATE } from './wire-compression';
import { cutAfterProtocolError } from './protocol-errors';
import { KEEP_ALIVE_MS } from './idle-connections';

export const HEALTH_PATH = '/health';
/** The largest frame a connection that has not signed in may send (a sign-in is a few hundred bytes). */
export const STRANGER_MAX_FRAME_BYTES = 64 * 1024;

export interface TeamBridgeOptions {
  core: { dispatch: Dispatch; events: EventBus; team: Pick<TeamModule, 'sessions' | 'connections' | 'recordFlood'> };
  log: Logger;
  staticDir: string;
  /** The address to bind: 127.0.0.1 (this PC only), 0.0.0.0 (every interface) or one interface's address. */
  host: string;
  port: number;
  /** The certificate and key; null serves plain HTTP, allowed only on loopback. */
  tls: { cert: string; key: string; dnsNames?: readonly string[] } | null;
  version: string;
  /**
   * Calls per connection, the largest frame (any call's; each call's own limit is checked too), what one connection
   * may have in hand, and what connections not signed in may cost (stranger-limits.ts).
   */
  limits?: { callRate?: CallRateLimits; maxFrameBytes?: number; inFlight?: InFlightLimits; strangers?: Partial<StrangerLimitSettings> };
  /** The computer's names and addresses (tests give fixed ones). */
  names?: NameSource;
}

export interface TeamBridge {
  scheme: 'https' | 'http';
  port: number;
  /** The connections open now (signed in or not). */
  connections(): number;
  close(): Promise<void>;
}

/** One window's connection. */
interface Connection {
  ws: WebSocket;
  id: string;
  address: string;
  user: Me | null;
  sessionId: string | null;
  rate: CallRate;
  /** Not signed in, so counted against the strangers' limits. */
  stranger: boolean;
  /** Was signed in before on this connection: its sign-ins are not held back by the strangers' limits. */
  known: boolean;
  inFlight: InFlight;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host);
}

export async function startTeamBridge(o: TeamBridgeOptions): Promise<TeamBridge> {
  if (!o.tls && !isLoopback(o.host)) throw new Error(`A Besked server that listens on ${o.host} speaks only TLS: give it a certificate.`);
  const { dispatch, events, team } = o.core;
  const scheme = o.tls ? 'https' : 'http';
  const at: ServerAddress = { scheme, port: o.port };
  const names = cachedNames(() => ownNames({ bindHost: o.host, certNames: o.tls?.dnsNames }, o.names));
  const conns = new Map<string, Connection>();
  const limits = { callRate: DEFAULT_CALL_RATE, maxFrameBytes: BRIDGE_MAX_CALL_FRAME_BYTES, inFlight: DEFAULT_IN_FLIGHT, ...o.limits };
  const strangers = new StrangerLimits({ ...DEFAULT_STRANGER_LIMITS, ...o.limits?.strangers }, (flood) => {
    o.log.warn('sign-in flood held back', { ...flood });
    team.recordFlood(flood);
  });

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!hostIsOurs(req.headers.host, names(), at)) {
      o.log.warn('request for another host refused', { host: req.headers.host, address: addressOf(req) });
      return refuse(res, 421, 'Wrong host');
    }
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path === HEALTH_PATH) return void answerHealth(req, res).catch(() => refuse(res, 500, 'Health check failed'));
    const csp = contentSecurityPolicy({ connectSelfWebSocket: false, connectTo: `${scheme === 'https' ? 'wss' : 'ws'}://${req.headers.host}` });
    void serveStatic(o.staticDir, req, res, csp).catch(() => refuse(res, 500, 'Could not read the app files'));
  };
  const server: Server = o.tls ? createHttpsServer({ cert: o.tls.cert, key: o.tls.key, minVersion: 'TLSv1.2' }, onRequest) : createHttpServer(onRequest);
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  /** `{ok, version, setupNeeded}` and nothing else: a monitor needs no more, and a stranger learns no more. */
  const answerHealth = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed');
    const status = await dispatch('team.status', {}, anonymous(addressOf(req)));
    const setupNeeded = status.ok ? (status.value as { setupNeeded: boolean }).setupNeeded : false;
    const body = JSON.stringify({ ok: status.ok, version: o.version, setupNeeded });
    res.writeHead(status.ok ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }).end(body);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes, perMessageDeflate: BRIDGE_DEFLATE });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    const ok = path === BRIDGE_PATH && hostIsOurs(req.headers.host, names(), at) && originIsOurs(req.headers.origin, names(), at);
    if (!ok) {
      o.log.warn('bridge connection refused', { host: req.headers.host, origin: req.headers.origin, path, address: addressOf(req) });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const address = addressOf(req);
    // Refused before the TLS session turns into a WebSocket: a flood's extra connections cost no more than this.
    if (!strangers.connect(address)) return void socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 10\r\nContent-Length: 0\r\n\r\n');
    // A handshake that fails (a bad key, a socket that goes) gives its place back, or junk would fill the limits.
    let handedOver = false;
    socket.once('close', () => {
      if (!handedOver) strangers.release(address);
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      handedOver = true;
      opened(ws, address);
    });
  });

  const opened = (ws: WebSocket, address: string) => {
    const conn: Connection = {
      ws,
      id: randomBytes(12).toString('base64url'),
      address,
      user: null,
      sessionId: null,
      rate: new CallRate(limits.callRate),
      stranger: true,
      known: false,
      inFlight: new InFlight(ws, limits.inFlight),
    };
    conns.set(conn.id, conn);
    ws.on('close', () => {
      conns.delete(conn.id);
      if (conn.stranger) strangers.release(conn.address);
      team.connections.closed(conn.id);
    });
    cutAfterProtocolError(ws);
    ws.on('message', (data, isBinary) => {
      // Before signing in a window sends a few small calls; a stranger's bulk is cut off, not parsed.
      const bytes = byteLength(data);
      if (!conn.user && bytes > STRANGER_MAX_FRAME_BYTES) return ws.close(1009, 'Sign in first');
      // Larger than its call takes: refused from its first bytes, never turned into text or parsed.
      const tooLarge = isBinary ? null : oversizeRefusal(headOf(data), bytes);
      if (tooLarge) return send(conn, tooLarge);
      // handleMessage answers every outcome itself; a throw here would be an unhandled rejection, which ends a server.
      conn.inFlight
        .run(bytes, () => handleMessage(conn, isBinary ? null : data.toString()))
        .catch((err: unknown) => o.log.error('bridge frame not answered', { err }));
    });
  };

  const handleMessage = async (conn: Connection, text: string | null) => {
    const read = readCall(text);
    let answer: WireAnswer;
    // Every frame counts, readable or not: junk must not be a way around the limit.
    if (!conn.rate.take()) answer = 'call' in read ? refuseFrame(read.call, tooManyCalls()) : { ...read.refusal, result: { ok: false, error: tooManyCalls() } };
    else if (!('call' in read)) answer = read.refusal;
    else if (conn.stranger && SIGN_IN_CALLS.includes(read.call.name) && !strangers.signIn(conn.address, conn.known)) answer = refuseFrame(read.call, tooManySignIns());
    else {
      // A session ended since the last call (expired, signed out elsewhere): this call is made as no one.
      if (conn.sessionId) checkSession(conn);
      answer = { id: read.call.id, result: await dispatch(read.call.name, read.call.input, callerOf(conn, bound)) };
    }
    send(conn, answer);
  };

  const checkSession = (conn: Connection) => {
    const me = conn.sessionId ? team.sessions.check(conn.sessionId) : null;
    if (me) conn.user = me;
    else if (conn.sessionId) endSession(conn, 'expired');
  };

  const endSession = (conn: Connection, reason: SessionEndReason) => {
    bound(conn, null);
    const frame: WireEvent = { event: 'team.sessionEnded', payload: { reason } };
    send(conn, frame);
  };

  /** Binds or unbinds a session; a connection signing in leaves the strangers, one signing out joins them again. */
  const bound = (conn: Connection, session: BoundSession | null) => {
    conn.sessionId = session?.id ?? null;
    conn.user = session?.user ?? null;
    if (session && conn.stranger) {
      conn.stranger = false;
      conn.known = true;
      strangers.release(conn.address);
      strangers.signedInFrom(conn.address);
    } else if (!session && !conn.stranger) {
      conn.stranger = true;
      strangers.rejoin(conn.address);
    }
  };

  const stopEnded = team.sessions.onEnded(({ sessionIds, reason }) => {
    const ended = new Set(sessionIds);
    for (const conn of conns.values()) if (conn.sessionId && ended.has(conn.sessionId)) endSession(conn, reason);
  });

  const stopEvents = events.subscribe((message) => {
    let text: string | null = null;
    for (const conn of conns.values()) {
      if (!reaches(message.to, { connectionId: conn.id, user: conn.user })) continue;
      text ??= frameText({ event: message.name, payload: message.payload });
      if (text !== null && conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  at.port = (server.address() as AddressInfo).port;

  return {
    scheme,
    port: at.port,
    connections: () => conns.size,
    close: async () => {
      stopEvents();
      stopEnded();
      strangers.flush();
      // Going away (1001): the page reconnects to the server when it is back, as after a restart.
      for (const conn of conns.values()) conn.ws.close(1001, 'Besked server stopping');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const conn of conns.values()) conn.ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The connection as the dispatcher's caller; bind() (sign-in, resume, sign-out) changes the connection and the call. */
function callerOf(conn: Connection, bound: (conn: Connection, session: BoundSession | null) => void): Caller {
  const caller: Caller = {
    kind: 'remote',
    user: conn.user,
    sessionId: conn.sessionId,
    connectionId: conn.id,
    address: conn.address,
    bind(session) {
      bound(conn, session);
      caller.user = conn.user;
      caller.sessionId = conn.sessionId;
    },
  };
  return caller;
}

function anonymous(address: string): Caller {
  return { kind: 'remote', user: null, sessionId: null, connectionId: null, address };
}

function send(conn: Connection, frame: WireAnswer | WireEvent) {
  if (conn.ws.readyState !== conn.ws.OPEN) return;
  const text = frameText(frame) ?? ('id' in frame ? unsendableAnswer(frame.id) : null);
  if (text !== null) conn.ws.send(text);
}

function addressOf(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

function tooManySignIns() {
  const retryAfterS = 10;
  return { kind: 'rate_limited' as const, message: `Too many sign-ins from this network address. Wait ${retryAfterS} seconds, then try again.`, retryAfterS, ...coded('remote.tooManySignIns', { seconds: retryAfterS }) };
}

function tooManyCalls() {
  return { kind: 'rate_limited' as const, message: 'This window sent too many requests at once. Wait a moment and try again.', retryAfterS: 1, ...coded('remote.tooManyCalls') };
}
