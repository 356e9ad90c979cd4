// A run of an automation as an ordinary campaign: its draft (automation_id set) and its occurrence rows written in
// one transaction, then sent by the campaigns' own sender (preview, caps, opt-outs, freeze, outbox). A run the
// sender or the spending limits would refuse is held as a draft and the user told; it is never sent in part.
import type { RecipientSpec, Settings } from '../../../src-shared/contract';
import { coded, type Coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { toAppError } from '../errors';
import type { EventBus } from '../events';
import type { CampaignsModule } from '../campaigns';
import { draftOf } from '../campaigns/campaign-store';
import { insertCampaign } from '../campaigns/drafts/new-campaign';
import type { AutomationRow } from './automation-store';
import type { OccurrenceLog } from './occurrence-log';
import { inSlices } from '../event-loop-turns';
import { writeGate } from '../db/write-gate';

/** Occurrence rows moved per transaction before the loop turns, at most: each move also appends to the history (schema 19). */
export const MOVES_PER_TURN = 250;
/** Rows in the first such transaction, before the machine's pace is known (250 took over 100 ms on a loaded one). */
export const FIRST_MOVES = 25;

export interface RunDeps {
  db: Db;
  events: EventBus;
  settings: () => Settings;
  campaigns: () => CampaignsModule;
  log: OccurrenceLog;
  now: () => number;
  /** The runner's follow (runner.ts): the rows of a run take its campaign's outcome, if it has one yet. */
  follow?: (campaignId: number) => Promise<void>;
}

export interface RunOrder {
  automation: AutomationRow;
  dueMs: number;
  /** The rows to record: one whole run (contact 0), or one per contact due at this instant. */
  members: { occurrence: string; contactId: number }[];
  /** The run's recipients when it is a whole run; per-contact runs go to the contacts whose rows were recorded. */
  recipients: RecipientSpec | null;
  /** Handed to the gateway before its time (legacy, within the look-ahead): one message per recipient, to withdraw one. */
  ahead: boolean;
}

/** A send time this close (or past) is sent now: the preview refuses a send time in the past. */
const NOW_MS = 60_000;

/**
 * Writes the run's draft campaign and records its rows, in one transaction. Returns the campaign's id, or null when
 * every row was recorded already (a second scan, a restart): then nothing is written.
 */
export function recordRun(d: RunDeps, o: RunOrder): number | null {
  const a = o.automation;
  const m = a.draft.message;
  const at = new Date(d.now()).toISOString();
  const dueAt = new Date(o.dueMs).toISOString();
  return d.db.transaction(() => {
    const id = insertCampaign(d.db, {
      kind: 'campaign',
      // The due time is the run's own (campaigns.runDueAt): the UI says it in the user's date format.
      name: a.draft.name.slice(0, 120),
      sender: m.sender,
      text: m.text,
      options: { ...m.options, ...(o.ahead && m.channel === 'legacy' ? { separateMessages: true } : {}) },
      recipients: o.recipients ?? { contactIds: [], groupIds: [], searches: [], numbers: [] },
      at,
    });
    const claimed: number[] = [];
    for (const member of o.members) {
      const mine = d.log.claim({
        automationId: a.id,
        occurrence: member.occurrence,
        contactId: member.contactId,
        dueAt,
        state: 'planned',
        campaignId: id,
        recipients: member.contactId === 0 ? 0 : 1,
        revision: a.revision,
      });
      if (mine) claimed.push(member.contactId);
    }
    if (claimed.length === 0) {
      prepared(d.db, 'DELETE FROM campaigns WHERE id = ?').run(id);
      return null;
    }
    const recipients = o.recipients ?? { contactIds: claimed, groupIds: [], searches: [], numbers: [] };
    prepared(d.db, 'UPDATE campaigns SET channel = ?, fallbacks = ?, send_at = ?, recipient_spec = ?, automation_id = ? WHERE id = ?').run(
      m.channel,
      JSON.stringify(m.fallbacks),
      o.dueMs > d.now() + NOW_MS ? dueAt : null,
      JSON.stringify(recipients),
      a.id,
      id,
    );
    return id;
  })();
}

/**
 * Records a run of many members a slice per transaction with the loop turning between (a welcome of 10,000, issue
 * 30.3): the first slice writes the draft as recordRun does, each later one claims its members and adds them to the
 * draft's recipients in the same transaction, so the draft always holds exactly the contacts its rows claim. A crash
 * half-way leaves a smaller draft run whose rows are planned, which the runner sends at start (sendRecorded) like
 * any recorded run; the members not reached are still in their queue for a later run. Nothing is frozen here.
 * `alsoInTransaction` runs with each slice's writes (the welcome queue's rows of the slice removed). Call it where
 * nothing else sends recorded runs meanwhile (the runner's clock): a draft is sent only once it is whole.
 */
export async function recordRunInSlices(
  d: RunDeps,
  o: RunOrder,
  size: number,
  alsoInTransaction: (members: readonly RunOrder['members'][number][]) => void,
): Promise<number | null> {
  let campaignId: number | null = null;
  await inSlices(
    o.members,
    size,
    (members) =>
      d.db.transaction(() => {
        if (campaignId !== null && !addToRun(d, campaignId, o, members)) campaignId = null;
        // The first slice, or the draft went (deleted by the user): a draft of its own for the rest.
        if (campaignId === null) campaignId = recordRun(d, { ...o, members: [...members] });
        alsoInTransaction(members);
      })(),
    // Each slice writes the draft's whole list of contacts again: slices sized down to a few members on a loaded
    // machine would write it hundreds of times.
    { min: Math.ceil(size / 5), gate: writeGate(d.db) },
  );
  return campaignId;
}

/** Claims more members for a per-contact run still a draft, adding them to its recipients; false when it is not one. */
function addToRun(d: RunDeps, campaignId: number, o: RunOrder, members: readonly RunOrder['members'][number][]): boolean {
  const row = prepared(d.db, 'SELECT state, automation_id, recipient_spec FROM campaigns WHERE id = ?').get(campaignId) as
    | { state: string; automation_id: number | null; recipient_spec: string }
    | undefined;
  if (!row || row.state !== 'draft' || row.automation_id !== o.automation.id) return false;
  const dueAt = new Date(o.dueMs).toISOString();
  const spec = JSON.parse(row.recipient_spec) as RecipientSpec;
  for (const member of members) {
    const mine = d.log.claim({
      automationId: o.automation.id,
      occurrence: member.occurrence,
      contactId: member.contactId,
      dueAt,
      state: 'planned',
      campaignId,
      recipients: 1,
      revision: o.automation.revision,
    });
    if (mine) spec.contactIds.push(member.contactId);
  }
  prepared(d.db, 'UPDATE campaigns SET recipient_spec = ? WHERE id = ?').run(JSON.stringify(spec), campaignId);
  return true;
}

export type SendOutcome = 'sent' | 'held' | 'skipped' | 'gone';

/**
 * Sends a recorded run's draft. The user acknowledged live sending when switching the automation on, so the
 * sender is told so. Held (a cap, the credit, the sender refused): the draft stays, the rows say why, the user is
 * told. Nobody left to send to: skipped, and the empty draft removed.
 */
export async function sendRun(d: RunDeps, a: AutomationRow, campaignId: number): Promise<SendOutcome> {
  const c = d.campaigns();
  const row = c.store.maybeRow(campaignId);
  const rows = d.log.idsOfCampaign(campaignId);
  if (!row || row.automation_id !== a.id) {
    // The user deleted the held draft from Campaigns (its id may even be reused): nothing of it went out.
    d.log.move(rows, ['planned', 'held'], 'withdrawn');
    return 'gone';
  }
  if (row.state !== 'draft') {
    // Frozen before a crash took the state change: the campaign's own state is followed from here.
    d.log.move(rows, ['planned'], 'sending');
    return 'sent';
  }
  // Late within the grace period, or recorded before a restart: due now, not at a time that has passed.
  if (row.send_at !== null && Date.parse(row.send_at) <= d.now() + NOW_MS) {
    prepared(d.db, 'UPDATE campaigns SET send_at = NULL WHERE id = ?').run(campaignId);
  }
  let refusal: { message: string; code: Coded | null } | null = null;
  let failed: ReturnType<typeof toAppError> | null = null;
  try {
    const plan = await c.preview.plan(draftOf(c.store.row(campaignId)), true);
    await writeGate(d.db).turn();
    const problems = plan.preview.problems;
    if (problems.some((p) => p.code === 'no_recipients')) {
      prepared(d.db, "DELETE FROM campaigns WHERE id = ? AND state = 'draft'").run(campaignId);
      d.log.move(rows, ['planned', 'held'], 'skipped', 'Nobody was left to send to (the recipients are empty or opted out).');
      return 'skipped';
    }
    refusal = spendingRefusal(plan.preview, plan.currency);
    if (!refusal) await c.sender.send(campaignId, undefined, true);
  } catch (err) {
    failed = toAppError(err);
  }
  // What follows writes after the plan's and the send's waits: with the write gate claimed (db/write-gate.ts).
  await writeGate(d.db).turn();
  if (failed?.code === 'campaign.alreadySent') {
    d.log.move(rows, ['planned'], 'sending');
    return 'sent';
  }
  if (failed) refusal = { message: failed.message, code: failed.code ? { code: failed.code as Coded['code'], params: failed.params ?? {} } : null };
  if (refusal) {
    d.log.move(rows, ['planned'], 'held', refusal.message, coded('automation.held', { reason: refusal.message }));
    d.events.emit('automations.attention', {
      id: a.id,
      name: a.draft.name,
      message: `This run was held and nothing was sent: ${refusal.message}`,
      code: { code: 'automation.held', params: { reason: refusal.message } },
    });
    return 'held';
  }
  const frozen = c.store.row(campaignId);
  const ahead = frozen.send_at !== null && Date.parse(frozen.send_at) > d.now() + NOW_MS;
  // The count first (frozen batches included), so the history entry the move appends says how many texts it holds.
  prepared(d.db, 'UPDATE automation_occurrences SET recipients = ? WHERE campaign_id = ? AND contact_id = 0').run(c.store.counts(campaignId).total, campaignId);
  // A slice of rows per transaction with the loop turning between (a welcome run has 10,000, issue 30.3). The campaign
  // is frozen already, so a crash half-way leaves rows 'planned' under a sent campaign, which the next sendRun moves
  // on (above). The campaign may end meanwhile, with its last event before the last rows moved: they follow it now.
  await inSlices(rows, MOVES_PER_TURN, (slice) => d.log.move(slice, ['planned'], ahead ? 'handed_over' : 'sending'), { first: FIRST_MOVES, gate: writeGate(d.db) });
  if (rows.length > MOVES_PER_TURN) await d.follow?.(campaignId);
  return 'sent';
}

/** A run over the daily limit or the credit is held whole: the outbox would send part of it and wait. */
export function spendingRefusal(
  p: { cost: { total: number } | null; limits: { dailyCap: number | null; spentToday: number }; enoughCredit: boolean | null; problems: { level: string; message: string }[] },
  currency: string,
): { message: string; code: Coded | null } | null {
  const blocking = p.problems.find((x) => x.level === 'error');
  if (blocking) return { message: blocking.message, code: null };
  if (p.cost && p.limits.dailyCap !== null && p.limits.spentToday + p.cost.total > p.limits.dailyCap + 1e-9) {
    return {
      message: `It costs ${p.cost.total.toFixed(2)} ${currency}, which would take today's spending past your daily limit of ${p.limits.dailyCap.toFixed(2)} ${currency}.`,
      code: null,
    };
  }
  if (p.enoughCredit === false) return { message: 'The gateway account does not have enough credit for it.', code: null };
  return null;
}
