// The outbox: sends campaigns chunk by chunk, at most once. Each chunk is committed as in flight before its
// request goes out and its outcome is committed before the next chunk starts, so a crash, a quit or a lost answer
// never leads to a second send by itself. It waits for the connection, quiet hours, the rate and the daily cap,
// and reports progress with an ETA. Its parts: the worker loop (outbox-worker.ts), the queue (outbox-queue.ts),
// a channel per interface (outbox-channel.ts), failures (send-failures.ts), the disk (storage-guard.ts), the
// campaigns' run state (campaign-runs.ts) and the user's commands (outbox-lifecycle.ts).
import type { CampaignCounts } from '../../../../src-shared/contract';
import { coded } from '../../../../src-shared/error-codes';
import { prepared } from '../../db/prepared';
import { idleCheckpoint } from '../../db/checkpoints';
import { checkpointsElsewhere } from '../../db/checkpointer';
import { writeGate } from '../../db/write-gate';
import { nextSliceSize } from '../../event-loop-turns';
import { storageProblemOf, type StorageProblem } from '../../db/storage-errors';
import { toAppError } from '../../errors';
import type { Mode } from '../../pricing/price-book';
import { frozenOptions, lastErrorColumns, type CampaignRow, type StoppedReason } from '../campaign-store';
import { CampaignRuns } from './campaign-runs';
import { effectiveChunkSize } from './chunking';
import type { FrozenList } from '../recipients/frozen-batches';
import { localDay, planChunk, scheduledSendTime, systemOffset, type LastSend, type OffsetFn } from '../checks/limits';
import { outboxChannel, type ChunkRequest } from './outbox-channel';
import type { OutboxContext, OutboxDeps } from './outbox-context';
import { cancelCampaign, pauseCampaign, resolveUncertainNow, resumeCampaign } from './outbox-lifecycle';
import { OutboxQueue } from './outbox-queue';
import { settlementLeft } from '../recipients/settlement';
import { OutboxWorker } from './outbox-worker';
import { scheduleKind } from '../checks/scheduling';
import { recordSendFailure } from './send-failures';
import type { CampaignSendSpec } from './send-spec';
import { mergeFieldsIn } from '../../../../src-shared/sms/segments';
import { SpendLedger } from '../checks/spend-ledger';
import { StorageGuard } from './storage-guard';
import { computerClock } from '../../clock';

export type { OutboxDeps } from './outbox-context';

/** How often a refused write is tried again. */
const STORAGE_RETRY_MS = 3_000;

/**
 * Frozen batches written as rows, and chunks settled, between two looks at the queue when idle: about 5 ms and
 * 3 ms each for 1,000 recipients on a quiet machine, but 30–170 ms for two of each on a loaded one (bench
 * core.max_loop_block_ms, issue 30.3), so one of each at a time.
 */
const SETTLE_SLICE = 1;
/**
 * And of those, about as many recipients as fit SETTLE_BUDGET_MS at the last slice's pace (a batch or a chunk goes in
 * parts): one of 1,000 held the loop 20–60 ms even on a quiet machine while a campaign of 100,000 sent, and the core
 * is to answer within 20 ms (bench core.max_loop_block_ms, p99). Settling is background work nobody waits for (a
 * view settles what it reads first), so its slices are kept short.
 */
const SETTLE_BUDGET_MS = 5;
const SETTLE_ROWS_MIN = 25;
const SETTLE_ROWS_MAX = 250;
const SETTLE_ROWS_FIRST = 100;
/** How soon an idle outbox looks again when a reader on another connection kept part of the log from being copied. */
const IDLE_CHECKPOINT_RETRY_MS = 1_000;

/** Said of a chunk found in flight at start: Besked may have had the answer and died before recording it. */
export const ANSWER_LOST: StoppedReason = {
  message:
    'Besked stopped before it could record the gateway’s answer to this request, so the gateway may well have accepted these messages. Check before sending again: delivery reports that arrive for them are counted here.',
  ...coded('chunk.answerLost'),
};

export class Outbox {
  private readonly now: () => number;
  private readonly offset: OffsetFn;
  private readonly chunkSize: number;
  private lastSend: LastSend | null = null;
  /** Recipients the next settling slice takes (sized by the last one's pace). */
  private settleRows = SETTLE_ROWS_FIRST;
  private readonly queue: OutboxQueue;
  private readonly runs: CampaignRuns;
  private readonly storage: StorageGuard;
  private readonly worker: OutboxWorker;
  private readonly ctx: OutboxContext;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? computerClock.now;
    this.offset = deps.offset ?? systemOffset;
    this.chunkSize = deps.chunkSize ?? 1000;
    this.queue = new OutboxQueue(deps.db, deps.store.recipients);
    this.runs = new CampaignRuns(deps, this.now, (id) => this.queue.letGo(id));
    this.storage = new StorageGuard(deps.db, deps.log, this.now, deps.onStorage);
    this.worker = new OutboxWorker(
      () => this.step(),
      (err) => {
        const problem = storageProblemOf(err);
        if (problem) this.storage.failed(problem, err);
        else this.deps.log.error('outbox step failed', { err });
        return this.now() + (problem ? STORAGE_RETRY_MS : 5_000);
      },
      this.now,
      writeGate(deps.db),
    );
    this.ctx = {
      deps,
      db: deps.db,
      offset: this.offset,
      runs: this.runs,
      spend: new SpendLedger(deps.db),
      now: this.now,
      iso: (ms) => this.iso(ms),
      settle: (id, limit) => this.settle(id, limit),
      cancel: (id) => this.cancel(id),
      wake: () => this.wake(),
    };
  }

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  /** After a crash: requests that were on their way have an unknown outcome. Returns how many chunks that was. */
  recoverAtStart(): number {
    const db = this.deps.db;
    return db.transaction(() => {
      const chunks = prepared(db, "SELECT id FROM send_chunks WHERE state = 'in_flight'", 'pluck').all() as number[];
      if (chunks.length === 0) return 0;
      const at = this.iso();
      prepared(db, "UPDATE send_chunks SET state = 'uncertain', finished_at = ?, error = ?, error_code = ? WHERE state = 'in_flight'").run(at, ...lastErrorColumns(ANSWER_LOST));
      // Rows marked one by one before schema 7.
      this.deps.store.recipients.inFlightToUncertain();
      return chunks.length;
    })();
  }

  /** Copies finished chunks' outcomes onto their recipient rows (see settlement.ts); run when the outbox is idle. */
  settle(campaignId?: number, limit?: number, rows?: number): number {
    const campaigns = this.queue.settle(campaignId, limit, rows);
    // Delivery counts and recipient lists read the rows: tell the views they changed. Settled in slices, once the
    // campaign's last slice is done: each news carries a summary that counts the campaign's rows (20–100 ms for
    // 100,000, bench core.max_loop_block_ms), and a slice changes no count (counts read unsettled chunks as they are)
    // nor what a list shows (a list settles before it is read).
    for (const id of campaigns) if (limit === undefined || !settlementLeft(this.deps.db, id)) this.runs.changed(id);
    return campaigns.size;
  }

  start(): void {
    this.worker.start();
  }

  /** Stops after the request in flight has its outcome recorded. */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Takes a list the sender just froze as batches: the same recipients the batches hold. */
  adopt(campaignId: number, list: FrozenList): void {
    this.queue.adopt(campaignId, list);
  }

  /** Look for work now (a campaign was sent, resumed, or a reply queued). */
  wake(): void {
    this.worker.wake();
  }

  etaFor(id: number): number | null {
    return this.runs.etaFor(id);
  }

  /** Counts changed behind the tracker's back (pause, resume, cancel, resolve): read them again next time. */
  forget(id: number): void {
    this.runs.forget(id);
  }

  /** Counts as the tracker has them (cheap while sending); from the database otherwise. */
  countsFor(id: number): CampaignCounts {
    return this.runs.countsFor(id);
  }

  changed(id: number, counts?: CampaignCounts): void {
    this.runs.changed(id, counts);
  }

  /**
   * When nothing is queued or in flight any more, the campaign gets its final (or scheduled) state. `settled`
   * also re-judges a finished campaign, after the user dealt with its uncertain recipients.
   */
  finishIfDone(id: number, settled = false): void {
    this.runs.finishIfDone(id, settled);
  }

  /** Delivery reports were applied for these campaigns: one waiting at the gateway may have gone out there. */
  reportsApplied(campaignIds: readonly number[]): void {
    this.runs.reportsApplied(campaignIds);
  }

  /** Why sending waits for the disk, or null. */
  storageProblem(): StorageProblem | null {
    return this.storage.problem();
  }

  pause(id: number): void {
    pauseCampaign(this.ctx, id);
  }

  resume(id: number): Promise<void> {
    return resumeCampaign(this.ctx, id);
  }

  cancel(id: number): Promise<{ notCancelled: number; problem: string | null }> {
    return cancelCampaign(this.ctx, id);
  }

  /** The user's answer for recipients whose request had an unknown outcome: send again, or leave them. */
  resolveUncertain(id: number, action: 'resend' | 'dismiss'): Promise<void> {
    return this.worker.exclusive(() => resolveUncertainNow(this.ctx, id, action));
  }

  /** Does one unit of work; returns when the next one is due (now, a time, or Infinity to sleep until woken). */
  private async step(): Promise<number> {
    if (this.storage.waiting && !this.storage.retry()) return this.now() + STORAGE_RETRY_MS;
    const now = this.now();
    this.settleScheduled(now);
    const row = prepared(
      this.deps.db,
      `SELECT * FROM campaigns
       WHERE state = 'sending' OR (state = 'waiting' AND (next_attempt_at IS NULL OR next_attempt_at <= ?))
       ORDER BY (kind = 'reply') DESC, started_at, id LIMIT 1`,
    ).get(this.iso(now)) as CampaignRow | undefined;
    if (row) {
      await this.sendNextChunk(row);
      return this.now();
    }
    // Nothing to send: a good moment to write the chunks' outcomes onto their recipients, a few at a time.
    const t0 = performance.now();
    const rows = this.settleRows;
    if (this.settle(undefined, SETTLE_SLICE, rows) > 0) {
      this.settleRows = nextSliceSize(rows, performance.now() - t0, SETTLE_ROWS_MAX, SETTLE_BUDGET_MS, SETTLE_ROWS_MIN);
      return this.now();
    }
    // Nothing left to write either: copy the log into the database file now rather than on a later commit (unless the
    // checkpointer's thread does, db/checkpointer.ts: here it held the core 5–30 ms). Pages a reader on another
    // connection still needs are copied on a look a second later, not left for a later commit.
    const { left } = checkpointsElsewhere(this.deps.db) ? { left: 0 } : idleCheckpoint(this.deps.db);
    const due = prepared(
      this.deps.db,
      `SELECT MIN(t) FROM (
         SELECT next_attempt_at AS t FROM campaigns WHERE state = 'waiting' AND next_attempt_at IS NOT NULL
         UNION ALL SELECT send_at FROM campaigns WHERE state = 'scheduled' AND send_at IS NOT NULL)`,
      'pluck',
    ).get() as string | null;
    const next = due ? Date.parse(due) : Infinity;
    return left > 0 ? Math.min(next, this.now() + IDLE_CHECKPOINT_RETRY_MS) : next;
  }

  /** Scheduled campaigns whose time came: gateway-scheduled ones are done; locally scheduled ones start sending. */
  private settleScheduled(now: number): void {
    const due = prepared(this.deps.db, "SELECT * FROM campaigns WHERE state = 'scheduled' AND send_at IS NOT NULL AND send_at <= ?").all(this.iso(now)) as CampaignRow[];
    for (const row of due) {
      if (row.scheduled_at_gateway === 1) this.runs.finishIfDone(row.id);
      else this.runs.setState(row.id, 'sending', ['scheduled']);
    }
  }

  private async sendNextChunk(row: CampaignRow): Promise<void> {
    const db = this.deps.db;
    const runs = this.runs;
    let mode: Mode;
    try {
      mode = await this.deps.mode();
    } catch (err) {
      runs.wait(row.id, 'offline', this.now() + runs.backoff(row.attempts + 1), row.attempts + 1, toAppError(err));
      return;
    }
    if (row.mode && row.mode !== mode) {
      runs.pauseWithError(
        row.id,
        row.mode === 'sandbox'
          ? {
              message: 'This campaign started in Sandbox, and Besked is now connected to the live gateway. Resume it to send the rest for real.',
              ...coded('campaign.startedInSandbox'),
            }
          : {
              message: 'This campaign started on the live gateway, and Besked is now in Sandbox. Resume it to send the rest to the test gateway.',
              ...coded('campaign.startedLive'),
            },
      );
      return;
    }
    const limits = this.deps.settings().sendingLimits;
    const now = this.now();
    const sendAtMs = row.send_at ? Date.parse(row.send_at) : null;
    const scheduled = scheduleKind(row.channel, sendAtMs, now) === 'at_gateway';
    const size = effectiveChunkSize(row.channel, this.chunkSize);
    let candidates = this.queue.next(row, size);
    if (candidates.length === 0 && this.settle(row.id) > 0) candidates = this.queue.next(row, size);
    if (candidates.length === 0) {
      runs.finishIfDone(row.id);
      runs.parkIfStuck(row);
      return;
    }
    const sendtime = scheduled && sendAtMs !== null ? scheduledSendTime(sendAtMs, this.queue.handedOver(row.id), limits, this.offset) : null;
    const plan = planChunk({
      now,
      limits,
      offset: this.offset,
      chunkSize: size,
      lastSend: this.lastSend,
      spentToday: this.ctx.spend.spentOn(localDay(sendtime ?? now, this.offset), mode),
      nextCosts: candidates.map((c) => c.cost ?? 0),
      handedOverForLater: scheduled,
    });
    if (plan.kind === 'wait') {
      runs.wait(row.id, plan.reason, plan.until, row.attempts, null);
      return;
    }
    const chunk = candidates.slice(0, plan.size);
    const personalised = chunk.some((c) => c.tagvaluesJson !== null);
    const spec: CampaignSendSpec = {
      id: row.id,
      text: row.text,
      sender: row.sender,
      options: frozenOptions(row),
      fields: personalised ? mergeFieldsIn(row.text) : [],
    };

    const seq = prepared(db, 'SELECT COALESCE(MAX(seq), 0) + 1 FROM send_chunks WHERE campaign_id = ?', 'pluck').get(row.id) as number;
    // The request is built before anything is marked: a failure here certainly sent nothing.
    // A request returns the write that records its answer: run at once, kept and retried if the disk refuses it.
    let send: ChunkRequest;
    try {
      send = outboxChannel(row.channel).build(this.ctx, { row, mode, spec, seq, chunk, sendtime });
    } catch (err) {
      this.deps.log.error('could not build a request', { err, campaign: row.id });
      runs.pauseWithError(row.id, { message: 'Besked could not prepare this campaign’s messages. Please report this; nothing was sent.', ...coded('campaign.prepareFailed') });
      return;
    }

    const t = runs.tracker(row.id);
    // Commit the evidence first: from here on, a crash leaves this chunk in flight, which start-up makes uncertain.
    // The chunk is the lowest ids still queued, so its range is exactly its recipients (settlement.ts).
    const firstId = chunk[0]!.id;
    const lastId = chunk[chunk.length - 1]!.id;
    const chunkId = db.transaction(() => {
      const id = Number(
        prepared(
          db,
          "INSERT INTO send_chunks (campaign_id, seq, state, recipients, started_at, first_id, last_id, settled) VALUES (?, ?, 'in_flight', ?, ?, ?, ?, 0)",
        ).run(row.id, seq, chunk.length, this.iso(now), firstId, lastId).lastInsertRowid,
      );
      if (row.state === 'waiting') {
        prepared(db, "UPDATE campaigns SET state = 'sending', waiting_reason = NULL, next_attempt_at = NULL WHERE id = ? AND state = 'waiting'").run(row.id);
      }
      return id;
    })();
    t.counts.queued -= chunk.length;
    t.counts.inFlight += chunk.length;
    if (row.state === 'waiting') runs.changed(row.id);

    let record: () => void;
    let answered = false;
    try {
      record = await send(chunkId);
      answered = true;
    } catch (err) {
      record = () => recordSendFailure(this.ctx, row, chunkId, chunk.length, err);
    }
    // An import's save may have begun while the request was out: its answer is written once the save has committed,
    // the core free meanwhile (db/write-gate.ts). A crash while waiting leaves the chunk in flight, as one during
    // the request does: its outcome unknown, never sent again by itself.
    await writeGate(this.deps.db).run(() =>
      this.storage.record(record, () => {
        if (answered) {
          this.lastSend = { at: this.now(), count: chunk.length };
          t.doneThisRun += chunk.length;
          this.deps.onAccepted?.();
        }
        runs.progress(row.id);
        runs.finishIfDone(row.id);
      }),
    );
  }
}
