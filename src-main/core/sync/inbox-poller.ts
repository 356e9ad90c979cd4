// Polls GET /rest/mosms for the dates since the last complete poll, every page, every N seconds and on demand.
import type { GatewayClient, IncomingSms as GatewayIncoming } from '../gateway';
import type { Db } from '../db/database';
import { writeGate } from '../db/write-gate';
import type { Logger } from '../log';
import type { IncomingSms, InboxGateway } from '../inbox/inbound-store';
import { mosmsWindow } from './mosms-window';
import { offlineRetryDelayMs } from './poll-schedule';
import type { SyncStatus } from './sync-status';
import { failureMessage, isUnreachable } from './gateway-reachability';
import { RoundLoop } from './round-loop';
import { computerClock } from '../clock';

export const MOSMS_PER_PAGE = 200;

export interface InboxTarget {
  mode: 'sandbox' | 'live';
  /** Whose mosms ids these are: the cursor and the de-duplication are per gateway account. */
  gateway: InboxGateway;
}

export interface InboxPollerOptions {
  db: Db;
  gateway: Pick<GatewayClient, 'listIncoming'>;
  /** Stores and acts on one page of texts (de-duplicated by mosms_id there). */
  receive: (target: InboxTarget, list: IncomingSms[]) => Promise<unknown>;
  status: SyncStatus;
  target: () => Promise<InboxTarget>;
  intervalMs: () => number;
  /**
   * The gateway's own clock, when Besked can know it (the built-in sandbox's simulated clock); the date window
   * follows the clock that stamps the messages. Defaults to this computer's clock.
   */
  gatewayNow?: (target: InboxTarget) => Promise<number>;
  log: Logger;
  now?: () => number;
}

export interface InboxRound {
  requests: number;
  received: number;
  offline: boolean;
}

/** The incoming SMS as the inbox stores it. */
export function toIncoming(m: GatewayIncoming): IncomingSms {
  return {
    mosmsId: m.mosms_id,
    msisdn: m.msisdn,
    receiver: m.receiver,
    text: m.message,
    sender: m.sender ?? null,
    sentAt: Math.round(m.senttime * 1000),
  };
}

const cursorKey = (g: InboxGateway) => `inbox.cursor.${g}`;

export class InboxPoller {
  private readonly now: () => number;
  private readonly loop: RoundLoop<InboxRound>;

  constructor(private readonly o: InboxPollerOptions) {
    this.now = o.now ?? computerClock.now;
    this.loop = new RoundLoop({
      channel: 'inbox',
      status: o.status,
      log: o.log,
      writes: writeGate(o.db),
      now: this.now,
      round: () => this.round(),
      // Unreachable: back off, but look again within ten intervals.
      delayAfter: (r, failures) => (r.offline ? Math.min(offlineRetryDelayMs(failures), Math.max(o.intervalMs(), 5_000) * 10) : o.intervalMs()),
      delayAfterError: () => o.intervalMs(),
      errorMessage: 'inbox poll failed',
    });
  }

  /** Starts polling; the first poll waits a moment so it does not compete with the app's own start. */
  start(firstDelayMs = 3_000): void {
    this.loop.start(firstDelayMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Something happened that makes a customer's text likely (a text went out or came in): look sooner. */
  hurry(): void {
    this.loop.planSooner(this.o.intervalMs());
  }

  /** Polls now (the window got focus), then keeps the usual rhythm. */
  async refreshNow(): Promise<InboxRound> {
    const r = await this.runOnce();
    this.loop.after(r);
    return r;
  }

  /** When the last complete poll started, on the gateway's clock (null before the first). */
  cursor(g: InboxGateway): number | null {
    const row = this.o.db.prepare('SELECT value FROM sync_state WHERE key = ?').get(cursorKey(g)) as { value: string } | undefined;
    const v = row ? Number(row.value) : NaN;
    return Number.isFinite(v) ? v : null;
  }

  /** One poll; polls never overlap (a second call waits for the first). */
  runOnce(): Promise<InboxRound> {
    return this.loop.serial(() => this.round());
  }

  private async round(): Promise<InboxRound> {
    let requests = 0;
    let received = 0;
    try {
      const target = await this.o.target();
      const start = this.o.gatewayNow ? await this.o.gatewayNow(target) : this.now();
      const range = mosmsWindow({ lastCompleteStart: this.cursor(target.gateway), now: start });
      let pages = 1;
      for (let page = 1; page <= pages; page++) {
        const res = await this.o.gateway.listIncoming({ ...range, page, per_page: MOSMS_PER_PAGE }, { signal: this.loop.signal });
        requests++;
        // Each page is stored as it comes, so a restart mid-walk keeps what was read; ids seen twice are dropped.
        if (res.messages.length > 0) {
          await this.loop.write(() => this.o.receive(target, res.messages.map(toIncoming)));
          received += res.messages.length;
        }
        pages = res.pages;
        if (res.messages.length === 0) break;
      }
      // Only a complete walk moves the cursor: an interrupted one is redone from the same dates.
      await this.loop.write(() => {
        this.o.db
          .prepare('INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
          .run(cursorKey(target.gateway), String(start));
        // Writes too (sync-status.ts): inside the same claim rather than after it.
        this.o.status.succeeded('inbox');
      });
      return { requests, received, offline: false };
    } catch (err) {
      if (this.loop.signal.aborted) return { requests, received, offline: false };
      const offline = isUnreachable(err);
      if (!offline) this.o.log.warn('inbox poll failed', { err });
      this.o.status.failed('inbox', failureMessage(err), offline);
      return { requests, received, offline };
    }
  }
}
