// Campaigns on their way as the outbox sees them: counts tracked in memory while sending (no 100,000-row count
// after every chunk), the states a campaign moves through while sending (waiting, paused with a reason, finished),
// and the progress and change events the views follow.
import { draftAudience } from '../../../../src-shared/campaigns/draft-access';
import type { CampaignCounts } from '../../../../src-shared/contract';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { lastErrorColumns, type CampaignRow, type StoppedReason } from '../campaign-store';
import { estimateEtaSeconds, offlineBackoffMs, type WaitReason } from '../checks/limits';
import { waitsAtGateway } from '../gateway-departure';
import { scheduleKind } from '../checks/scheduling';
import type { OutboxDeps } from './outbox-context';

export interface RunTracker {
  counts: CampaignCounts;
  startedAt: number;
  doneThisRun: number;
}

export class CampaignRuns {
  private readonly trackers = new Map<number, RunTracker>();
  private readonly db: Db;

  constructor(
    private readonly deps: OutboxDeps,
    private readonly now: () => number,
    /** A campaign is done: whatever the outbox keeps for it can go. */
    private readonly letGo: (id: number) => void,
  ) {
    this.db = deps.db;
  }

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  tracker(id: number): RunTracker {
    let t = this.trackers.get(id);
    if (!t) {
      t = { counts: this.deps.store.counts(id), startedAt: this.now(), doneThisRun: 0 };
      this.trackers.set(id, t);
    }
    return t;
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

  /** Counts as the tracker has them (cheap while sending); from the database otherwise. */
  countsFor(id: number): CampaignCounts {
    const t = this.trackers.get(id);
    if (!t) return this.deps.store.counts(id);
    const c = { ...t.counts };
    c.total = c.queued + c.inFlight + c.accepted + c.uncertain + c.failed + c.cancelled + c.dismissed;
    return c;
  }

  backoff(attempt: number): number {
    return offlineBackoffMs(attempt, this.deps.retryBaseMs ?? 2_000, this.deps.retryMaxMs ?? 60_000);
  }

  wait(id: number, reason: WaitReason | 'offline' | 'settling', until: number, attempts: number, error: StoppedReason | null): void {
    const changes = prepared(
      this.db,
      `UPDATE campaigns SET state = 'waiting', waiting_reason = ?, next_attempt_at = ?, attempts = ?, last_error = ?, last_error_code = ?
       WHERE id = ? AND state IN ('sending', 'waiting')`,
    ).run(reason, this.iso(until), attempts, ...lastErrorColumns(error), id).changes;
    if (changes) this.changed(id);
  }

  /** Pauses with the reason the user has to act on; its code lets the UI say it in the user's language. */
  pauseWithError(id: number, reason: StoppedReason): void {
    const changes = prepared(
      this.db,
      "UPDATE campaigns SET state = 'paused', last_error = ?, last_error_code = ?, next_attempt_at = NULL WHERE id = ? AND state IN ('sending', 'waiting')",
    ).run(...lastErrorColumns(reason), id).changes;
    if (changes) this.changed(id);
  }

  setState(id: number, state: CampaignRow['state'], from: CampaignRow['state'][]): boolean {
    const changes = prepared(
      this.db,
      `UPDATE campaigns SET state = ?, waiting_reason = NULL, next_attempt_at = NULL WHERE id = ? AND state IN (${from.map(() => '?').join(', ')})`,
    ).run(state, id, ...from).changes;
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
    const sendAt = row.send_at ? Date.parse(row.send_at) : null;
    // Handed over for later, though no answer said so (it was lost): the gateway may hold the messages till then.
    const handedForLater = row.scheduled_at_gateway === 1 || (c.uncertain > 0 && row.frozen_at !== null && scheduleKind(row.channel, sendAt, Date.parse(row.frozen_at)) === 'at_gateway');
    const atGateway = waitsAtGateway({
      scheduledAtGateway: handedForLater,
      sendAt,
      now,
      accepted: c.accepted,
      uncertain: c.uncertain,
      anyLeft: () => this.deps.store.recipients.anyLeftGateway(id),
    });
    if (atGateway) state = 'scheduled';
    else if (c.accepted === 0) state = c.cancelled > 0 && c.failed + c.uncertain + c.dismissed === 0 ? 'cancelled' : 'failed';
    else if (c.failed + c.uncertain > 0) state = 'partly_failed';
    else state = 'sent';
    if (state === row.state) return;
    prepared(
      this.db,
      `UPDATE campaigns SET state = ?, waiting_reason = NULL, next_attempt_at = NULL, finished_at = CASE WHEN ? = 'scheduled' THEN NULL ELSE ? END,
         scheduled_at_gateway = MAX(scheduled_at_gateway, ?)
       WHERE id = ?`,
    ).run(state, state, this.iso(now), handedForLater ? 1 : 0, id);
    this.trackers.delete(id);
    this.letGo(id);
    this.changed(id, c);
  }

  /**
   * Delivery reports were applied for these campaigns. A campaign waiting at the gateway for its send time is judged
   * again: a report may show its messages went out before this PC's clock reached that time (gateway-departure.ts).
   * One row read per campaign; the others are left alone.
   */
  reportsApplied(ids: readonly number[]): void {
    for (const id of ids) {
      const row = this.deps.store.maybeRow(id);
      if (row?.state === 'scheduled' && row.scheduled_at_gateway === 1) this.finishIfDone(id);
    }
  }

  /**
   * A campaign with nothing left to send that still is not done (the tracker or the database still shows a
   * request in flight) must not be picked again at once: the loop would spin and starve every other campaign.
   * Its counts are read again from the database; if it still cannot finish, it waits with a reason and tries later.
   */
  parkIfStuck(row: CampaignRow): void {
    if (!['sending', 'waiting'].includes(this.deps.store.maybeRow(row.id)?.state ?? '')) return;
    this.forget(row.id);
    this.finishIfDone(row.id);
    if (!['sending', 'waiting'].includes(this.deps.store.maybeRow(row.id)?.state ?? '')) return;
    const attempts = row.attempts + 1;
    this.deps.log.warn('campaign has nothing to send but is not done; it waits and looks again', { campaign: row.id, attempts });
    this.wait(row.id, 'settling', this.now() + this.backoff(attempts), attempts, null);
  }

  progress(id: number): void {
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
    // A private draft's news goes to its author and the owners only (draft-access.ts).
    const to = row ? draftAudience({ state: row.state, authorId: row.author_id, shared: row.shared === 1 }) : null;
    this.deps.events.emit('campaign.changed', { id, summary: row ? this.deps.store.summary(row, this.etaFor(id), counts) : null }, to ?? undefined);
  }
}
