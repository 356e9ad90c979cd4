// Delivers webhook calls: signing, a 5-second answer deadline, and retries with exponential backoff on the simulated clock.
import { createHmac } from 'node:crypto';
import { Agent, request } from 'undici';
import { SignJWT } from 'jose';
import type { SimClock } from './clock';

/** Retry delays start here and double, up to MAX_DELAY_S, until HORIZON_S after the first attempt. */
export const RETRY = { firstDelayS: 10, maxDelayS: 3600, horizonS: 24 * 3600 } as const;

/** The delay before attempt `n + 1` after `n` failed attempts. */
export function retryDelayS(failedAttempts: number): number {
  return Math.min(RETRY.firstDelayS * 2 ** (failedAttempts - 1), RETRY.maxDelayS);
}

/** `Signature` header value of the messaging interface: v1=<hex HMAC-SHA-256 of the raw body>. */
export function messagingSignature(rawBody: string, secret: string): string {
  return 'v1=' + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** `X-Service-Signature` header value of the legacy interface: an HS256 JWT whose claims are the callback's fields. */
export async function legacySignature(fields: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(fields).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

export type WebhookKind = 'messaging' | 'legacy-status' | 'legacy-incoming' | 'legacy-refund' | 'email-status';

export interface OutgoingCall {
  kind: WebhookKind;
  url: string;
  body: string;
  headers: Record<string, string>;
  /**
   * Calls with the same key (one message's recipient) are attempted one after the other, in the order
   * queued, so a receiver sees one message's statuses in order unless a failed attempt lets a later one pass.
   */
  orderKey?: string;
}

export interface DeliveryRecord {
  id: number;
  kind: WebhookKind;
  url: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  /** An attempt is under way right now. */
  in_flight: boolean;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  first_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

interface Delivery {
  call: OutgoingCall;
  record: DeliveryRecord;
  firstAttemptAt: number | null;
}

export interface DispatcherOptions {
  /** Real milliseconds a receiver has to answer (the spec's 5 seconds). */
  timeoutMs: number;
  concurrency: number;
  /** How many finished deliveries the log keeps. */
  logSize: number;
}

export class WebhookDispatcher {
  private readonly agent: Agent;
  private readonly queue: Delivery[] = [];
  /** Keys with a call queued or in flight, and the calls waiting behind it. */
  private readonly ordered = new Map<string, Delivery[]>();
  private active = 0;
  private seq = 0;
  private closed = false;
  private readonly log: DeliveryRecord[] = [];
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly clock: SimClock,
    private readonly opts: DispatcherOptions = { timeoutMs: 5000, concurrency: 16, logSize: 2000 },
  ) {
    this.agent = new Agent({ connections: opts.concurrency, headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs });
  }

  /** Queues the first attempt now. */
  send(call: OutgoingCall): DeliveryRecord {
    const record: DeliveryRecord = {
      id: ++this.seq,
      kind: call.kind,
      url: call.url,
      body: call.body,
      state: 'pending',
      in_flight: false,
      attempts: 0,
      last_status: null,
      last_error: null,
      first_attempt_at: null,
      next_attempt_at: new Date(this.clock.now()).toISOString(),
      delivered_at: null,
    };
    this.log.push(record);
    if (this.log.length > this.opts.logSize) this.trimLog();
    this.enqueue({ call, record, firstAttemptAt: null });
    return record;
  }

  deliveries(): DeliveryRecord[] {
    return this.log;
  }

  /** Resolves once nothing is queued or in flight (retries waiting on the clock do not count). */
  whenIdle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.ordered.clear();
    await this.agent.destroy().catch(() => undefined);
    for (const r of this.idle.splice(0)) r();
  }

  private trimLog(): void {
    // Drop the oldest finished entries; pending ones stay visible.
    const excess = this.log.length - this.opts.logSize;
    let dropped = 0;
    for (let i = 0; i < this.log.length && dropped < excess; ) {
      if (this.log[i]!.state !== 'pending') {
        this.log.splice(i, 1);
        dropped++;
      } else i++;
    }
  }

  private enqueue(d: Delivery): void {
    if (this.closed) return;
    const key = d.call.orderKey;
    if (key !== undefined) {
      const waiting = this.ordered.get(key);
      if (waiting) {
        waiting.push(d);
        return;
      }
      this.ordered.set(key, []);
    }
    this.queue.push(d);
    this.pump();
  }

  /** After an attempt: the next call waiting on the same key may go. */
  private release(d: Delivery): void {
    const key = d.call.orderKey;
    if (key === undefined) return;
    const next = this.ordered.get(key)?.shift();
    if (next) this.queue.push(next);
    else this.ordered.delete(key);
  }

  private pump(): void {
    while (this.active < this.opts.concurrency && this.queue.length > 0) {
      const d = this.queue.shift()!;
      this.active++;
      void this.attempt(d).finally(() => {
        this.active--;
        this.release(d);
        this.pump();
        if (this.active === 0 && this.queue.length === 0) for (const r of this.idle.splice(0)) r();
      });
    }
  }

  private async attempt(d: Delivery): Promise<void> {
    const startedAt = this.clock.now();
    d.firstAttemptAt ??= startedAt;
    d.record.first_attempt_at ??= new Date(startedAt).toISOString();
    d.record.attempts++;
    d.record.in_flight = true;
    d.record.next_attempt_at = null;
    let ok = false;
    try {
      const res = await request(d.call.url, {
        method: 'POST',
        body: d.call.body,
        headers: { 'content-type': 'application/json', 'user-agent': 'besked-gateway-simulator', ...d.call.headers },
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      // Drain so the connection can be reused.
      await res.body.dump().catch(() => undefined);
      d.record.last_status = res.statusCode;
      d.record.last_error = null;
      ok = res.statusCode >= 200 && res.statusCode < 300;
      if (!ok) d.record.last_error = `answered ${res.statusCode}`;
    } catch (err) {
      d.record.last_status = null;
      d.record.last_error = (err as Error).name === 'TimeoutError' ? 'no answer within the time-out' : (err as Error).message;
    }
    d.record.in_flight = false;
    if (this.closed) return;
    const now = this.clock.now();
    if (ok) {
      d.record.state = 'delivered';
      d.record.delivered_at = new Date(now).toISOString();
      return;
    }
    const next = now + retryDelayS(d.record.attempts) * 1000;
    if (next - d.firstAttemptAt > RETRY.horizonS * 1000) {
      d.record.state = 'failed';
      return;
    }
    d.record.next_attempt_at = new Date(next).toISOString();
    this.clock.schedule(next, () => this.enqueue(d));
  }
}
