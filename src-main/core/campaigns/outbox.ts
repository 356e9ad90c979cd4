// The outbox worker: sends campaigns chunk by chunk, at most once. Each chunk is committed as in flight before its
// request goes out and its outcome is committed before the next chunk starts, so a crash, a quit or a lost answer
// never leads to a second send by itself. It waits for the connection, quiet hours, the rate and the daily cap,
// and reports progress with an ETA.
import type { CampaignCounts, Settings } from '../../../src-shared/contract';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { BeskedError, toAppError } from '../errors';
import type { EventBus } from '../events';
import type { GatewayClient, MultiMobileMessageResponse, SendResponse } from '../gateway';
import type { Logger } from '../log';
import type { Mode } from '../pricing/price-book';
import { CampaignStore, frozenOptions, lastErrorColumns, type CampaignRow, type StoppedReason } from './campaign-store';
import { effectiveChunkSize } from './chunking';
import { buildLegacyRequestJson } from './legacy-request';
import {
  estimateEtaSeconds,
  localDay,
  offlineBackoffMs,
  planChunk,
  scheduledSendTime,
  systemOffset,
  type LastSend,
  type OffsetFn,
  type WaitReason,
} from './limits';
import { buildMessagingRequest } from './messaging-request';
import { accountLegacy, accountMessaging } from './answer-accounting';
import { scheduleKind, SCHEDULE_THRESHOLD_MS } from './scheduling';
import type { CampaignSendSpec, ChunkRecipient } from './send-spec';
import { countSegments, mergeFieldsIn } from '../../../src-shared/sms/segments';
import { queueFloor, REALLY_QUEUED, settleChunks } from './settlement';
import { batchRange, orNull, readBatches, type FrozenList } from './frozen-batches';
import { recipientNeedsUcs2 } from './recipient-encoding';
import { checkpointWhileIdle } from '../db/checkpoints';
import { coded } from '../../../src-shared/error-codes';
import { storageProblemOf, type StorageProblem } from '../db/storage-errors';

export interface OutboxDeps {
  db: Db;
  gateway: Pick<GatewayClient, 'sendBuiltMtsms' | 'sendMulti' | 'deleteScheduled'>;
  events: EventBus;
  log: Logger;
  store: CampaignStore;
  settings: () => Settings;
  /** The mode gateway calls go to right now. */
  mode: () => Promise<Mode>;
  /** Told after every accepted chunk (the balance changed). */
  onAccepted?: () => void;
  now?: () => number;
  offset?: OffsetFn;
  /** Recipients per request (default 1000, clamped to the channel's limit). */
  chunkSize?: number;
  /** First wait after a failed connection; doubles up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** When the status poller should first look at a freshly accepted legacy message. */
  firstPollDelayMs?: number;
  /** Told when writes start failing (the problem) and when they succeed again (null). */
  onStorage?: (problem: StorageProblem | null) => void;
}

/** How often a refused write is tried again. */
const STORAGE_RETRY_MS = 3_000;

/**
 * Frozen batches written as rows, and chunks settled, between two looks at the queue when idle: about 5 ms and
 * 3 ms each for 1,000 recipients, so the core answers other calls within about 15 ms meanwhile.
 */
const SETTLE_SLICE = 2;

/** A legacy message's default and maximum validity (legacy-interface.md): how long the poller keeps watching. */
const DEFAULT_VALIDITY_S = 432_000;

interface RunTracker {
  counts: CampaignCounts;
  startedAt: number;
  doneThisRun: number;
}

/** A queued recipient as the requests are built from it (legacy-request.ts takes it as it is). */
interface QueuedRow {
  id: number;
  msisdn: number;
  /** Read for the messaging interface only: legacy requests carry the template and tag values. */
  text: string;
  tagvaluesJson: string | null;
  parts: number;
  cost: number | null;
  /** Whether this recipient's text needs UCS-2. */
  ucs2: boolean;
}

const UNCERTAIN_MESSAGE =
  'The gateway did not answer this request, so Besked cannot tell whether these messages were sent. They are not sent again by themselves.';
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
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private lastSend: LastSend | null = null;
  private readonly trackers = new Map<number, RunTracker>();
  /** Steps and the user's changes to the queue run one at a time (see exclusive). */
  private lock: Promise<unknown> = Promise.resolve();
  /** Statements prepared once: compiling the same SQL for every chunk cost more than running it. */
  private readonly statements = new Map<string, Statement>();
  /** The disk refused a write: sending waits and retries (retryStorage) until it takes writes again. */
  private storage: { problem: StorageProblem; since: number } | null = null;
  /** An answer whose recording the disk refused: written before anything else happens. */
  private unrecorded: { write: () => void; after: () => void } | null = null;
  /** Lists just frozen as batches, kept to send from instead of parsing the batches back (see queued). */
  private readonly frozen = new Map<number, FrozenList>();

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? Date.now;
    this.offset = deps.offset ?? systemOffset;
    this.chunkSize = deps.chunkSize ?? 1000;
  }

  private sql(source: string): Statement {
    let s = this.statements.get(source);
    if (!s) {
      s = this.deps.db.prepare(source);
      this.statements.set(source, s);
    }
    return s;
  }

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  /** After a crash: requests that were on their way have an unknown outcome. Returns how many chunks that was. */
  recoverAtStart(): number {
    const db = this.deps.db;
    return db.transaction(() => {
      const chunks = this.sql("SELECT id FROM send_chunks WHERE state = 'in_flight'").pluck().all() as number[];
      if (chunks.length === 0) return 0;
      const at = this.iso();
      this.sql("UPDATE send_chunks SET state = 'uncertain', finished_at = ?, error = ?, error_code = ? WHERE state = 'in_flight'").run(at, ...lastErrorColumns(ANSWER_LOST));
      // Rows marked one by one before schema 7.
      this.sql("UPDATE campaign_recipients SET state = 'uncertain' WHERE state = 'in_flight'").run();
      return chunks.length;
    })();
  }

  /** Copies finished chunks' outcomes onto their recipient rows (see settlement.ts); run when the outbox is idle. */
  settle(campaignId?: number, limit?: number): number {
    const campaigns = settleChunks(this.deps.db, campaignId, limit);
    // A list whose batches are all rows now is read from the rows: let go of it (a paused campaign may wait long).
    for (const id of campaigns) if (this.frozen.has(id) && !batchRange(this.deps.db, id)) this.frozen.delete(id);
    // Delivery counts and recipient lists read the rows: tell the views they changed.
    for (const id of campaigns) this.changed(id);
    return campaigns.size;
  }

  /**
   * Runs fn when no step of the loop is running, so no chunk is on its way meanwhile. Putting recipients back
   * into the queue needs that: they must not land inside the range of a chunk that is not settled yet.
   */
  private exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  start(): void {
    if (this.loopDone) return;
    this.stopping = false;
    this.loopDone = this.loop();
  }

  /** Stops after the request in flight has its outcome recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    this.loopDone = null;
  }

  /** Takes a list the sender just froze as batches: the same recipients the batches hold. */
  adopt(campaignId: number, list: FrozenList): void {
    this.frozen.set(campaignId, list);
  }

  /** Look for work now (a campaign was sent, resumed, or a reply queued). */
  wake(): void {
    this.woken = true;
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  etaFor(id: number): number | null {
    const t = this.trackers.get(id);
    if (!t) return null;
    return estimateEtaSeconds({
      remaining: t.counts.queued + t.counts.inFlight,
      doneThisRun: t.doneThisRun,
      elapsedMs: this.now() - t.startedAt,
      messagesPerMinute: this.deps.settings().sendingLimits.messagesPerMinute,
    });
  }

  /** Counts changed behind the tracker's back (pause, resume, cancel, resolve): read them again next time. */
  forget(id: number): void {
    this.trackers.delete(id);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let next: number;
      this.woken = false;
      try {
        next = await this.exclusive(() => this.step());
      } catch (err) {
        const problem = storageProblemOf(err);
        if (problem) this.storageFailed(problem, err);
        else this.deps.log.error('outbox step failed', { err });
        next = this.now() + (problem ? STORAGE_RETRY_MS : 5_000);
      }
      if (this.stopping) break;
      const delay = next - this.now();
      if (delay <= 0 || this.woken) {
        // Let other calls in between chunks (the core is one thread).
        await new Promise<void>((r) => setImmediate(r));
        continue;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          this.wakeUp = null;
          resolve();
        }, Math.min(delay, 2_147_000_000));
        this.wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  /** Does one unit of work; returns when the next one is due (now, a time, or Infinity to sleep until woken). */
  private async step(): Promise<number> {
    if (this.storage && !this.retryStorage()) return this.now() + STORAGE_RETRY_MS;
    const now = this.now();
    this.settleScheduled(now);
    const row = this.sql(
        `SELECT * FROM campaigns
         WHERE state = 'sending' OR (state = 'waiting' AND (next_attempt_at IS NULL OR next_attempt_at <= ?))
         ORDER BY (kind = 'reply') DESC, started_at, id LIMIT 1`,
      )
      .get(this.iso(now)) as CampaignRow | undefined;
    if (row) {
      await this.sendNextChunk(row);
      return this.now();
    }
    // Nothing to send: a good moment to write the chunks' outcomes onto their recipients, a few at a time.
    if (this.settle(undefined, SETTLE_SLICE) > 0) return this.now();
    // Nothing left to write either: copy the log into the database file now rather than on a later commit.
    checkpointWhileIdle(this.deps.db);
    const due = this.sql(
        `SELECT MIN(t) FROM (
           SELECT next_attempt_at AS t FROM campaigns WHERE state = 'waiting' AND next_attempt_at IS NOT NULL
           UNION ALL SELECT send_at FROM campaigns WHERE state = 'scheduled' AND send_at IS NOT NULL)`,
      )
      .pluck()
      .get() as string | null;
    return due ? Date.parse(due) : Infinity;
  }

  /** Scheduled campaigns whose time came: gateway-scheduled ones are done; locally scheduled ones start sending. */
  private settleScheduled(now: number): void {
    const due = this.sql("SELECT * FROM campaigns WHERE state = 'scheduled' AND send_at IS NOT NULL AND send_at <= ?")
      .all(this.iso(now)) as CampaignRow[];
    for (const row of due) {
      if (row.scheduled_at_gateway === 1) this.finishIfDone(row.id);
      else this.setState(row.id, 'sending', ['scheduled']);
    }
  }

  private tracker(id: number): RunTracker {
    let t = this.trackers.get(id);
    if (!t) {
      t = { counts: this.deps.store.counts(id), startedAt: this.now(), doneThisRun: 0 };
      this.trackers.set(id, t);
    }
    return t;
  }

  private async sendNextChunk(row: CampaignRow): Promise<void> {
    const db = this.deps.db;
    let mode: Mode;
    try {
      mode = await this.deps.mode();
    } catch (err) {
      this.wait(row.id, 'offline', this.now() + this.backoff(row.attempts + 1), row.attempts + 1, toAppError(err));
      return;
    }
    if (row.mode && row.mode !== mode) {
      this.pauseWithError(
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
    const settings = this.deps.settings();
    const limits = settings.sendingLimits;
    const now = this.now();
    const sendAtMs = row.send_at ? Date.parse(row.send_at) : null;
    const scheduled = scheduleKind(row.channel, sendAtMs, now) === 'at_gateway';
    const size = effectiveChunkSize(row.channel, this.chunkSize);
    let candidates = this.queued(row, size);
    if (candidates.length === 0 && this.settle(row.id) > 0) candidates = this.queued(row, size);
    if (candidates.length === 0) {
      this.finishIfDone(row.id);
      this.parkIfStuck(row);
      return;
    }
    let sendtime: number | null = null;
    if (scheduled && sendAtMs !== null) {
      const handed = this.sql(
        `SELECT (SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state IN ('accepted', 'uncertain', 'in_flight'))
              + (SELECT COALESCE(SUM(recipients), 0) FROM send_chunks WHERE campaign_id = ? AND settled = 0 AND state IN ('accepted', 'uncertain', 'in_flight'))`,
      )
        .pluck()
        .get(row.id, row.id) as number;
      sendtime = scheduledSendTime(sendAtMs, handed, limits, this.offset);
    }
    const plan = planChunk({
      now,
      limits,
      offset: this.offset,
      chunkSize: size,
      lastSend: this.lastSend,
      spentToday: this.spentOn(localDay(sendtime ?? now, this.offset), mode),
      nextCosts: candidates.map((c) => c.cost ?? 0),
      handedOverForLater: scheduled,
    });
    if (plan.kind === 'wait') {
      this.wait(row.id, plan.reason, plan.until, row.attempts, null);
      return;
    }
    const chunk = candidates.slice(0, plan.size);
    const options = frozenOptions(row);
    const personalised = chunk.some((c) => c.tagvaluesJson !== null);
    const spec: CampaignSendSpec = {
      id: row.id,
      text: row.text,
      sender: row.sender,
      options,
      fields: personalised ? mergeFieldsIn(row.text) : [],
    };

    const seq = this.sql('SELECT COALESCE(MAX(seq), 0) + 1 FROM send_chunks WHERE campaign_id = ?').pluck().get(row.id) as number;
    // The request is built before anything is marked: a failure here certainly sent nothing.
    // A request returns the write that records its answer: run at once, kept and retried if the disk refuses it.
    let send: (chunkId: number) => Promise<() => void>;
    try {
      if (row.channel === 'legacy') {
        // Straight from the frozen rows to JSON: the stored tagvalues are not parsed and serialised again.
        const req = buildLegacyRequestJson(spec, seq, chunk, sendtime);
        send = async (chunkId) => {
          const res = await this.deps.gateway.sendBuiltMtsms(req.json);
          return () => this.acceptLegacy(row, chunkId, req.groups, res, sendtime ?? this.now(), mode);
        };
      } else {
        const recipients: ChunkRecipient[] = chunk.map((c) => ({
          id: c.id,
          msisdn: c.msisdn,
          text: c.text,
          tagvalues: c.tagvaluesJson === null ? null : (JSON.parse(c.tagvaluesJson) as string[]),
          parts: c.parts,
          ucs2: c.ucs2,
        }));
        const messages = buildMessagingRequest(spec, recipients);
        send = async (chunkId) => {
          const res = await this.deps.gateway.sendMulti(messages);
          return () => this.acceptMessaging(row, chunkId, chunk, res, mode);
        };
      }
    } catch (err) {
      this.deps.log.error('could not build a request', { err, campaign: row.id });
      this.pauseWithError(row.id, { message: 'Besked could not prepare this campaign’s messages. Please report this; nothing was sent.', ...coded('campaign.prepareFailed') });
      return;
    }

    const t = this.tracker(row.id);
    // Commit the evidence first: from here on, a crash leaves this chunk in flight, which start-up makes uncertain.
    // The chunk is the lowest ids still queued, so its range is exactly its recipients (settlement.ts).
    const firstId = chunk[0]!.id;
    const lastId = chunk[chunk.length - 1]!.id;
    const chunkId = db.transaction(() => {
      const id = Number(
        this.sql(
          "INSERT INTO send_chunks (campaign_id, seq, state, recipients, started_at, first_id, last_id, settled) VALUES (?, ?, 'in_flight', ?, ?, ?, ?, 0)",
        ).run(row.id, seq, chunk.length, this.iso(now), firstId, lastId).lastInsertRowid,
      );
      if (row.state === 'waiting') {
        this.sql("UPDATE campaigns SET state = 'sending', waiting_reason = NULL, next_attempt_at = NULL WHERE id = ? AND state = 'waiting'").run(row.id);
      }
      return id;
    })();
    t.counts.queued -= chunk.length;
    t.counts.inFlight += chunk.length;
    if (row.state === 'waiting') this.changed(row.id);

    let record: () => void;
    let answered = false;
    try {
      record = await send(chunkId);
      answered = true;
    } catch (err) {
      record = () => this.failChunk(row, chunkId, chunk.length, err);
    }
    this.record(record, () => {
      if (answered) {
        this.lastSend = { at: this.now(), count: chunk.length };
        t.doneThisRun += chunk.length;
        this.deps.onAccepted?.();
      }
      this.progress(row.id);
      this.finishIfDone(row.id);
    });
  }

  /**
   * Records a request's outcome. When the disk refuses the write (full, read-only, failing), the outcome is kept in
   * memory and nothing else happens until it is written: the chunk is not marked uncertain, nothing is resent.
   */
  private record(write: () => void, after: () => void): void {
    try {
      write();
    } catch (err) {
      const problem = storageProblemOf(err);
      if (!problem) throw err;
      this.unrecorded = { write, after };
      this.storageFailed(problem, err);
      return;
    }
    after();
  }

  private storageFailed(problem: StorageProblem, err: unknown): void {
    if (this.storage?.problem !== problem) {
      this.deps.log.error('the outbox cannot write; sending waits until it can', { problem, err });
      this.storage = { problem, since: this.now() };
      this.deps.onStorage?.(problem);
    }
  }

  /** While writes fail: the kept outcome first, else a small write to see whether the disk takes writes again. */
  private retryStorage(): boolean {
    try {
      if (this.unrecorded) this.unrecorded.write();
      else this.sql("INSERT INTO sync_state (key, value) VALUES ('outbox.writable', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(this.iso());
    } catch (err) {
      const problem = storageProblemOf(err);
      if (!problem) throw err;
      this.storageFailed(problem, err);
      return false;
    }
    const after = this.unrecorded?.after;
    this.unrecorded = null;
    this.storage = null;
    this.deps.log.info('the outbox can write again; sending goes on');
    this.deps.onStorage?.(null);
    after?.();
    return true;
  }

  /** Why sending waits for the disk, or null. */
  storageProblem(): StorageProblem | null {
    return this.storage?.problem ?? null;
  }

  /**
   * The next queued recipients in id order: queued rows and entries still in frozen batches (frozen-batches.ts).
   * Rows are read as plain arrays: better-sqlite3 builds row objects property by property, which for 1,000 rows
   * per chunk cost more than the query.
   */
  private queued(row: CampaignRow, limit: number): QueuedRow[] {
    const campaignId = row.id;
    const range = batchRange(this.deps.db, campaignId);
    if (!range) {
      this.frozen.delete(campaignId);
      return this.queuedRows(row, 0, Number.MAX_SAFE_INTEGER, limit);
    }
    // In id order: rows below the batches (written while idle), the batches' entries, the row above (the last recipient).
    // Entries above every unsettled chunk are queued: a chunk covering some stays unsettled until they are rows.
    const kept = this.frozen.get(campaignId);
    // While the batches are all there, no row lies below them.
    const out = kept?.firstId === range.first ? [] : this.queuedRows(row, 0, range.first - 1, limit);
    const from = Math.max(range.first, queueFloor(this.deps.db, campaignId) + 1);
    if (kept && kept.firstId <= range.first && kept.firstId + kept.msisdn.length - 1 >= range.last) {
      for (let id = from; id <= range.last && out.length < limit; id++) out.push(keptRow(kept, id));
    } else if (from <= range.last && out.length < limit) {
      for (const batch of readBatches(this.deps.db, campaignId, from, limit - out.length)) {
        const last = batch.firstId + batch.msisdn.length - 1;
        for (let id = Math.max(from, batch.firstId); id <= last && out.length < limit; id++) out.push(keptRow(batch, id));
      }
    }
    if (out.length < limit) out.push(...this.queuedRows(row, range.last + 1, Number.MAX_SAFE_INTEGER, limit - out.length));
    return out;
  }

  private queuedRows(row: CampaignRow, minId: number, maxId: number, limit: number): QueuedRow[] {
    const legacy = row.channel === 'legacy';
    const rows = this.sql(
      `SELECT id, msisdn, ${legacy ? "''" : 'text'}, tagvalues, parts, cost FROM campaign_recipients
       WHERE ${REALLY_QUEUED} AND id BETWEEN @min AND @max ORDER BY id LIMIT @limit`,
    )
      .raw(true)
      .all({ campaign: row.id, min: minId, max: maxId, limit }) as [number, number, string, string | null, number, number | null][];
    if (rows.length === 0) return [];
    const templateUcs2 = isUcs2(row.text);
    return rows.map(([id, msisdn, text, tagvaluesJson, parts, cost]) => ({
      id,
      msisdn,
      text,
      tagvaluesJson,
      parts,
      cost,
      ucs2: legacy ? recipientNeedsUcs2(templateUcs2, tagvaluesJson) : isUcs2(text),
    }));
  }

  private acceptLegacy(row: CampaignRow, chunkId: number, groups: { id: number }[][], res: SendResponse, sendAtMs: number, mode: Mode): void {
    const db = this.deps.db;
    const at = this.iso();
    const validity = frozenOptions(row).validitySeconds ?? DEFAULT_VALIDITY_S;
    const firstPoll = Math.max(sendAtMs, this.now()) + (this.deps.firstPollDelayMs ?? 30_000);
    const held = this.sql('SELECT 1 FROM gateway_messages WHERE gateway_id = ?').pluck();
    const account = accountLegacy(groups.length, res.ids, (id) => held.get(id) !== undefined);
    const unaccounted = groups.filter((_, i) => account.ids[i] === null).flat();
    if (unaccounted.length > 0) {
      this.deps.log.warn('legacy send: the answer does not account for every message', { campaign: row.id, ids: res.ids.length, messages: groups.length, problem: account.problem });
    }
    // The recipients' rows are not touched here: the chunk holds the outcome until it is settled (settlement.ts).
    const addMessage = this.sql(
      `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done, recipient_ids)
       VALUES (?, 'legacy', ?, ?, ?, ?, ?, ?, 0, ?)`,
    );
    const n = groups.reduce((sum, g) => sum + g.length, 0);
    const why = unaccounted.length > 0 ? unaccountedReason(n - unaccounted.length, n) : null;
    db.transaction(() => {
      // Every group but the largest by its ids, the largest as "the rest of the chunk" (settlement.ts takes the
      // listed ones first): a chunk of mostly GSM-7 texts stores a few UCS-2 ids, not a thousand GSM-7 ones. When
      // some group is unaccounted for, every accounted group lists its ids and the rest is uncertain.
      const rest = unaccounted.length > 0 ? -1 : groups.reduce((best, g, i) => (g.length > groups[best]!.length ? i : best), 0);
      groups.forEach((g, i) => {
        const id = account.ids[i];
        if (id === null || id === undefined) return;
        const ids = i === rest ? null : JSON.stringify(g.map((r) => r.id));
        addMessage.run(id, row.id, chunkId, g.length, this.iso(sendAtMs), this.iso(sendAtMs + validity * 1000), this.iso(firstPoll), ids);
      });
      // Ids the answer gave without saying whose: polled like any message, their reports confirm the uncertain
      // recipients they name (sync/status-store.ts).
      if (account.problem === 'count') {
        const probe = this.sql(
          `INSERT OR IGNORE INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done, probe)
           VALUES (?, 'legacy', ?, ?, ?, ?, ?, ?, 0, 1)`,
        );
        for (const n of new Set(res.ids)) {
          if (held.get(String(n)) === undefined) probe.run(String(n), row.id, chunkId, unaccounted.length, this.iso(sendAtMs), this.iso(sendAtMs + validity * 1000), this.iso(firstPoll));
        }
      }
      const cost = res.usage.total_cost;
      this.sql("UPDATE send_chunks SET state = 'accepted', finished_at = ?, cost = ?, uncertain_ids = ?, error = ?, error_code = ? WHERE id = ?").run(
        at,
        cost,
        unaccounted.length > 0 ? JSON.stringify(unaccounted.map((r) => r.id)) : null,
        ...lastErrorColumns(why),
        chunkId,
      );
      this.addSpend(localDay(sendAtMs, this.offset), mode, cost);
      this.sql(
        `UPDATE campaigns SET attempts = 0, last_error = NULL, last_error_code = NULL, currency = COALESCE(currency, ?),
           scheduled_at_gateway = CASE WHEN ? THEN 1 ELSE scheduled_at_gateway END WHERE id = ?`,
      ).run(res.usage.currency, sendAtMs > this.now() + SCHEDULE_THRESHOLD_MS ? 1 : 0, row.id);
    })();
    const t = this.tracker(row.id);
    t.counts.inFlight -= n;
    t.counts.accepted += n - unaccounted.length;
    t.counts.uncertain += unaccounted.length;
    // Rare, and the user will look at exactly these recipients: settle now.
    if (unaccounted.length > 0) this.settle(row.id);
    // Cancelled while this chunk was on its way: take its scheduled messages back out of the gateway's queue.
    if (sendAtMs > this.now() + SCHEDULE_THRESHOLD_MS && this.deps.store.row(row.id).state === 'cancelled') {
      void this.cancel(row.id).catch((err: unknown) => this.deps.log.warn('cancel after late acceptance failed', { err }));
    }
  }

  private acceptMessaging(row: CampaignRow, chunkId: number, chunk: QueuedRow[], res: MultiMobileMessageResponse, mode: Mode): void {
    const db = this.deps.db;
    const at = this.iso();
    const held = this.sql('SELECT 1 FROM gateway_messages WHERE gateway_id = ?').pluck();
    const account = accountMessaging(row.id, chunk, res.responses, (id) => held.get(id) !== undefined);
    const why = account.unaccounted.length > 0 ? unaccountedReason(account.accepted.size, chunk.length) : null;
    if (why) this.deps.log.warn('messaging send: the answer does not account for every recipient', { campaign: row.id, responses: res.responses.length, sent: chunk.length });
    const validity = frozenOptions(row).validitySeconds ?? DEFAULT_VALIDITY_S;
    let cost = 0;
    db.transaction(() => {
      // Each recipient has its own message id, so these rows are settled at once.
      const setAccepted = this.sql(
        "UPDATE campaign_recipients SET state = 'accepted', chunk_id = ?, gateway_id = ?, status = 'sent', status_at = ? WHERE id = ? AND state = 'queued' AND chunk_id IS NULL",
      );
      // Accepted by the 202, but not named in it: the gateway may well have it, so never failed, never resent.
      const setUncertain = this.sql(
        "UPDATE campaign_recipients SET state = 'uncertain', chunk_id = ?, reason = ? WHERE id = ? AND state = 'queued' AND chunk_id IS NULL",
      );
      // Status of messaging sends arrives only by webhook: nothing to poll, so the rows are born done.
      const addMessage = this.sql(
        `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done)
         VALUES (?, 'messaging', ?, ?, 1, ?, ?, NULL, 1)`,
      );
      for (const r of chunk) {
        const msgId = account.accepted.get(r.id);
        if (msgId === undefined) {
          setUncertain.run(chunkId, why!.message, r.id);
          continue;
        }
        cost += r.cost ?? 0;
        setAccepted.run(chunkId, msgId, at, r.id);
        addMessage.run(msgId, row.id, chunkId, at, this.iso(this.now() + validity * 1000));
      }
      this.sql("UPDATE send_chunks SET state = 'accepted', finished_at = ?, cost = ?, settled = 1, uncertain_ids = ?, error = ?, error_code = ? WHERE id = ?").run(
        at,
        cost,
        why ? JSON.stringify(account.unaccounted) : null,
        ...lastErrorColumns(why),
        chunkId,
      );
      this.addSpend(localDay(this.now(), this.offset), mode, cost);
      this.sql('UPDATE campaigns SET attempts = 0, last_error = NULL, last_error_code = NULL WHERE id = ?').run(row.id);
    })();
    const t = this.tracker(row.id);
    t.counts.inFlight -= chunk.length;
    t.counts.accepted += account.accepted.size;
    t.counts.uncertain += chunk.length - account.accepted.size;
  }

  private failChunk(row: CampaignRow, chunkId: number, n: number, err: unknown): void {
    const e = err instanceof BeskedError ? err : null;
    const message = e ? e.message : 'Something went wrong inside Besked while sending.';
    if (!e) this.deps.log.error('send failed unexpectedly', { err, campaign: row.id });
    const at = this.iso();
    const t = this.tracker(row.id);
    t.counts.inFlight -= n;
    // Anything not known to have stayed on this computer may have been accepted.
    if (!e || e.maybeAccepted !== false) {
      this.sql("UPDATE send_chunks SET state = 'uncertain', finished_at = ?, error = ?, error_code = ? WHERE id = ?").run(
        at,
        `${UNCERTAIN_MESSAGE} (${message})`,
        e?.code === undefined ? null : JSON.stringify({ code: e.code, ...(e.params ? { params: e.params } : {}) }),
        chunkId,
      );
      // Rare, and the user will look at exactly these recipients: settle now.
      this.settle(row.id);
      t.counts.uncertain += n;
      this.deps.log.warn('chunk outcome unknown', { campaign: row.id, chunk: chunkId, message });
      // The line may be bad: pause briefly before the next chunk, as for a refused connection.
      this.wait(row.id, 'offline', this.now() + this.backoff(1), 0, null);
      return;
    }
    if (e.kind === 'validation') {
      this.sql("UPDATE send_chunks SET state = 'failed', finished_at = ?, error = ? WHERE id = ?").run(at, message, chunkId);
      this.settle(row.id);
      t.counts.failed += n;
      return;
    }
    // Certainly not sent: the recipients go back to the queue.
    // Its recipients were never marked, so they are simply queued again once the chunk no longer covers them.
    this.sql("UPDATE send_chunks SET state = 'requeued', finished_at = ?, error = ?, settled = 1 WHERE id = ?").run(at, message, chunkId);
    t.counts.queued += n;
    if (e.kind === 'network' || e.kind === 'server' || e.kind === 'rate_limited') {
      const attempts = row.attempts + 1;
      const wait = e.retryAfterS !== undefined ? e.retryAfterS * 1000 : this.backoff(attempts);
      this.wait(row.id, e.kind === 'rate_limited' ? 'rate' : 'offline', this.now() + wait, attempts, null);
      return;
    }
    // Token refused, too little credit, a feature not enabled…: the user has to act, so stop here and say why.
    this.pauseWithError(row.id, e);
  }

  /**
   * A campaign with nothing left to send that still is not done (the tracker or the database still shows a
   * request in flight) must not be picked again at once: the loop would spin and starve every other campaign.
   * Its counts are read again from the database; if it still cannot finish, it waits with a reason and tries later.
   */
  private parkIfStuck(row: CampaignRow): void {
    if (!['sending', 'waiting'].includes(this.deps.store.maybeRow(row.id)?.state ?? '')) return;
    this.forget(row.id);
    this.finishIfDone(row.id);
    if (!['sending', 'waiting'].includes(this.deps.store.maybeRow(row.id)?.state ?? '')) return;
    const attempts = row.attempts + 1;
    this.deps.log.warn('campaign has nothing to send but is not done; it waits and looks again', { campaign: row.id, attempts });
    this.wait(row.id, 'settling', this.now() + this.backoff(attempts), attempts, null);
  }

  private backoff(attempt: number): number {
    return offlineBackoffMs(attempt, this.deps.retryBaseMs ?? 2_000, this.deps.retryMaxMs ?? 60_000);
  }

  private wait(id: number, reason: WaitReason | 'offline' | 'settling', until: number, attempts: number, error: StoppedReason | null): void {
    const changes = this.sql(
        `UPDATE campaigns SET state = 'waiting', waiting_reason = ?, next_attempt_at = ?, attempts = ?, last_error = ?, last_error_code = ?
         WHERE id = ? AND state IN ('sending', 'waiting')`,
      )
      .run(reason, this.iso(until), attempts, ...lastErrorColumns(error), id).changes;
    if (changes) this.changed(id);
  }

  /** Pauses with the reason the user has to act on; its code lets the UI say it in the user's language. */
  private pauseWithError(id: number, reason: StoppedReason): void {
    const changes = this.sql(
      "UPDATE campaigns SET state = 'paused', last_error = ?, last_error_code = ?, next_attempt_at = NULL WHERE id = ? AND state IN ('sending', 'waiting')",
    ).run(...lastErrorColumns(reason), id).changes;
    if (changes) this.changed(id);
  }

  private setState(id: number, state: CampaignRow['state'], from: CampaignRow['state'][]): boolean {
    const changes = this.sql(`UPDATE campaigns SET state = ?, waiting_reason = NULL, next_attempt_at = NULL WHERE id = ? AND state IN (${from.map(() => '?').join(', ')})`)
      .run(state, id, ...from).changes;
    if (changes) this.changed(id);
    return changes > 0;
  }

  /**
   * When nothing is queued or in flight any more, the campaign gets its final (or scheduled) state. `settled`
   * also re-judges a finished campaign, after the user dealt with its uncertain recipients.
   */
  finishIfDone(id: number, settled = false): void {
    const row = this.deps.store.maybeRow(id);
    const judged: CampaignRow['state'][] = settled ? ['sending', 'waiting', 'scheduled', 'sent', 'partly_failed', 'failed'] : ['sending', 'waiting', 'scheduled'];
    if (!row || !judged.includes(row.state)) return;
    // While sending, the tracker knows without counting 100,000 rows after every chunk.
    const known = this.trackers.get(id);
    if (known && (known.counts.queued > 0 || known.counts.inFlight > 0)) return;
    const c = this.deps.store.counts(id);
    if (c.queued > 0 || c.inFlight > 0) return;
    const now = this.now();
    let state: CampaignRow['state'];
    if (row.scheduled_at_gateway === 1 && row.send_at && Date.parse(row.send_at) > now && c.accepted > 0) state = 'scheduled';
    else if (c.accepted === 0) state = c.cancelled > 0 && c.failed + c.uncertain + c.dismissed === 0 ? 'cancelled' : 'failed';
    else if (c.failed + c.uncertain > 0) state = 'partly_failed';
    else state = 'sent';
    if (state === row.state) return;
    this.sql(
      `UPDATE campaigns SET state = ?, waiting_reason = NULL, next_attempt_at = NULL, finished_at = CASE WHEN ? = 'scheduled' THEN NULL ELSE ? END
       WHERE id = ?`,
    ).run(state, state, this.iso(now), id);
    this.trackers.delete(id);
    this.frozen.delete(id);
    this.changed(id, c);
  }

  private spentOn(day: string, mode: Mode): number {
    return (this.sql('SELECT cost FROM daily_spend WHERE day = ? AND mode = ?').pluck().get(day, mode) as number | undefined) ?? 0;
  }

  private addSpend(day: string, mode: Mode, cost: number): void {
    if (!cost) return;
    this.sql('INSERT INTO daily_spend (day, mode, cost) VALUES (?, ?, ?) ON CONFLICT(day, mode) DO UPDATE SET cost = cost + excluded.cost')
      .run(day, mode, cost);
  }

  private progress(id: number): void {
    const row = this.deps.store.maybeRow(id);
    if (!row) return;
    const t = this.tracker(id);
    this.deps.events.emit('campaign.progress', {
      id,
      state: row.state,
      waitingReason: row.state === 'waiting' ? row.waiting_reason : null,
      counts: { ...t.counts, total: t.counts.queued + t.counts.inFlight + t.counts.accepted + t.counts.uncertain + t.counts.failed + t.counts.cancelled + t.counts.dismissed },
      cost: this.deps.store.cost(id),
      etaSeconds: this.etaFor(id),
      nextAttemptAt: row.state === 'waiting' ? row.next_attempt_at : null,
    });
  }

  changed(id: number, counts?: CampaignCounts): void {
    const row = this.deps.store.maybeRow(id);
    this.deps.events.emit('campaign.changed', { id, summary: row ? this.deps.store.summary(row, this.etaFor(id), counts) : null });
  }

  // ─── What the user does to a campaign on its way ───

  pause(id: number): void {
    const row = this.deps.store.row(id);
    if (row.state === 'scheduled' && row.scheduled_at_gateway === 1) {
      throw new BeskedError('conflict', 'This campaign is already at the gateway, scheduled for its time. Cancel it instead if it must not go out.', coded('campaign.alreadyAtGateway'));
    }
    if (!['sending', 'waiting', 'scheduled'].includes(row.state)) {
      throw new BeskedError('conflict', 'Only a campaign that is sending or waiting can be paused.', coded('campaign.cannotPause'));
    }
    this.sql("UPDATE campaigns SET state = 'paused', next_attempt_at = NULL WHERE id = ?").run(id);
    this.forget(id);
    this.changed(id);
  }

  async resume(id: number): Promise<void> {
    const row = this.deps.store.row(id);
    if (row.state !== 'paused') throw new BeskedError('conflict', 'Only a paused campaign can be resumed.', coded('campaign.cannotResume'));
    const mode = await this.deps.mode();
    const later = row.channel === 'messaging' && row.send_at !== null && Date.parse(row.send_at) > this.now();
    this.sql("UPDATE campaigns SET state = ?, mode = ?, last_error = NULL, last_error_code = NULL, attempts = 0, waiting_reason = NULL, next_attempt_at = NULL WHERE id = ?")
      .run(later ? 'scheduled' : 'sending', mode, id);
    this.forget(id);
    this.changed(id);
    this.wake();
  }

  /**
   * Cancels what has not gone out: queued recipients at once, and messages waiting at the gateway for their send
   * time through DELETE /rest/mtsms/{id}. Those the gateway could not delete (already sent, or unreachable) are
   * reported; the campaign is only marked cancelled when nothing is left at the gateway.
   */
  async cancel(id: number): Promise<{ notCancelled: number; problem: string | null }> {
    const db = this.deps.db;
    const row = this.deps.store.row(id);
    if (row.state === 'draft') throw new BeskedError('conflict', 'This message has not been sent. Delete the draft instead.', coded('campaign.draftNotSent'));
    if (['sent', 'partly_failed', 'failed'].includes(row.state) && !this.hasScheduledAtGateway(id)) {
      throw new BeskedError('conflict', 'This campaign has already gone out, so there is nothing left to cancel.', coded('campaign.nothingToCancel'));
    }
    const at = this.iso();
    this.settle(id);
    db.transaction(() => {
      // A chunk on its way is not the queue any more: its outcome decides for its recipients.
      this.sql(`UPDATE campaign_recipients SET state = 'cancelled', status = 'cancelled', status_at = @at WHERE ${REALLY_QUEUED}`).run({ at, campaign: id });
      this.sql("UPDATE campaigns SET state = 'cancelled', waiting_reason = NULL, next_attempt_at = NULL, finished_at = ? WHERE id = ? AND state <> 'cancelled'").run(at, id);
    })();
    const pending = this.sql(
        `SELECT gateway_id FROM gateway_messages
         WHERE campaign_id = ? AND interface = 'legacy' AND done = 0 AND send_at > ?`,
      )
      .pluck()
      .all(id, at) as string[];
    let notCancelled = 0;
    let problem: string | null = null;
    for (const gid of pending) {
      try {
        await this.deps.gateway.deleteScheduled(Number(gid));
        db.transaction(() => {
          this.sql(
            "UPDATE campaign_recipients SET state = 'cancelled', status = 'cancelled', status_at = ? WHERE campaign_id = ? AND gateway_id = ? AND state = 'accepted'",
          ).run(at, id, gid);
          this.sql('UPDATE gateway_messages SET done = 1 WHERE gateway_id = ?').run(gid);
          this.sql(
            `INSERT INTO status_events (campaign_id, recipient_id, status, at)
             SELECT campaign_id, id, 'cancelled', ? FROM campaign_recipients WHERE campaign_id = ? AND gateway_id = ?`,
          ).run(at, id, gid);
        })();
      } catch (err) {
        const n = this.sql('SELECT recipients FROM gateway_messages WHERE gateway_id = ?').pluck().get(gid) as number;
        notCancelled += n;
        problem = toAppError(err).message;
      }
    }
    if (notCancelled > 0) {
      // Something is still queued at the gateway: say so instead of pretending it was cancelled.
      // The gateway's reason is part of the sentence, so this one stays in English (no code).
      this.sql("UPDATE campaigns SET state = 'scheduled', finished_at = NULL, last_error = ?, last_error_code = NULL WHERE id = ?").run(
        `${notCancelled.toLocaleString('en')} scheduled messages could not be cancelled at the gateway and may still go out: ${problem} Try cancelling again.`,
        id,
      );
    } else {
      this.sql('UPDATE campaigns SET last_error = NULL, last_error_code = NULL WHERE id = ?').run(id);
    }
    this.forget(id);
    this.changed(id);
    return { notCancelled, problem };
  }

  private hasScheduledAtGateway(id: number): boolean {
    return (
      this.sql("SELECT 1 FROM gateway_messages WHERE campaign_id = ? AND interface = 'legacy' AND done = 0 AND send_at > ? LIMIT 1")
        .get(id, this.iso()) !== undefined
    );
  }

  /** The user's answer for recipients whose request had an unknown outcome: send again, or leave them. */
  resolveUncertain(id: number, action: 'resend' | 'dismiss'): Promise<void> {
    return this.exclusive(() => this.resolveUncertainNow(id, action));
  }

  private resolveUncertainNow(id: number, action: 'resend' | 'dismiss'): void {
    const db = this.deps.db;
    this.settle(id);
    const row = this.deps.store.row(id);
    const n = this.sql("SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state = 'uncertain'").pluck().get(id) as number;
    if (n === 0) throw new BeskedError('conflict', 'No recipient of this campaign is uncertain any more.', coded('campaign.nothingUncertain'));
    if (action === 'dismiss') {
      this.sql("UPDATE campaign_recipients SET state = 'dismissed' WHERE campaign_id = ? AND state = 'uncertain'").run(id);
      this.forget(id);
      this.finishIfDone(id, true);
      this.changed(id);
      return;
    }
    if (row.state === 'cancelled') throw new BeskedError('conflict', 'This campaign was cancelled. Duplicate it to send again.', coded('campaign.cancelledDuplicate'));
    db.transaction(() => {
      this.sql("UPDATE campaign_recipients SET state = 'queued', chunk_id = NULL WHERE campaign_id = ? AND state = 'uncertain'").run(id);
      if (row.state !== 'paused') {
        this.sql("UPDATE campaigns SET state = 'sending', finished_at = NULL, waiting_reason = NULL, next_attempt_at = NULL WHERE id = ?").run(id);
      }
    })();
    this.forget(id);
    this.changed(id);
    this.wake();
  }

  /** Counts as the tracker has them (cheap while sending); from the database otherwise. */
  countsFor(id: number): CampaignCounts {
    const t = this.trackers.get(id);
    if (!t) return this.deps.store.counts(id);
    const c = { ...t.counts };
    c.total = c.queued + c.inFlight + c.accepted + c.uncertain + c.failed + c.cancelled + c.dismissed;
    return c;
  }
}

/** A frozen entry (a list kept in memory or a batch read back) as a queued row: legacy recipients only, whose requests carry the template, not the text. */
function keptRow(list: FrozenList, id: number): QueuedRow {
  const i = id - list.firstId;
  return {
    id,
    msisdn: list.msisdn[i]!,
    text: '',
    tagvaluesJson: list.tagvaluesJson[i] ?? null,
    parts: list.parts[i]!,
    cost: orNull(list.cost[i]!),
    ucs2: list.ucs2[i] === 1,
  };
}

function isUcs2(text: string): boolean {
  return countSegments(text).encoding === 'UCS-2';
}


/** Why an accepted chunk's recipients are uncertain: the answer did not account for them. */
function unaccountedReason(accounted: number, sent: number): StoppedReason {
  return {
    message: `The gateway accepted the request, but its answer accounted for only ${accounted.toLocaleString('en')} of its ${sent.toLocaleString('en')} recipients, so the others may well have the message. They are not sent again by themselves.`,
    ...coded('chunk.unaccounted', { accounted, sent }),
  };
}
