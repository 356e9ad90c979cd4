// Welcome texts: the schema's trigger queues every contact who joins a switched-on welcome automation's group (import,
// by hand or a keyword rule). The joins of one pass — an import, a bulk add, keyword joins within a short window — are
// welcomed by ONE run, like a date-field run: a campaign with automation_id whose occurrence rows ('welcome', UNIQUE per
// automation and contact) are written with its draft and the queue rows' removal in one transaction, then sent by the
// campaigns' sender (opt-outs, quiet hours, rate and caps applied), so a crash never sends one twice and 10,000 joins
// make one campaign, not 10,000. A join that waited longer than the grace period for a Besked to start is recorded
// missed, never welcomed months late.
import type { Coded } from '../../../src-shared/error-codes';
import { writeGate } from '../db/write-gate';
import type { Db } from '../db/database';
import { coded } from '../../../src-shared/error-codes';
import type { Logger } from '../log';
import type { AutomationRow } from './automation-store';
import { OneAtATime } from './one-at-a-time';
import { recordRunInSlices, sendRun, type RunDeps } from './run-campaign';
import { inSlices, nextTurn, turnBudget } from '../event-loop-turns';
import { prepared } from '../db/prepared';
import { isPhoneSender, welcomeTooLate } from '../../../src-shared/automations/reply-guards';
import { computerClock } from '../clock';

export interface WelcomeDeps extends RunDeps {
  logger: Logger;
  automation: (id: number) => AutomationRow | undefined;
  /** The grace period of every automation (settings): a join queued longer ago is missed. */
  graceMinutes: () => number;
  /** When this Besked started, on the clock the queue's joined_at is written on: the computer's (the trigger's 'now'). */
  runningSince?: number;
  /** How long a pass waits after being asked, so joins that come close together (keyword rules) share a run. */
  windowMs?: number;
  /** Runs `fn` alone among the runner's work (its clock): a run is recorded in slices, and sent only when whole. */
  alone?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export interface Queued {
  contactId: number;
  joinedAt: string;
  /** Null when the contact was deleted after joining. */
  msisdn: number | null;
  optedOut: number;
}

export const WELCOME = 'welcome';
/** Joins read, and their contacts looked up, per statement (oldestJoins), at most. */
const LOOKUP_PAGE = 1_000;
/** Joins welcomed by one run at the most: a larger import is welcomed by a run per this many. */
export const WELCOME_RUN_MAX = 10_000;
const WINDOW_MS = 2_000;
/** Joins recorded per transaction before the loop turns: each claim also appends to the history (schema 19). */
const WELCOME_SLICE = 250;
const MISSED = 'The contact joined while Besked was not running, longer ago than the grace period, so the welcome text was not sent late.';

export class WelcomeTexts {
  private readonly passes: OneAtATime;
  private readonly runningSince: number;
  private waiting: Promise<void> | null = null;

  constructor(private readonly d: WelcomeDeps) {
    this.passes = new OneAtATime(d.logger, writeGate(d.db));
    this.runningSince = d.runningSince ?? computerClock.now();
  }

  /** Works through the queue after a short window; calls within the window share the pass. */
  poke(): Promise<void> {
    this.waiting ??= new Promise<void>((resolve) => setTimeout(resolve, this.d.windowMs ?? WINDOW_MS).unref?.()).then(() => {
      this.waiting = null;
      return this.passes.pass(() => this.pass(), 'welcome texts failed');
    });
    return this.waiting;
  }

  stop(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<void> {
    const ids = (this.d.db.prepare('SELECT DISTINCT automation_id AS id FROM automation_welcome_queue ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    const touched = new Set<number>();
    for (const id of ids) {
      if (this.passes.stopped) return;
      try {
        // A run per WELCOME_RUN_MAX joins, until the automation's queue is empty or nothing more can be done now.
        while (await this.welcome(id)) touched.add(id);
      } catch (err) {
        this.d.logger.warn('welcome texts: could not handle the queue of an automation', { automation: id, err });
      }
    }
    if (touched.size > 0) this.d.events.emit('automations.changed', { ids: [...touched] });
  }

  /** Handles up to WELCOME_RUN_MAX queued joins of one automation; true when it recorded anything. */
  private async welcome(automationId: number): Promise<boolean> {
    const rule = this.d.automation(automationId);
    const queued = await oldestJoins(this.d.db, automationId, WELCOME_RUN_MAX);
    // Read with the loop turning between pages: what follows writes, with the write gate claimed (db/write-gate.ts).
    await writeGate(this.d.db).turn();
    if (queued.length === 0) return false;
    if (!rule || rule.draft.spec.kind !== 'welcome') {
      this.dequeue(
        automationId,
        queued.map((q) => q.contactId),
      );
      return false;
    }
    const recorded = new Set(
      (this.d.db.prepare("SELECT contact_id AS id FROM automation_occurrences WHERE automation_id = ? AND occurrence = 'welcome'").all(automationId) as { id: number }[]).map(
        (r) => r.id,
      ),
    );
    const send: Queued[] = [];
    const skips: { q: Queued; state: 'skipped' | 'missed'; reason: string; why: Coded }[] = [];
    const done: Queued[] = [];
    // Looked over with the loop turning once it has been held for its budget: 10,000 joins took over 100 ms on a
    // loaded machine. Nothing is written until the slices below, which were already apart from this by turns.
    const budget = turnBudget();
    for (const [i, q] of queued.entries()) {
      if (i % 100 === 99 && budget.spent()) await budget.turn();
      // Welcomed before (rejoined the group, or a second way of joining): once per contact.
      if (recorded.has(q.contactId)) done.push(q);
      else if (rule.state !== 'active') skips.push({ q, state: 'skipped', reason: 'The automation was switched off before the text went', why: coded('automation.welcome.paused') });
      // joined_at is the computer's time (the trigger's), so it is held against the start on that clock.
      else if (welcomeTooLate(Date.parse(q.joinedAt), this.runningSince, this.d.graceMinutes())) skips.push({ q, state: 'missed', reason: MISSED, why: coded('automation.welcome.missed') });
      else if (q.msisdn === null) skips.push({ q, state: 'skipped', reason: 'The contact was deleted', why: coded('automation.welcome.contactDeleted') });
      else if (q.optedOut === 1) skips.push({ q, state: 'skipped', reason: 'The number has opted out', why: coded('automation.welcome.optedOut') });
      else if (!isPhoneSender(q.msisdn, null)) skips.push({ q, state: 'skipped', reason: 'Not a phone number', why: coded('automation.welcome.notAPhone') });
      else send.push(q);
    }

    // A slice per transaction with the loop turning between (issue 30.3): 10,000 claims, each appending to the history,
    // held the core for half a second in one. Each slice's claims and its queue rows' removal go together.
    await inSlices(skips, WELCOME_SLICE, (slice) =>
      this.d.db.transaction(() => {
        for (const s of slice) {
          this.d.log.claim({
            automationId,
            occurrence: WELCOME,
            contactId: s.q.contactId,
            dueAt: this.joinedOnCoreClock(s.q),
            state: s.state,
            campaignId: null,
            recipients: 0,
            revision: rule.revision,
            reason: s.reason,
            reasonCode: s.why,
          });
        }
        this.dequeue(automationId, slice.map((s) => s.q.contactId));
      })(),
      { gate: writeGate(this.d.db) },
    );
    await inSlices(done, WELCOME_SLICE, (slice) => this.dequeue(automationId, slice.map((q) => q.contactId)), { gate: writeGate(this.d.db) });
    let campaignId: number | null = null;
    if (send.length > 0) {
      // The run's draft and one 'planned' row per contact, with the queue rows' removal, a slice at a time; the draft
      // holds exactly the contacts its rows claim after every slice (recordRunInSlices), and the runner sends no
      // recorded run meanwhile (it shares the runner's clock), so no part of a run goes out before it is whole.
      const order = { automation: rule, dueMs: this.d.now(), members: send.map((q) => ({ occurrence: WELCOME, contactId: q.contactId })), recipients: null, ahead: false };
      const record = () =>
        recordRunInSlices(this.d, order, WELCOME_SLICE, (members) =>
          this.dequeue(
            automationId,
            members.map((m) => m.contactId),
          ),
        );
      campaignId = await (this.d.alone ? this.d.alone(record) : record());
    }

    if (skips.some((s) => s.state === 'missed')) {
      this.d.events.emit('automations.attention', { id: rule.id, name: rule.draft.name, message: MISSED, code: { code: 'automation.welcome.missed', params: {} } });
    }
    if (campaignId !== null) await sendRun(this.d, rule, campaignId);
    return skips.length > 0 || send.length > 0;
  }

  /**
   * When the contact joined, on the core's clock (what the history shows beside the ledger's times): the trigger
   * wrote the computer's time, and the two clocks are as far apart now as when it fired (both run on while Besked
   * runs, and a join happens only while it runs).
   */
  private joinedOnCoreClock(q: Queued): string {
    return new Date(Date.parse(q.joinedAt) + (this.d.now() - computerClock.now())).toISOString();
  }

  /** Removes the contacts' queue rows of the automation, in one statement. */
  private dequeue(automationId: number, contactIds: readonly number[]): void {
    if (contactIds.length === 0) return;
    prepared(this.d.db, 'DELETE FROM automation_welcome_queue WHERE automation_id = ? AND contact_id IN (SELECT value FROM json_each(?))').run(
      automationId,
      JSON.stringify(contactIds),
    );
  }

}

/**
 * An automation's oldest `max` joins, with each contact's number and opt-out, read `page` at a time in the queue's
 * order (its index, schema 21) with the loop turning between pages (issue 30.3: one statement joining all three held
 * the loop 20–45 ms for 10,000 joins, and sorting the queue alone 8–10 ms). The keyset is (joined_at, contact_id):
 * the joins of one import share a few instants, so a page may end inside a run of equal times.
 */
export async function oldestJoins(db: Db, automationId: number, max: number, page = LOOKUP_PAGE): Promise<Queued[]> {
  const read = prepared(
    db,
    `SELECT contact_id AS contactId, joined_at AS joinedAt FROM automation_welcome_queue INDEXED BY automation_welcome_queue_by_join
     WHERE automation_id = ? AND (joined_at, contact_id) > (?, ?) ORDER BY joined_at, contact_id LIMIT ?`,
  );
  const lookup = prepared(
    db,
    `SELECT c.id, c.msisdn, EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = c.msisdn) AS optedOut
     FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?))`,
  );
  const out: Queued[] = [];
  let after: { joinedAt: string; contactId: number } = { joinedAt: '', contactId: 0 };
  while (out.length < max) {
    if (out.length > 0) await nextTurn();
    const joins = read.all(automationId, after.joinedAt, after.contactId, Math.min(page, max - out.length)) as { contactId: number; joinedAt: string }[];
    if (joins.length === 0) break;
    const found = new Map((lookup.all(JSON.stringify(joins.map((j) => j.contactId))) as { id: number; msisdn: number; optedOut: number }[]).map((c) => [c.id, c]));
    for (const j of joins) {
      const c = found.get(j.contactId);
      out.push({ ...j, msisdn: c?.msisdn ?? null, optedOut: c?.optedOut ?? 0 });
    }
    after = joins[joins.length - 1]!;
  }
  return out;
}
