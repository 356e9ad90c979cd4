// Sending a draft: checked exactly as the preview checked it, its recipients frozen with their final texts, and
// handed to the outbox. From here on the frozen recipients are the truth, whatever happens to the contacts.
import type { Settings } from '../../../src-shared/contract';
import { formatPhone } from '../../../src-shared/phone';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import { draftOf, frozenOptions, type CampaignStore } from './campaign-store';
import type { FirstLiveSend } from './checks/first-live-send';
import type { ComposePreviewService, SendPlan } from './drafts/preview';
import { scheduleKind, stateAfterFreeze } from './checks/scheduling';
import type { MessageOptions } from './outbox/send-spec';
import type { RecentSenders } from './drafts/senders';
import { coded } from '../../../src-shared/error-codes';
import { batchStringsInTurns, DEFAULT_BATCH_SIZE, frozenListInTurns, insertQueuedRows, nextRecipientId, QUEUED_ROW_PARAMS, writeBatches, type FrozenList } from './recipients/frozen-batches';
import { channelTraits } from './outbox/channel-traits';
import { computerClock } from '../clock';
import { consentMark, optedOutSince, type ConsentMark } from '../contacts/consent';
import { nextTurn } from '../event-loop-turns';
import { writeGate } from '../db/write-gate';

export interface SendDeps {
  db: Db;
  store: CampaignStore;
  preview: ComposePreviewService;
  settings: () => Settings;
  senders: RecentSenders;
  /** The warning before the database's first live send. */
  firstLive: FirstLiveSend;
  /** Starts the outbox on the new work. */
  wake: () => void;
  changed: (id: number) => void;
  /** Hands a list frozen as batches to the outbox, so it sends from memory instead of reading the batches back. */
  adopt?: (campaignId: number, list: FrozenList) => void;
  /** Recipients per frozen batch (frozen-batches.ts); tests make it small to cross batch edges often. */
  batchSize?: number;
  now?: () => number;
}

/** Plans a send makes in turns of the event loop before it plans in one stretch (see send()). */
const PLAN_TRIES = 3;

/** Rows prepared between two yields to the event loop. */
const YIELD_EVERY = 10_000;

export class CampaignSender {
  private readonly now: () => number;

  constructor(private readonly deps: SendDeps) {
    this.now = deps.now ?? computerClock.now;
  }

  /** `liveAcknowledged`: the confirmation said that real texts go to real people (needed once, for the first live send). */
  async send(id: number, expectedCost: number | null | undefined, liveAcknowledged = false): Promise<void> {
    const row = this.deps.store.row(id);
    if (row.state !== 'draft') throw new BeskedError('conflict', 'This campaign has already been sent or scheduled.', coded('campaign.alreadySent'));
    const draft = draftOf(row);
    // The plan lets the event loop turn while it reads and composes 100,000 (issue 30.3), so a STOP may be recorded
    // meanwhile. Consent's mark is taken before the plan reads opt-outs; the freeze's transaction checks nothing
    // changed for its recipients since (optedOutSince) and otherwise the plan is made again, its last try in one
    // stretch as before, when nothing can come between the opt-outs it reads and the rows it freezes.
    for (let attempt = 1; ; attempt++) {
      const mark = consentMark(this.deps.db);
      const plan = await this.deps.preview.plan(draft, true, attempt >= PLAN_TRIES);
      if (await this.check(id, plan, expectedCost, liveAcknowledged, mark)) break;
      this.deps.preview.invalidate();
    }
    // The frozen rows are the truth now; let go of the resolved list (100,000 contacts is tens of megabytes).
    this.deps.preview.invalidate();
    this.deps.senders.remember(draft.sender);
    this.deps.changed(id);
    this.deps.wake();
  }

  /** Checks the plan as the preview did and freezes it; false when a recipient opted out since the mark. */
  private async check(id: number, plan: SendPlan, expectedCost: number | null | undefined, liveAcknowledged: boolean, mark: ConsentMark): Promise<boolean> {
    const blocking = plan.preview.problems.find((p) => p.level === 'error');
    if (blocking) throw new BeskedError('validation', blocking.message);
    if (expectedCost !== undefined && expectedCost !== null && plan.cost && plan.cost.total > expectedCost + 0.005) {
      throw new BeskedError(
        'conflict',
        `The cost is now ${plan.cost.total.toFixed(2)} ${plan.currency} instead of the ${expectedCost.toFixed(2)} you saw (recipients or prices changed). Check it and send again.`,
        coded('campaign.costChanged', { cost: plan.cost.total, seen: expectedCost, currency: plan.currency }),
      );
    }
    this.deps.firstLive.check(plan.mode, liveAcknowledged);
    return this.freeze(id, plan, mark);
  }

  private async freeze(id: number, plan: SendPlan, mark: ConsentMark): Promise<boolean> {
    const db = this.deps.db;
    const row = this.deps.store.row(id);
    const draft = draftOf(row);
    const settings = this.deps.settings();
    const nowMs = this.now();
    const at = new Date(nowMs).toISOString();
    const sendAtMs = draft.sendAt === null ? null : Date.parse(draft.sendAt);
    const kind = scheduleKind(draft.channel, sendAtMs, nowMs);
    const traits = channelTraits(draft.channel);
    const options: MessageOptions = {
      ...draft.options,
      // Flash and message classes exist only on the legacy interface.
      messageClass: traits.messageClasses ? draft.options.messageClass : 'standard',
      flash: traits.messageClasses && draft.options.flash,
      maxParts: settings.sendingLimits.maxParts,
      // Not part of the composer's options (draftOf leaves it out): kept from the row for an automation's run.
      ...(frozenOptions(row).separateMessages === true ? { separateMessages: true } : {}),
    };

    // A large legacy list is frozen as batches (frozen-batches.ts): all but its last recipient, who becomes a row at
    // once so that the table's highest id covers the ids the batches reserve. The messaging interface settles each
    // recipient's row as its answer comes, so its lists are always rows.
    const recipients = plan.resolution.recipients;
    const n = recipients.length;
    const batchSize = Math.max(1, this.deps.batchSize ?? DEFAULT_BATCH_SIZE);
    const batched = traits.sendsTemplate && n > batchSize ? n - 1 : 0;
    const list = await frozenListInTurns(recipients, plan.texts, plan.unitCosts, batched);
    // A turn between the steps below, each of which turns by its own budget from its start: run back to back, the
    // end of one and the start of the next held the loop 27 ms (bench core.max_loop_block_ms).
    await nextTurn();
    // The rows are prepared outside the transaction in slices (the core answers other calls in between), then
    // inserted many per statement (insertQueuedRows), which matters for 100,000 messaging recipients. They
    // go in number order: the two indexes over msisdn then grow at their end instead of at random places, which
    // halves the time of inserting them. The order recipients are sent in means nothing to anyone.
    const rowCount = n - batched;
    const order = Array.from({ length: rowCount }, (_, i) => batched + i).sort((a, b) => recipients[a]!.msisdn - recipients[b]!.msisdn);
    const values: unknown[] = new Array(rowCount * QUEUED_ROW_PARAMS);
    for (let j = 0, k = 0; j < rowCount; j++) {
      const i = order[j]!;
      const r = recipients[i]!;
      const c = plan.texts[i]!;
      k++; // the id, given in the transaction
      values[k++] = id;
      values[k++] = r.msisdn;
      values[k++] = r.contactId;
      values[k++] = r.name;
      values[k++] = c.text;
      values[k++] = c.tagvaluesJson;
      values[k++] = c.parts;
      values[k++] = plan.unitCosts[i] ?? null;
      if (j % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
    }
    // The batches' texts too, so that the transaction below only writes (batchStringsInTurns).
    await nextTurn();
    const strings = batched > 0 ? await batchStringsInTurns(list, batchSize) : undefined;
    await nextTurn();
    const insertExclusion = db.prepare(
      'INSERT INTO campaign_exclusions (campaign_id, label, msisdn, contact_id, reason, detail) VALUES (?, ?, ?, ?, ?, ?)',
    );
    let firstId = 0;
    // After the turns above an import's thread may be at work: the freeze waits for the write gate rather than in
    // SQLite's busy handler, which would hold the core (db/write-gate.ts). What it checks is read inside it.
    const frozen = await writeGate(db).run(db.transaction(() => {
      const current = db.prepare('SELECT state FROM campaigns WHERE id = ?').pluck().get(id);
      if (current !== 'draft') throw new BeskedError('conflict', 'This campaign has already been sent or scheduled.', coded('campaign.alreadySent'));
      const since = optedOutSince(db, mark);
      if (since === 'erased' || (since.size > 0 && recipients.some((r) => since.has(r.msisdn)))) return false;
      // Ids are given, not left to SQLite: the rows come after the ids the batches reserve.
      firstId = nextRecipientId(db);
      list.firstId = firstId;
      if (batched > 0) writeBatches(db, id, list, batchSize, strings);
      for (let j = 0; j < rowCount; j++) values[j * QUEUED_ROW_PARAMS] = firstId + batched + j;
      insertQueuedRows(db, values);
      for (const e of plan.resolution.exclusions) {
        if (e.reason === 'opted_out' && e.msisdn !== null) this.deps.store.recipients.addExcluded(id, e.msisdn, e.contactId, e.label === formatPhone(`+${e.msisdn}`) ? null : e.label, e.detail);
        else insertExclusion.run(id, e.label, e.msisdn, e.contactId, e.reason, e.detail);
      }
      db.prepare(
        `UPDATE campaigns SET state = ?, mode = ?, options = ?, frozen_at = ?, started_at = ?, updated_at = ?,
           estimated_parts = ?, estimated_cost = ?, currency = ?, waiting_reason = NULL, last_error = NULL, last_error_code = NULL, attempts = 0,
           send_at = ?
         WHERE id = ?`,
      ).run(
        stateAfterFreeze(kind),
        plan.mode,
        JSON.stringify(options),
        at,
        at,
        at,
        plan.preview.parts.total,
        plan.cost ? plan.cost.total : null,
        plan.currency,
        kind === 'now' ? null : draft.sendAt,
        id,
      );
      return true;
    }));
    if (frozen && batched > 0) this.deps.adopt?.(id, list);
    return frozen;
  }
}
