// Web mode's server: serves the built renderer and carries the contract over one authenticated loopback
// WebSocket. Refuses any request whose Host is not our loopback address (DNS rebinding), and any bridge
// connection without the key or from a foreign Origin.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_MAX_CALL_FRAME_BYTES, BRIDGE_PATH, type WireAnswer, type WireEvent } from '../../src-shared/contract';
import { KEY_CHECK_PATH, type KeyCheckAnswer } from '../../src-shared/bridge-key-check';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import type { Logger } from '../core/log';
import { contentSecurityPolicy } from './csp';
import { refuse, serveStatic } from './static-files';
import { byteLength, frameText, headOf, readCall, unsendableAnswer } from './wire-frames';
import { oversizeRefusal } from './frame-limits';
import { InFlight } from './in-flight';
import { BRIDGE_DEFLATE } from './wire-compression';
import { cutAfterProtocolError } from './protocol-errors';
import { KEEP_ALIVE_MS } from './idle-connections';

export interface WebServerOptions {
  dispatch: Dispatch;
  events: EventBus;
  staticDir: string;
  port: number;
  log: Logger;
  /** The secret every bridge connection must present; random when not given. */
  key?: string;
}

export interface WebServer {
  url: string;
  port: number;
  key: string;
  close(): Promise<void>;
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const key = opts.key ?? randomBytes(24).toString('base64url');
  let origin = '';
  let host = '';
  const sockets = new Set<WebSocket>();

  const server: Server = createServer((req, res) => {
    if (req.headers.host !== host) return refuse(res, 421, 'Wrong host');
    const [path, query = ''] = (req.url ?? '/').split('?', 2);
    if (path === KEY_CHECK_PATH) return answerKeyCheck(req, res, new URLSearchParams(query).get('key') ?? '', key);
    void serveStatic(opts.staticDir, req, res, contentSecurityPolicy({ connectSelfWebSocket: true })).catch(() => refuse(res, 500, 'Could not read the app files'));
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  const wss = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_CALL_FRAME_BYTES, perMessageDeflate: BRIDGE_DEFLATE });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const ok =
      url.pathname === BRIDGE_PATH &&
      req.headers.host === host &&
      req.headers.origin === origin &&
      keyMatches(url.searchParams.get('key') ?? '', key);
    if (!ok) {
      opts.log.warn('bridge connection refused', { host: req.headers.host, origin: req.headers.origin, path: url.pathname });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });

  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    cutAfterProtocolError(ws);
    const inFlight = new InFlight(ws);
    ws.on('message', (data, isBinary) => {
      const bytes = byteLength(data);
      // Larger than its call takes: refused from its first bytes, never turned into text or parsed.
      const tooLarge = isBinary ? null : oversizeRefusal(headOf(data), bytes);
      if (tooLarge) return void (ws.readyState === ws.OPEN && ws.send(JSON.stringify(tooLarge)));
      // handleMessage answers every outcome itself; a throw here would be an unhandled rejection, which ends web mode.
      inFlight
        .run(bytes, () => handleMessage(ws, isBinary ? null : data.toString()))
        .catch((err: unknown) => opts.log.error('bridge frame not answered', { err }));
    });
  });

  const handleMessage = async (ws: WebSocket, text: string | null) => {
    const read = readCall(text);
    const answer: WireAnswer = 'call' in read ? { id: read.call.id, result: await opts.dispatch(read.call.name, read.call.input) } : read.refusal;
    if (ws.readyState === ws.OPEN) ws.send(frameText(answer) ?? unsendableAnswer(answer.id));
  };

  const unsubscribe = opts.events.subscribe((event) => {
    const frame: WireEvent = { event: event.name, payload: event.payload };
    const text = frameText(frame);
    if (text === null) return opts.log.error('event not sent: its payload cannot be written', { event: event.name });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;

  return {
    url: `${origin}/?key=${key}`,
    port,
    key,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function keyMatches(given: string, key: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Tells the page whether its key is this run's, so it can say "old link" rather than "not running". It reveals no
 * more than the bridge's own refusal does, and the Host check above keeps other sites' pages from asking. */
function answerKeyCheck(req: IncomingMessage, res: ServerResponse, given: string, key: string) {
  if (req.method !== 'GET') return refuse(res, 405, 'Method not allowed');
  const answer: KeyCheckAnswer = { valid: keyMatches(given, key) };
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }).end(JSON.stringify(answer));
}
