// The desktop app's pinned link to a Besked server: one WebSocket over TLS whose certificate must have the pinned
// SHA-256 fingerprint before anything is sent (checked in the 'upgrade' event, ahead of the first frame); the
// session token travels only in the first frame (team.resume), never in the URL or a header. It re-sends the
// server's events to the window, keeps the session token in the vault, reconnects with backoff, and while the
// server is away answers every call with a coded error at once: nothing is queued here that could be lost.
import type { TLSSocket } from 'node:tls';
import { isIP } from 'node:net';
import WebSocket from 'ws';
import { BRIDGE_MAX_MESSAGE_BYTES, BRIDGE_PATH, WireAnswer, WireEvent, type EventMessage, type ServerCertificate, type WireCall } from '../../../src-shared/contract';
import type { AppError, Result } from '../../../src-shared/errors';
import { coded } from '../../../src-shared/error-codes';
import { SIGN_IN_CALLS, sessionChange } from '../../../src-shared/team/session-answers';
import { BeskedError } from '../errors';
import type { Logger } from '../log';
import type { SecretKey, TokenVault } from '../secrets/vault';
import { describeCertificate, serverAddress, unreachable } from './probe';
import type { PinnedServer } from './remote-file';

/** Where a Besked server takes the contract's WebSocket (bridge/team-server.ts). */

export type LinkState = 'connecting' | 'connected' | 'unreachable' | 'certificateChanged';

export interface LinkTimings {
  /** The first wait before reconnecting; it doubles after each failure up to maxMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often a quiet link is pinged, and how long a ping may go unanswered before the link counts as broken. */
  heartbeatMs?: number;
  handshakeMs?: number;
}

export interface ServerLinkOptions extends LinkTimings {
  server: PinnedServer;
  vault: TokenVault;
  log: Logger;
  /** Every event the server sends this connection, to re-emit to the window. */
  onEvent(message: EventMessage): void;
  /** Each change of the link's state; `presented` is the foreign certificate when it is certificateChanged. */
  onState(state: LinkState, presented: ServerCertificate | null): void;
}

export const sessionKey = (url: string): SecretKey => `team-session:${url}`;

export class ServerLink {
  private ws: WebSocket | null = null;
  private state: LinkState = 'connecting';
  private presentedCert: ServerCertificate | null = null;
  private closed = false;
  private failures = 0;
  private nextId = 1;
  private readonly pending = new Map<number, (r: Result<unknown>) => void>();
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Resolves once the link leaves `connecting`, for the calls made meanwhile. */
  private settled: Promise<void>;
  private settle: () => void = () => undefined;
  /** The session this link resumes after a reconnect (the vault's copy survives a restart). */
  private token: string | null = null;

  constructor(private readonly o: ServerLinkOptions) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  get server(): PinnedServer {
    return this.o.server;
  }
  get linkState(): LinkState {
    return this.state;
  }
  get presented(): ServerCertificate | null {
    return this.presentedCert;
  }

  async start(): Promise<void> {
    try {
      this.token = await this.o.vault.get(sessionKey(this.o.server.url));
    } catch (err) {
      // A locked keychain: sign in again rather than not connect at all.
      this.o.log.warn('the server session could not be read from the keychain', { err });
    }
    this.connect();
  }

  /** One contract call over the link; the answer to a sign-in keeps its token here and hands the window the rest. */
  async call(name: unknown, input: unknown): Promise<Result<unknown>> {
    if (this.state === 'connecting') await this.settled;
    const ws = this.ws;
    if (this.state !== 'connected' || !ws || ws.readyState !== WebSocket.OPEN) return { ok: false, error: this.downError() };
    const result = await this.send(ws, name, input);
    return typeof name === 'string' ? this.keepSession(name, result) : result;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopHeartbeat();
    const ws = this.ws;
    this.ws = null;
    this.settle();
    this.failPending();
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.terminate();
    });
  }

  private connect() {
    if (this.closed) return;
    const address = serverAddress(this.o.server.url);
    const wsUrl = `wss://${address.url.slice('https://'.length)}${BRIDGE_PATH}`;
    const ws = new WebSocket(wsUrl, {
      // The server checks Origin against its own names, as web mode does; the link speaks as the server's own page.
      origin: this.o.server.url,
      // The pin below replaces an authority: a self-signed certificate is the normal case.
      rejectUnauthorized: false,
      ...(isIP(address.host) ? {} : { servername: address.host }),
      maxPayload: BRIDGE_MAX_MESSAGE_BYTES,
      handshakeTimeout: this.o.handshakeMs ?? 10_000,
      perMessageDeflate: false,
    });
    this.ws = ws;
    let refused = false;
    ws.on('upgrade', (res) => {
      const socket = res.socket as TLSSocket;
      const cert = socket.getPeerCertificate?.();
      if (cert?.fingerprint256 === this.o.server.fingerprint) return;
      // Before the first frame: the server never hears the session token, nor anything else.
      refused = true;
      this.presentedCert = describeCertificate(this.o.server.url, cert, socket.authorized);
      this.o.log.warn('the Besked server shows a different certificate than the pinned one; nothing sent', {
        url: this.o.server.url,
        pinned: this.o.server.fingerprint,
        presented: cert?.fingerprint256 ?? null,
      });
      ws.terminate();
    });
    ws.on('open', () => void this.opened(ws));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.received(data.toString());
    });
    ws.on('pong', () => (this.alive = true));
    ws.on('error', (err) => {
      if (!refused) this.o.log.info('the link to the Besked server failed', { url: this.o.server.url, err: err.message });
    });
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopHeartbeat();
      this.failPending();
      if (this.closed) return;
      if (refused) return this.setState('certificateChanged');
      this.setState('unreachable');
      this.scheduleRetry();
    });
  }

  private async opened(ws: WebSocket) {
    this.failures = 0;
    this.startHeartbeat(ws);
    if (this.token) {
      // The first frame: the token, so the server binds this connection to the session signed in earlier.
      const resumed = await this.send(ws, 'team.resume', { token: this.token });
      if (!resumed.ok) await this.keepSession('team.resume', resumed);
    }
    if (this.ws === ws && ws.readyState === WebSocket.OPEN) {
      this.presentedCert = null;
      this.setState('connected');
    }
  }

  private send(ws: WebSocket, name: unknown, input: unknown): Promise<Result<unknown>> {
    const id = this.nextId++;
    const frame: WireCall = { id, name: typeof name === 'string' ? name : String(name), ...(input === undefined ? {} : { input }) };
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      ws.send(JSON.stringify(frame), (err) => {
        if (err && this.pending.delete(id)) resolve({ ok: false, error: this.lostError() });
      });
    });
  }

  private received(text: string) {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return this.o.log.warn('the Besked server sent a frame that is not JSON');
    }
    const event = WireEvent.safeParse(frame);
    if (event.success && (frame as { event?: unknown }).event !== undefined) {
      if (event.data.event === 'team.sessionEnded') void this.forget();
      this.o.onEvent({ name: event.data.event, payload: event.data.payload } as EventMessage);
      return;
    }
    const answer = WireAnswer.safeParse(frame);
    if (!answer.success || typeof answer.data.id !== 'number') return;
    const resolve = this.pending.get(answer.data.id);
    if (!resolve) return;
    this.pending.delete(answer.data.id);
    resolve(answer.data.result as Result<unknown>);
  }

  /** What the answer changes of the kept session; the token itself never goes on to the window. */
  private async keepSession(name: string, result: Result<unknown>): Promise<Result<unknown>> {
    const change = sessionChange(name, result);
    if (change === 'ended') await this.forget();
    else if (change) {
      this.token = change.token;
      try {
        await this.o.vault.set(sessionKey(this.o.server.url), change.token);
      } catch (err) {
        this.o.log.warn('the server session could not be kept in the keychain; sign in again after a restart', { err });
      }
    }
    if (result.ok && SIGN_IN_CALLS.includes(name)) {
      const value = result.value as { session: { token?: string; expiresAt: string } };
      return { ok: true, value: { ...value, session: { expiresAt: value.session.expiresAt } } };
    }
    return result;
  }

  private async forget() {
    this.token = null;
    try {
      await this.o.vault.delete(sessionKey(this.o.server.url));
    } catch (err) {
      this.o.log.warn('the ended server session could not be removed from the keychain', { err });
    }
  }

  private alive = true;
  private startHeartbeat(ws: WebSocket) {
    this.stopHeartbeat();
    this.alive = true;
    // A server PC switched off mid-conversation sends no close: an unanswered ping is how the link learns of it.
    this.heartbeat = setInterval(() => {
      if (!this.alive) return ws.terminate();
      this.alive = false;
      ws.ping();
    }, this.o.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }
  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private scheduleRetry() {
    const first = this.o.firstRetryMs ?? 500;
    const wait = Math.min(this.o.maxRetryMs ?? 30_000, first * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  private setState(state: LinkState) {
    if (state !== 'connecting') this.settle();
    if (this.state === state) return;
    this.state = state;
    this.o.onState(state, this.presentedCert);
  }

  private failPending() {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of waiting) resolve({ ok: false, error: this.lostError() });
  }

  private downError(): AppError {
    const url = this.o.server.url;
    if (this.state === 'certificateChanged') {
      return new BeskedError('auth', `The server at ${url} shows a different certificate than the one this PC trusts, so Besked sent it nothing.`, coded('remote.certificateChanged', { url })).toValue();
    }
    return unreachable(url).toValue();
  }

  private lostError(): AppError {
    const url = this.o.server.url;
    return new BeskedError('network', `The connection to the Besked server at ${url} broke before it answered. Look whether it was done before you try again.`, coded('remote.connectionLost', { url })).toValue();
  }
}
