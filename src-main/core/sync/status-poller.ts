// Polls GET /rest/mtsms/{id} for sent legacy messages until every recipient has a final status or the message expired.
import { NotFound, type GatewayClient } from '../gateway';
import type { WriteGate } from '../db/write-gate';
import type { Logger } from '../log';
import { nextStatusPoll, offlineRetryDelayMs, STATUS_POLL, type StatusPollRules } from './poll-schedule';
import { applyReports, giveUp, type ReportedStatus, type StatusChange, type WatchedRecipient } from './status-updates';
import type { AppliedChange, StatusStore, WatchedMessage } from './status-store';
import type { SyncStatus } from './sync-status';
import { failureMessage, isUnreachable } from './gateway-reachability';
import { RoundLoop } from './round-loop';
import { computerClock } from '../clock';

export interface StatusPollerOptions {
  store: StatusStore;
  /** The core's connection's gate (db/write-gate.ts): a round writes only once an import's save has committed. */
  writes?: WriteGate;
  gateway: Pick<GatewayClient, 'getMtsms'>;
  status: SyncStatus;
  /** Which gateway requests go to now: messages sent in the other mode are not asked about there. */
  currentMode: () => Promise<'sandbox' | 'live'>;
  /** Told about every batch of changes written (one call per round). */
  onChanges: (changes: AppliedChange[]) => void;
  log: Logger;
  now?: () => number;
  /** Requests in flight at once (default 3): the gateway allows 40 connections, and sending shares them. */
  concurrency?: number;
  /** Messages looked at per round (default 200); a longer backlog continues in the next round at once. */
  batch?: number;
  /** Longest sleep between rounds (default 30 s), so messages added without wake() are still picked up. */
  maxSleepMs?: number;
  /** A look the user asks for skips messages looked at this recently (default 30 s). */
  forcedMinGapMs?: number;
  rules?: StatusPollRules;
}

export interface StatusRound {
  /** GET requests made. */
  requests: number;
  changes: number;
  /** The round stopped because the gateway could not be reached. */
  offline: boolean;
}

/** When another mode's messages are looked at again to see whether the user switched back. */
const OTHER_MODE_RECHECK_MS = 10 * 60_000;

export class StatusPoller {
  private readonly now: () => number;
  private readonly rules: StatusPollRules;
  private readonly loop: RoundLoop<StatusRound & { more: boolean }>;

  constructor(private readonly o: StatusPollerOptions) {
    this.now = o.now ?? computerClock.now;
    this.rules = o.rules ?? STATUS_POLL;
    const maxSleep = () => o.maxSleepMs ?? 30_000;
    this.loop = new RoundLoop({
      channel: 'statuses',
      status: o.status,
      log: o.log,
      ...(o.writes ? { writes: o.writes } : {}),
      now: this.now,
      round: () => this.round({}),
      delayAfter: (r, failures) => {
        if (r.offline) return offlineRetryDelayMs(failures);
        // A full batch: the backlog goes on at once; otherwise sleep until the next message is due.
        if (r.more) return 0;
        const next = o.store.nextDue();
        return next === null ? maxSleep() : Math.min(Math.max(next - this.now(), 0), maxSleep());
      },
      delayAfterError: maxSleep,
      errorMessage: 'status poll round failed',
    });
  }

  start(): void {
    this.loop.start(0);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Something was just sent: plan the next round for the earliest message due. Fresh messages are due only after
   * their first delay, so a round now would find nothing (and one ran after every chunk of a large campaign).
   */
  wake(): void {
    const next = this.o.store.nextDue();
    if (next === null) return;
    const now = this.now();
    this.loop.planAt(Math.min(Math.max(next, now), now + (this.o.maxSleepMs ?? 30_000)));
  }

  /**
   * One round. Rounds never overlap: a second call waits for the first. `campaignId` with `force` looks at that
   * campaign's open messages now (the user opened it), except those looked at moments ago.
   */
  runOnce(opts: { campaignId?: number; force?: boolean } = {}): Promise<StatusRound> {
    return this.loop.serial(() => this.round(opts));
  }

  /** A round over every open message, whatever its plan: the sandbox's clock was moved on, so reports came due early. */
  async lookAtAllNow(): Promise<StatusRound> {
    // Asked after the simulator's clock moved (a request of its own): written through the gate, as the round's writes.
    await this.loop.write(() => this.o.store.planAllNow());
    return this.runOnce();
  }

  private async round(opts: { campaignId?: number; force?: boolean }): Promise<StatusRound & { more: boolean }> {
    const batch = this.o.batch ?? 200;
    const now = this.now();
    const forced = opts.force === true && opts.campaignId !== undefined;
    let list: WatchedMessage[];
    if (forced) {
      const gap = this.o.forcedMinGapMs ?? 30_000;
      list = this.o.store.openOfCampaign(opts.campaignId!, batch).filter((m) => m.lastPolledAt === null || now - m.lastPolledAt >= gap);
    } else {
      list = this.o.store.due(now, batch, opts.campaignId);
    }
    const more = !forced && list.length === batch;
    const mode = await this.o.currentMode();
    const applied: AppliedChange[] = [];
    const toAsk: WatchedMessage[] = [];

    // Through the gate again: the mode may have read the keychain (a token not cached yet), and the round resumes
    // on a later turn of the loop than its claim's (db/write-gate.ts).
    await this.loop.write(() => {
      for (const m of list) {
        const deadline = m.expiresAt + this.rules.expiryMarginS * 1000;
        const askable = m.iface === 'legacy' && (m.mode === null || m.mode === mode);
        if (askable) {
          toAsk.push(m);
          continue;
        }
        // Messaging-interface sends have no lookup (only a webhook reports), and the other mode's gateway is not
        // reachable from here: such messages just wait, and become unknown when their validity is over.
        if (now >= deadline) applied.push(...this.finish(m, [], this.o.store.recipientsOf(m.gatewayId), { polled: false, final: false, now }));
        else this.o.store.reschedule(m.gatewayId, m.iface === 'messaging' ? deadline : Math.min(deadline, now + OTHER_MODE_RECHECK_MS));
      }
    });

    let requests = 0;
    let unreachable: unknown = null;
    const queue = [...toAsk];
    const worker = async () => {
      for (;;) {
        if (unreachable !== null || this.loop.signal.aborted) return;
        const m = queue.shift();
        if (!m) return;
        requests++;
        try {
          applied.push(...(await this.ask(m)));
        } catch (err) {
          if (isUnreachable(err) || this.loop.signal.aborted) {
            unreachable ??= err;
            return;
          }
          // Anything else is about this one message (an answer Besked cannot read): count the look and move on,
          // so one odd message cannot stall the others.
          this.o.log.warn('status poll of one message failed', { gatewayId: m.gatewayId, err });
          applied.push(...(await this.loop.write(() => this.finish(m, [], this.o.store.recipientsOf(m.gatewayId), { polled: true, final: false, now: this.now() }))));
        }
      }
    };
    const n = Math.max(1, Math.min(this.o.concurrency ?? 3, queue.length));
    await Promise.all(Array.from({ length: n }, worker));

    if (applied.length) this.o.onChanges(applied);
    // Stopped mid-round (closing): what was written stays; the rest is asked about after the next start.
    if (this.loop.signal.aborted) return { requests, changes: applied.length, offline: false, more: false };
    if (unreachable !== null) {
      this.o.status.failed('statuses', failureMessage(unreachable), true);
      return { requests, changes: applied.length, offline: true, more: false };
    }
    if (requests > 0 || list.length > 0) await this.loop.write(() => this.o.status.succeeded('statuses'));
    return { requests, changes: applied.length, offline: false, more };
  }

  /** One GET /rest/mtsms/{id}; a 404 before the message reached long-term storage is normal: look again later. */
  private async ask(m: WatchedMessage): Promise<AppliedChange[]> {
    let reports: ReportedStatus[] = [];
    try {
      const stored = await this.o.gateway.getMtsms(Number(m.gatewayId), { signal: this.loop.signal });
      reports = stored.flatMap((s) =>
        s.recipients.map((r) => ({
          msisdn: r.msisdn,
          status: r.dsnstatus,
          error: r.dsnerror,
          code: r.dsnerrorcode,
          at: typeof r.dsntime === 'number' ? r.dsntime * 1000 : null,
        })),
      );
    } catch (err) {
      if (!(err instanceof NotFound)) throw err;
    }
    return this.loop.write(() => {
      const now = this.now();
      const watched = this.o.store.recipientsOf(m.gatewayId);
      const outcome = applyReports(watched, reports, 'legacy', now);
      return this.finish(m, outcome.changes, watched, { polled: true, final: outcome.allFinal, now });
    });
  }

  /** Writes the changes and plans the next look, giving up (rest unknown) once the message is past its deadline. */
  private finish(
    m: WatchedMessage,
    changes: StatusChange[],
    watched: readonly WatchedRecipient[],
    r: { polled: boolean; final: boolean; now: number },
  ): AppliedChange[] {
    if (r.final) return this.o.store.apply(m.gatewayId, changes, { polledAt: r.now, counted: true, next: null, done: true });
    const decision = nextStatusPoll({ sendAt: m.sendAt, expiresAt: m.expiresAt, polls: m.polls + (r.polled ? 1 : 0), now: r.now }, this.rules);
    if (decision.kind === 'poll' && (r.polled || r.now < decision.at)) {
      return this.o.store.apply(m.gatewayId, changes, { polledAt: r.now, counted: r.polled, next: decision.at, done: false });
    }
    const after = withChanges(watched, changes);
    const all = [...changes, ...giveUp(after, r.now)];
    return this.o.store.apply(m.gatewayId, all, { polledAt: r.now, counted: r.polled, next: null, done: true });
  }
}

function withChanges(watched: readonly WatchedRecipient[], changes: readonly StatusChange[]): WatchedRecipient[] {
  const by = new Map(changes.map((c) => [c.recipientId, c]));
  return watched.map((w) => {
    const c = by.get(w.id);
    return c ? { ...w, status: c.status, gatewayStatus: c.gatewayStatus } : w;
  });
}

