// One window of a Besked server as the tests see it: a real WebSocket over TLS to the server's bridge, pinned to the
// server's certificate the way the desktop app pins it (fingerprint compared on upgrade, before any frame is sent),
// speaking the contract's wire frames. It records every frame both ways, so the token search can read them all.
import WebSocket from 'ws';
import type { TLSSocket } from 'node:tls';
import type { CallInput, CallName, CallOutput, EventName, EventPayload, WireAnswer, WireEvent } from '../../../src-shared/contract';
import type { AppError, Result } from '../../../src-shared/errors';

export interface TeamClient {
  /** The random id the harness gave it, for messages. */
  label: string;
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<Result<CallOutput<N>>>;
  /** Any frame at all, for the tests that send what no real window sends. */
  raw(frame: unknown): Promise<WireAnswer>;
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  events: WireEvent[];
  /** Waits for an event this window received from index `since` of `events` on (default: any so far) that matches. */
  waitForEvent<E extends EventName>(name: E, match?: (payload: EventPayload<E>) => boolean, o?: { timeoutMs?: number; since?: number }): Promise<EventPayload<E>>;
  /** Every frame sent and received, as text. */
  frames: string[];
  isOpen(): boolean;
  closed: Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** wss://127.0.0.1:port/path of the bridge. */
  url: string;
  /** The Origin header; a real window sends the server's own origin. */
  origin: string;
  /** The SHA-256 fingerprint (colon hex, as X509Certificate.fingerprint256) to pin; left out for plain ws. */
  fingerprint?: string;
  label: string;
  /** The address to connect from (127.0.0.2 … on loopback: another computer, as the server sees it). */
  localAddress?: string;
}

/** Opens a window's link; refuses (rejects) when the certificate is not the pinned one or the server says no. */
export async function connectClient(o: ConnectOptions): Promise<TeamClient> {
  const frames: string[] = [];
  const events: WireEvent[] = [];
  const waiting = new Map<string | number, (answer: WireAnswer) => void>();
  /** Frames without a readable id are answered with id null, in the order they were sent. */
  const unnamed: ((answer: WireAnswer) => void)[] = [];
  const eventWaiters = new Set<(e: WireEvent) => void>();
  let nextId = 1;

  const ws = new WebSocket(o.url, { origin: o.origin, rejectUnauthorized: false, maxPayload: 64 * 1024 * 1024, ...(o.localAddress ? { localAddress: o.localAddress } : {}) });
  await new Promise<void>((resolve, reject) => {
    ws.once('upgrade', (res) => {
      const socket = res.socket as TLSSocket;
      const presented = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate().fingerprint256 : undefined;
      if (o.fingerprint !== undefined && presented !== o.fingerprint) {
        ws.terminate();
        reject(new Error(`certificate changed: ${presented ?? 'none'} is not the pinned ${o.fingerprint}`));
      }
    });
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`bridge refused: ${res.statusCode ?? '?'}`)));
  });
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.on('error', () => undefined);
  ws.on('message', (data) => {
    const text = String(data as Buffer);
    frames.push(text);
    const frame = JSON.parse(text) as WireAnswer | WireEvent;
    if ('event' in frame) {
      events.push(frame);
      for (const w of [...eventWaiters]) w(frame);
      return;
    }
    const settle = frame.id === null ? unnamed.shift() : waiting.get(frame.id);
    if (frame.id !== null) waiting.delete(frame.id);
    settle?.(frame);
  });

  const send = (frame: unknown, id: string | number | null): Promise<WireAnswer> =>
    new Promise((resolve, reject) => {
      const text = JSON.stringify(frame);
      frames.push(text);
      if (id === null) unnamed.push(resolve);
      else waiting.set(id, resolve);
      ws.send(text, (err) => err && reject(err));
      void closed.then(() => reject(new Error(`${o.label}: the connection closed before answering ${text.slice(0, 80)}`)));
    });

  const client: TeamClient = {
    label: o.label,
    frames,
    events,
    closed,
    isOpen: () => ws.readyState === WebSocket.OPEN,
    async call(name, input) {
      const id = nextId++;
      return (await send({ id, name, input }, id)).result as never;
    },
    raw(frame) {
      const id: unknown = frame !== null && typeof frame === 'object' && !Array.isArray(frame) ? (frame as { id?: unknown }).id : null;
      return send(frame, typeof id === 'string' || typeof id === 'number' ? id : null);
    },
    async ok(name, input) {
      const r = await client.call(name, input);
      if (!r.ok) throw new Error(`${o.label}: ${name} failed: ${r.error.kind}: ${r.error.code ?? ''} ${r.error.message}`);
      return r.value;
    },
    async fails(name, input) {
      const r = await client.call(name, input);
      if (r.ok) throw new Error(`${o.label}: ${name} succeeded but should have failed`);
      return r.error;
    },
    waitForEvent(name, match = () => true, { timeoutMs = 10_000, since = 0 } = {}) {
      const hit = (e: WireEvent) => e.event === name && match(e.payload as never);
      const seen = events.slice(since).find(hit);
      if (seen) return Promise.resolve(seen.payload as never);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          eventWaiters.delete(w);
          reject(new Error(`${o.label}: no ${name} event within ${timeoutMs} ms`));
        }, timeoutMs);
        const w = (e: WireEvent) => {
          if (!hit(e)) return;
          clearTimeout(timer);
          eventWaiters.delete(w);
          resolve(e.payload as never);
        };
        eventWaiters.add(w);
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return client;
}
