// The due scan: what switched-on recurring and date-field automations owe between the last scan and now plus the
// look-ahead, recorded at most once and sent as campaigns; what fell due longer than the grace period ago without a
// record is listed as missed, never sent late. Also: runs recorded before a crash are sent, runs on their way
// follow their campaign's final state, and withdrawals the gateway could not answer yet are tried again.
import { coded } from '../../../src-shared/error-codes';
import type { Settings } from '../../../src-shared/contract';
import { occurrencesBetween, recurringOccurrenceKey } from '../../../src-shared/automations/recurrence';
import { prepared } from '../db/prepared';
import type { Logger } from '../log';
import type { AutomationRow, AutomationStore } from './automation-store';
import { OccurrenceCalculator, type DueIndex, type DueRow } from './due-index';
import { WHOLE_RUN, type OccurrenceLog, type OccurrenceRow, type OccurrenceState } from './occurrence-log';
import { FIRST_MOVES, MOVES_PER_TURN, recordRun, sendRun, type RunDeps } from './run-campaign';
import type { Withdrawal } from './withdrawal';
import { inSlices, nextTurn, nextWriteTurn } from '../event-loop-turns';
import { writeGate } from '../db/write-gate';

export interface RunnerDeps extends RunDeps {
  logger: Logger;
  store: AutomationStore;
  due: DueIndex;
  withdrawal: Withdrawal;
}

/** Occurrences one automation records per tick at most (a long absence is worked through over a few ticks). */
const PER_TICK = 500;
/** Recipient ids read per statement when a run follows its campaign's outcome (see follow). */
const STATES_PER_READ = 1_000;
/** A run's rows still on their way read per statement (onTheirWay), the loop turning between two. */
const ON_THEIR_WAY_PER_READ = 1_000;
/** Recipients written or settled per slice when a run settles its campaign before following it (see follow). */
const FOLLOW_SETTLE_ROWS = 250;

const MISSED_CLOSED = 'Besked was not running when this run was due, and the grace period had passed, so it was not sent.';
const UNCERTAIN = 'Besked stopped while handing it to the gateway and never learnt whether the gateway took it: it may have gone out.';
const MISSED_OFFLINE = 'The gateway could not be reached until the grace period had passed, so this run was not sent.';

export class AutomationRunner {
  /** Automations whose lists and history changed during the current tick. */
  private touched = new Set<number>();

  constructor(private readonly d: RunnerDeps) {}

  async tick(): Promise<void> {
    this.touched.clear();
    await this.sendRecorded();
    await this.followAll();
    await this.expireOffline();
    const nowMs = this.d.now();
    for (const a of this.d.store.active()) {
      if (a.draft.spec.kind === 'recurring') await this.scanRecurring(a, nowMs);
      else if (a.draft.spec.kind === 'date_field') await this.scanDateField(a, nowMs);
    }
    await this.d.withdrawal.retry();
    this.announce();
  }

  /** Contacts changed: withdraw what no longer belongs to them, then look for what is due. */
  async contactsChanged(): Promise<void> {
    const calcs = new Map<number, OccurrenceCalculator | null>();
    const field = prepared(this.d.db, 'SELECT json_extract(custom, ?) FROM contacts WHERE id = ?', 'pluck');
    const notWithdrawn = await this.d.withdrawal.contactsChanged((row) => {
      let calc = calcs.get(row.automation_id);
      if (calc === undefined) {
        const a = this.d.store.get(row.automation_id);
        calc = a && a.draft.spec.kind === 'date_field' ? new OccurrenceCalculator(a.draft.spec, a.draft.timeZone) : null;
        calcs.set(row.automation_id, calc);
      }
      const a = this.d.store.get(row.automation_id);
      if (!calc || !a || a.draft.spec.kind !== 'date_field') return true;
      const raw = field.get(`$.${a.draft.spec.field}`, row.contact_id) as unknown;
      if (raw === null || raw === undefined) return false;
      const again = calc.next(String(raw), Date.parse(row.due_at) - 1);
      return again !== null && again.occurrence === row.occurrence && again.dueMs === Date.parse(row.due_at);
    });
    for (const [id, n] of notWithdrawn) {
      const a = this.d.store.get(id);
      const message = `${n.toLocaleString('en')} messages handed to the gateway ahead could not be withdrawn and may still go out.`;
      this.d.events.emit('automations.attention', { id, name: a?.draft.name ?? '', message, code: { code: 'automation.notWithdrawn', params: { count: n } } });
      this.touched.add(id);
    }
    this.announce();
  }

  /** The runner's settings, as milliseconds. */
  private windows(a: AutomationRow): { graceMs: number; aheadMs: number } {
    const s: Settings['automations'] = this.d.settings().automations;
    // SMS/RCS has no send time at the gateway: its runs wait here until due.
    const aheadMs = a.draft.message.channel === 'legacy' ? s.lookAheadHours * 3_600_000 : 0;
    return { graceMs: s.graceMinutes * 60_000, aheadMs };
  }

  private async scanRecurring(a: AutomationRow, nowMs: number): Promise<void> {
    if (a.draft.spec.kind !== 'recurring') return;
    const { graceMs, aheadMs } = this.windows(a);
    const fromMs = Date.parse(a.scannedTo ?? a.activatedAt ?? new Date(nowMs).toISOString());
    const toMs = nowMs + aheadMs;
    if (toMs <= fromMs) return;
    const times = occurrencesBetween(a.draft.spec, a.draft.timeZone, fromMs, toMs, PER_TICK);
    let missed = 0;
    for (const t of times) {
      // Each run is written after the one before was sent (outside waits): with the write gate claimed.
      await this.writable();
      if (!this.stillCurrent(a)) return;
      const occurrence = recurringOccurrenceKey(t);
      if (this.d.log.owned(a.id, occurrence, WHOLE_RUN)) continue;
      if (t < nowMs - graceMs) {
        if (this.recordMissed(a, t, occurrence, WHOLE_RUN)) missed++;
        continue;
      }
      const id = recordRun(this.d, { automation: a, dueMs: t, members: [{ occurrence, contactId: WHOLE_RUN }], recipients: a.draft.spec.recipients, ahead: t > nowMs });
      this.touched.add(a.id);
      if (id !== null) await sendRun(this.d, a, id);
    }
    await this.writable();
    if (!this.stillCurrent(a)) return;
    const reached = times.length === PER_TICK ? times[PER_TICK - 1]! : toMs;
    this.d.store.setScannedTo(a.id, new Date(reached).toISOString());
    if (missed > 0) this.missedAttention(a, missed);
  }

  private async scanDateField(a: AutomationRow, nowMs: number): Promise<void> {
    if (a.draft.spec.kind !== 'date_field') return;
    const { graceMs, aheadMs } = this.windows(a);
    const due = this.d.due.dueUpTo(a.id, nowMs + aheadMs);
    if (due.length === 0) return;
    const byTime = new Map<string, DueRow[]>();
    for (const r of due) {
      const list = byTime.get(r.dueAt);
      if (list) list.push(r);
      else byTime.set(r.dueAt, [r]);
    }
    const contact = prepared(this.d.db, 'SELECT c.id, o.msisdn AS opted FROM contacts c LEFT JOIN opt_outs o ON o.msisdn = c.msisdn WHERE c.id = ?');
    let missed = 0;
    for (const [dueAt, rows] of byTime) {
      await this.writable();
      if (!this.stillCurrent(a)) return;
      const dueMs = Date.parse(dueAt);
      const members: { occurrence: string; contactId: number }[] = [];
      this.d.db.transaction(() => {
        for (const r of rows) {
          if (this.d.log.owned(a.id, r.occurrence, r.contactId)) {
            this.d.due.advance(a, r.contactId, dueMs);
            continue;
          }
          const c = contact.get(r.contactId) as { id: number; opted: number | null } | undefined;
          if (!c || c.opted !== null) {
            this.record(a, r, dueMs, 'skipped', c ? 'The number has opted out, so nothing was sent.' : 'The contact was deleted, so nothing was sent.', c ? 'automation.skippedOptedOut' : 'automation.skippedNoContact');
            this.d.due.advance(a, r.contactId, dueMs);
          } else if (dueMs < nowMs - graceMs) {
            if (this.recordMissed(a, dueMs, r.occurrence, r.contactId)) missed++;
            this.d.due.advance(a, r.contactId, dueMs);
          } else {
            members.push({ occurrence: r.occurrence, contactId: r.contactId });
          }
        }
      })();
      if (members.length === 0) continue;
      // Recorded first, then each contact's index moves on: a crash in between leaves rows the next scan finds owned.
      const id = recordRun(this.d, { automation: a, dueMs, members, recipients: null, ahead: dueMs > nowMs });
      this.d.db.transaction(() => {
        for (const m of members) this.d.due.advance(a, m.contactId, dueMs);
      })();
      this.touched.add(a.id);
      if (id !== null) await sendRun(this.d, a, id);
    }
    if (missed > 0) this.missedAttention(a, missed);
  }

  /**
   * Resolves once the write gate is free, claimed to the end of that turn (db/write-gate.ts turn): the tick's writes
   * follow sends and other outside waits, after which an import's save or step may hold the write lock.
   */
  private writable(): Promise<void> {
    return writeGate(this.d.db).turn();
  }

  /** False once the automation was paused, edited or deleted meanwhile (its work belongs to the next tick). */
  private stillCurrent(a: AutomationRow): boolean {
    const now = this.d.store.get(a.id);
    return now !== undefined && now.state === 'active' && now.revision === a.revision;
  }

  private recordMissed(a: AutomationRow, dueMs: number, occurrence: string, contactId: number): boolean {
    this.touched.add(a.id);
    return this.d.log.claim({
      automationId: a.id,
      occurrence,
      contactId,
      dueAt: new Date(dueMs).toISOString(),
      state: 'missed',
      campaignId: null,
      recipients: 0,
      revision: a.revision,
      reason: MISSED_CLOSED,
      reasonCode: coded('automation.missedNotRunning'),
    });
  }

  private record(a: AutomationRow, r: DueRow, dueMs: number, state: OccurrenceState, reason: string, code: 'automation.skippedOptedOut' | 'automation.skippedNoContact'): void {
    this.touched.add(a.id);
    this.d.log.claim({
      automationId: a.id,
      occurrence: r.occurrence,
      contactId: r.contactId,
      dueAt: new Date(dueMs).toISOString(),
      state,
      campaignId: null,
      recipients: 0,
      revision: a.revision,
      reason,
      reasonCode: coded(code),
    });
  }

  private missedAttention(a: AutomationRow, n: number): void {
    this.d.events.emit('automations.attention', {
      id: a.id,
      name: a.draft.name,
      message: `${n.toLocaleString('en')} ${n === 1 ? 'run was' : 'runs were'} missed: ${MISSED_CLOSED}`,
      code: { code: 'automation.missedNotRunning', params: {} },
    });
  }

  /**
   * Runs recorded but not sent (a crash between the record and the send, or a send cut short): sent now, since
   * nothing of them can have gone out. One due longer than the grace period ago is missed instead.
   */
  private async sendRecorded(): Promise<void> {
    const nowMs = this.d.now();
    for (const row of this.d.log.runsInStates(['planned'])) {
      const a = this.d.store.get(row.automation_id);
      if (!a || a.state !== 'active') {
        await this.d.withdrawal.row(row, null, a ? 'paused' : 'deleted');
        continue;
      }
      const c = this.d.campaigns().store.maybeRow(row.campaign_id);
      if (c?.state === 'draft' && Date.parse(row.due_at) < nowMs - this.windows(a).graceMs) {
        prepared(this.d.db, "DELETE FROM campaigns WHERE id = ? AND state = 'draft'").run(row.campaign_id);
        this.d.log.move(
          this.d.log.idsOfCampaign(row.campaign_id),
          ['planned'],
          'missed',
          MISSED_CLOSED,
          coded('automation.missedNotRunning'),
        );
        continue;
      }
      this.touched.add(a.id);
      await sendRun(this.d, a, row.campaign_id);
    }
  }

  /**
   * A run waiting for the gateway (offline or turned away) past its grace period with nothing of it handed over is not sent a day
   * late: its campaign is cancelled and the run listed as missed, with the reason.
   */
  private async expireOffline(): Promise<void> {
    const nowMs = this.d.now();
    const c = this.d.campaigns();
    for (const row of this.d.log.runsInStates(['sending'])) {
      const a = this.d.store.get(row.automation_id);
      const campaign = c.store.maybeRow(row.campaign_id);
      // Offline, or the gateway turning requests away (rate limited): either way it could not take the run.
      if (!a || campaign?.state !== 'waiting' || (campaign.waiting_reason !== 'offline' && campaign.waiting_reason !== 'rate')) continue;
      if (Date.parse(row.due_at) >= nowMs - this.windows(a).graceMs) continue;
      c.outbox.settle(campaign.id);
      const reached = prepared(
        this.d.db,
        "SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state IN ('accepted', 'uncertain', 'in_flight')",
        'pluck',
      ).get(campaign.id) as number;
      if (reached > 0) continue;
      const r = await c.outbox.cancel(campaign.id).catch(() => null);
      if (!r || r.notCancelled > 0) continue;
      const ids = this.d.log.idsOfCampaign(campaign.id);
      this.d.log.move(ids, ['sending'], 'missed', MISSED_OFFLINE, coded('automation.missedOffline'));
      this.touched.add(a.id);
      this.d.events.emit('automations.attention', { id: a.id, name: a.draft.name, message: MISSED_OFFLINE, code: { code: 'automation.missedOffline', params: {} } });
    }
  }

  /** Every run on its way looks at its campaign (events can be missed across a restart). */
  private async followAll(): Promise<void> {
    for (const run of this.d.log.runsInStates(['sending', 'handed_over'])) await this.follow(run.campaign_id);
  }

  /**
   * A run's rows take its campaign's outcome once the campaign has one; per-contact rows their recipient's. A welcome
   * run of 10,000 is settled and moved in slices with the loop turning between them (issue 30.3): each row's move
   * stands on its own (a row moved once is never moved again; a crash half-way leaves rows 'sending', which the
   * next tick's followAll picks up), so nothing needs the whole run in one transaction.
   */
  /** The run's rows on their way, a page at a time with the loop turning between pages. */
  private async onTheirWay(campaignId: number): Promise<ReturnType<OccurrenceLog['onTheirWay']>> {
    const rows: ReturnType<OccurrenceLog['onTheirWay']> = [];
    for (;;) {
      const page = this.d.log.onTheirWay(campaignId, rows.at(-1)?.id ?? 0, ON_THEIR_WAY_PER_READ);
      rows.push(...page);
      if (page.length < ON_THEIR_WAY_PER_READ) return rows;
      await nextTurn();
    }
  }

  async follow(campaignId: number): Promise<void> {
    const c = this.d.campaigns();
    const campaign = c.store.maybeRow(campaignId);
    // The campaign first: most calls come while it is still sending, and then its 10,000 rows need not be read.
    if (!campaign || campaign.automation_id === null) return;
    const handedOver = campaign.state === 'scheduled' && campaign.scheduled_at_gateway === 1;
    if (!handedOver && !['sent', 'partly_failed', 'failed', 'cancelled'].includes(campaign.state)) return;
    const rows = await this.onTheirWay(campaignId);
    // Read with the loop turning between pages: what follows writes, with the write gate claimed (db/write-gate.ts).
    await writeGate(this.d.db).turn();
    if (rows.length === 0 || campaign.automation_id !== rows[0]!.automation_id) return;
    const from: OccurrenceState[] = ['sending', 'handed_over'];
    if (handedOver) {
      this.d.log.move(rows.filter((r) => r.state === 'sending').map((r) => r.id), ['sending'], 'handed_over');
      return;
    }
    for (const r of rows) this.touched.add(r.automation_id);
    const whole = rows.filter((r) => r.contact_id === WHOLE_RUN).map((r) => r.id);
    const wholeState: OccurrenceState = campaign.state === 'failed' ? 'failed' : campaign.state === 'cancelled' ? 'withdrawn' : 'sent';
    // A run whose hand-over's answer was lost is not known to have failed: its history says uncertain.
    const lost = wholeState === 'failed' && c.store.counts(campaignId).uncertain > 0;
    if (lost) this.d.log.move(whole, from, wholeState, UNCERTAIN, coded('automation.uncertain'));
    else this.d.log.move(whole, from, wholeState);
    const single = rows.filter((r) => r.contact_id !== WHOLE_RUN);
    if (single.length === 0) return;
    // The chunks' outcomes onto the recipient rows a slice at a time, as the idle outbox does.
    // At most FOLLOW_SETTLE_ROWS recipients a slice: a batch or a chunk of 1,000 at once held the core 20–35 ms.
    while (c.outbox.settle(campaignId, 1, FOLLOW_SETTLE_ROWS) > 0) await nextWriteTurn(writeGate(this.d.db));
    // The campaign's recipients read once, and the rows moved a slice per transaction: a welcome run of 10,000 looked
    // each one up through the (campaign_id, state) index, which scanned the whole campaign every time, and committed
    // each move on its own, holding the core for ten seconds; in one transaction it still held it for a second and a
    // half under load (bench core.max_loop_block_ms, issue 30.3).
    // Read a range of ids at a time with the loop turning between (10,000 rows in one read held it for over 100 ms
    // on a loaded machine); a campaign's rows are one range of ids, given at its freeze, walked by the table's key.
    const stateOf = new Map<number, string>();
    const ids = prepared(this.d.db, 'SELECT MIN(id) AS lo, MAX(id) AS hi FROM campaign_recipients WHERE campaign_id = ?').get(campaignId) as { lo: number | null; hi: number | null };
    const page = prepared(
      this.d.db,
      'SELECT contact_id, state FROM campaign_recipients WHERE id BETWEEN ? AND ? AND +campaign_id = ? AND contact_id IS NOT NULL ORDER BY id',
    );
    for (let lo = ids.lo ?? 0; ids.hi !== null && lo <= ids.hi; lo += STATES_PER_READ) {
      if (lo > ids.lo!) await nextTurn();
      for (const r of page.all(lo, lo + STATES_PER_READ - 1, campaignId) as { contact_id: number; state: string }[]) {
        if (!stateOf.has(r.contact_id)) stateOf.set(r.contact_id, r.state);
      }
    }
    // Each slice's rows moved by outcome, one move (one savepoint) per outcome rather than per row; the first slice
    // small too, since the machine's pace is not known yet.
    await inSlices(single, MOVES_PER_TURN, (slice) => {
      const by = { uncertain: [] as number[], failed: [] as number[], withdrawn: [] as number[], skipped: [] as number[], sent: [] as number[] };
      for (const r of slice) {
        const s = stateOf.get(r.contact_id);
        // Never "sent" on a guess: the gateway may or may not have taken it (issue 27, consent across a crash).
        const to = s === 'uncertain' ? 'uncertain' : s === 'failed' ? 'failed' : s === 'cancelled' ? 'withdrawn' : s === 'excluded' || s === undefined ? 'skipped' : 'sent';
        by[to].push(r.id);
      }
      this.d.db.transaction(() => {
        this.d.log.move(by.uncertain, from, 'failed', UNCERTAIN, coded('automation.uncertain'));
        this.d.log.move(by.failed, from, 'failed');
        this.d.log.move(by.withdrawn, from, 'withdrawn');
        this.d.log.move(by.skipped, from, 'skipped');
        this.d.log.move(by.sent, from, 'sent');
      })();
    }, { first: FIRST_MOVES, gate: writeGate(this.d.db) });
  }

  /** Rows that changed during a tick: the lists and histories read again. */
  private announce(): void {
    if (this.touched.size === 0) return;
    this.d.events.emit('automations.changed', { ids: [...this.touched] });
    this.touched.clear();
  }

  /** For follow() called from an event: tell the views. */
  flush(): void {
    this.announce();
  }

  /** Occurrence rows of one automation still open (for tests and the view's counts). */
  open(automationId: number): OccurrenceRow[] {
    return this.d.log.inStates(['planned', 'handed_over', 'sending', 'withdrawing'], automationId);
  }
}
