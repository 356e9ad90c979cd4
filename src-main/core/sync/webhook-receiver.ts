// The optional local webhook listener (off by default): verifies each request's signature, refuses forged, replayed and
// oversized ones, and feeds statuses and incoming texts into the same pipelines as the pollers.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  IncomingSmsCallback,
  LegacyDeliveryCallback,
  parseWebhookEvent,
  verifyLegacySignature,
  verifyMessagingSignature,
  type HeaderBag,
} from '../gateway';
import type { Logger } from '../log';
import type { ReplayGuard } from './replay-guard';

export const WEBHOOK_PATHS = { messaging: '/webhooks/messaging', legacy: '/webhooks/legacy' } as const;
/** Status events and incoming texts are small; anything bigger is not from the gateway. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

export interface WebhookSinks {
  /** A messaging-interface status event: msg_id, recipient, status, error, time. */
  messagingStatus(e: { msgId: string; recipient: number; reference: string | null; status: string; error: string | null; code: string | null; at: number; channel: 'sms' | 'rcs' }): Promise<void> | void;
  legacyStatus(c: LegacyDeliveryCallback): Promise<void> | void;
  incoming(c: IncomingSmsCallback): Promise<void> | void;
}

export interface WebhookReceiverOptions {
  port: number;
  host?: string;
  secrets: () => Promise<{ messaging: string | null; legacy: string | null }>;
  /**
   * Resolves when a verified request may be written: the core's write gate claimed to the end of that turn
   * (db/write-gate.ts turn), so the replay record and the sinks' writes do not wait for an import's save in SQLite's
   * busy handler on the core's thread.
   */
  writes?: () => Promise<void>;
  replay: ReplayGuard;
  sinks: WebhookSinks;
  log: Logger;
  maxBodyBytes?: number;
}

type Reply = { status: number; body: Record<string, unknown> };

const refuse = (status: number, error: string): Reply => ({ status, body: { error } });

const sha256 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

export class WebhookReceiver {
  private server: Server | null = null;
  private boundPort: number | null = null;
  accepted = 0;
  refused = 0;

  constructor(private readonly o: WebhookReceiverOptions) {}

  /** The port the next start() listens on. */
  setPort(port: number): void {
    this.o.port = port;
  }

  get port(): number | null {
    return this.boundPort;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  async start(): Promise<number> {
    if (this.server) return this.boundPort!;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.o.log.error('webhook request failed', { err });
        if (!res.headersSent) send(res, refuse(500, 'Besked could not process this request.'));
      });
    });
    server.headersTimeout = 10_000;
    server.requestTimeout = 15_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.o.port, this.o.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
    return this.boundPort;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    this.boundPort = null;
    if (!s) return;
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://receiver.invalid').pathname.replace(/\/+$/, '');
    const kind = path === WEBHOOK_PATHS.messaging ? 'messaging' : path === WEBHOOK_PATHS.legacy ? 'legacy' : null;
    let reply: Reply;
    if (!kind) reply = refuse(404, 'Not a Besked webhook address.');
    else if ((req.method ?? 'GET').toUpperCase() !== 'POST') reply = refuse(405, 'Webhooks are POST requests.');
    else {
      const body = await readBody(req, this.o.maxBodyBytes ?? MAX_WEBHOOK_BODY_BYTES);
      if (body === 'too-large') {
        reply = refuse(413, 'The request body is larger than any gateway webhook.');
        res.setHeader('connection', 'close');
      } else if (body === 'aborted') return;
      else reply = kind === 'messaging' ? await this.messaging(body, req.headers) : await this.legacy(body, req.headers);
    }
    if (reply.status >= 200 && reply.status < 300 && reply.body['duplicate'] !== true) this.accepted++;
    else this.refused++;
    if (reply.status >= 400) this.o.log.warn('webhook refused', { path, status: reply.status, error: reply.body['error'] });
    send(res, reply);
  }

  private async messaging(raw: Buffer, headers: HeaderBag): Promise<Reply> {
    const secret = (await this.o.secrets()).messaging;
    if (!secret) return refuse(401, 'No messaging webhook secret is set in Besked, so the request cannot be trusted.');
    const v = verifyMessagingSignature(raw, headers, secret);
    if (!v.ok) return refuse(401, v.message);
    const json = parseJson(raw);
    if (json === undefined) return refuse(400, 'The body is not JSON.');
    const parsed = parseWebhookEvent(json);
    if (!parsed.ok) return refuse(400, `The event does not have the documented shape: ${parsed.issues[0]?.message ?? 'invalid'}`);
    const ev = parsed.event;
    if (this.o.replay.tooOld(Date.parse(ev.envelope.timestamp))) return refuse(400, 'The event is too old to be told apart from a replay.');
    const key = `messaging:${ev.envelope.event_id}`;
    await this.o.writes?.();
    if (!this.o.replay.firstTime(key)) return { status: 200, body: { duplicate: true } };
    try {
      if (ev.type === 'message.status.sms' || ev.type === 'message.status.rcs') {
        const s = ev.status;
        const err = ev.type === 'message.status.sms' ? ev.status.error : null;
        await this.o.sinks.messagingStatus({
          msgId: s.msg_id,
          recipient: s.recipient,
          reference: s.reference ?? null,
          status: s.status,
          error: err?.details ?? null,
          code: err?.hex_code ?? null,
          at: Date.parse(s.status_at),
          channel: ev.type === 'message.status.sms' ? 'sms' : 'rcs',
        });
      }
      // user-message.* and later event types: acknowledged, as the spec asks, and left alone.
    } catch (err) {
      this.o.replay.forget(key);
      throw err;
    }
    return { status: 200, body: { ok: true } };
  }

  private async legacy(raw: Buffer, headers: HeaderBag): Promise<Reply> {
    const secret = (await this.o.secrets()).legacy;
    if (!secret) return refuse(401, 'No legacy webhook authentication text is set in Besked, so the request cannot be trusted.');
    const v = await verifyLegacySignature(headers, secret);
    if (!v.ok) return refuse(401, v.message);
    const json = parseJson(raw);
    if (json === undefined || typeof json !== 'object' || json === null || Array.isArray(json)) return refuse(400, 'The body is not a JSON object.');
    const body = json as Record<string, unknown>;
    // The token signs the callback's fields: a body that says something else, or more than the token signed (a
    // field added next to a captured token), was not written by the gateway.
    const claims = v.value as Record<string, unknown>;
    for (const [k, value] of Object.entries(body)) {
      if (!Object.hasOwn(claims, k)) return refuse(401, `The signed token does not cover the body's field ${k}.`);
      if (JSON.stringify(value) !== JSON.stringify(claims[k])) return refuse(401, `The signed token does not match the body (${k}).`);
    }
    const token = headerValue(headers, 'x-gwapi-signature') ?? headerValue(headers, 'x-service-signature') ?? '';
    const key = `legacy:${sha256(token, '\n', raw)}`;
    await this.o.writes?.();
    if (!this.o.replay.firstTime(key)) return { status: 200, body: { duplicate: true } };
    try {
      if ('receiver' in body && 'message' in body) {
        const c = IncomingSmsCallback.safeParse(body);
        if (!c.success) {
          this.o.replay.forget(key);
          return refuse(400, 'The incoming-SMS callback does not have the documented shape.');
        }
        await this.o.sinks.incoming(c.data);
      } else if ('status' in body) {
        const c = LegacyDeliveryCallback.safeParse(body);
        if (!c.success) {
          this.o.replay.forget(key);
          return refuse(400, 'The delivery callback does not have the documented shape.');
        }
        await this.o.sinks.legacyStatus(c.data);
      }
      // Refund and other callbacks: acknowledged; Besked does not act on them.
    } catch (err) {
      this.o.replay.forget(key);
      throw err;
    }
    return { status: 200, body: { ok: true } };
  }
}

function headerValue(h: HeaderBag, name: string): string | undefined {
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === name && v !== undefined) return typeof v === 'string' ? v : v.join(',');
  return undefined;
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const payload = JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** The whole body, or 'too-large' past the limit (the rest is drained so the sender can read the 413). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    // Declared too large: answered at once without reading; the connection closes after the answer.
    if (Number(req.headers['content-length'] ?? 0) > limit) return resolve('too-large');
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (size > limit * 4) {
          req.socket.destroy();
          resolve('aborted');
        }
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', () => resolve('aborted'));
    req.on('close', () => {
      if (!req.complete) resolve('aborted');
    });
  });
}
