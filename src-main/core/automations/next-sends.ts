// An automation's next sends before it is switched on: the next 10 occurrences with their recipients, parts and
// cost (through the campaigns' preview, so the numbers are the ones a run will be checked against), the rule's
// problems, and the contacts whose date could not be read.
import { DateTime } from 'luxon';
import type { AutomationDraft, DateFieldSpec, NextSend, NextSends, RecurringSpec } from '../../../src-shared/contract/automations';
import type { CampaignDraft, ComposeProblem, RecipientSpec } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { ComposePreviewService, SendPlan } from '../campaigns/drafts/preview';
import { nextOccurrences, recurringOccurrenceKey } from '../../../src-shared/automations/recurrence';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { AutomationRow } from './automation-store';
import type { DraftProblem } from './automation-checks';
import { fieldValues, OccurrenceCalculator, type DueIndex } from './due-index';

export const NEXT_SENDS = 10;
const UNREADABLE_EXAMPLES = 50;
/** A number to price a keyword reply or welcome text at when the contacts hold none (a Danish mobile). */
const TYPICAL_NUMBER = '+4520000000';

type Problem = NextSends['problems'][number];
const NO_RECIPIENTS: RecipientSpec = { contactIds: [], groupIds: [], searches: [], numbers: [] };

/** The compose problems that say something about the message itself (not about the stand-in recipient). */
const MESSAGE_PROBLEMS = new Set<ComposeProblem['code']>(['empty_text', 'sender', 'over_length', 'max_parts', 'unknown_field', 'channel_option', 'no_price']);

export interface NextSendsDeps {
  db: Db;
  preview: () => ComposePreviewService;
  now: () => number;
}

/** The automation's message as a campaign draft to these recipients, sent now: what a run's campaign is made of. */
export function campaignDraft(d: AutomationDraft, recipients: RecipientSpec): CampaignDraft {
  const m = d.message;
  return { name: d.name, channel: m.channel, sender: m.sender, text: m.text, fallbacks: m.fallbacks, options: m.options, recipients, sendAt: null };
}

const fromDraftProblem = (p: DraftProblem): Problem => ({ level: 'error', message: p.message, code: p.code });
const fromCompose = (p: ComposeProblem): Problem => ({ level: p.level, message: p.message, code: p.coded ?? null });

function localOf(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** When the next occurrence is looked for from: now, or later if the rule was switched on later (a clock moved back). */
export function startOf(row: Pick<AutomationRow, 'activatedAt'> | null, nowMs: number): number {
  const on = row?.activatedAt ? Date.parse(row.activatedAt) : NaN;
  return Number.isNaN(on) ? nowMs : Math.max(nowMs, on);
}

export class NextSendsService {
  constructor(private readonly deps: NextSendsDeps) {}

  /** The next run of a switched-on recurring rule (date-field rules read it from their due index). */
  nextRecurring(spec: RecurringSpec, timeZone: string, afterMs: number): string | null {
    const [t] = nextOccurrences(spec, timeZone, afterMs, 1);
    return t === undefined ? null : new Date(t).toISOString();
  }

  /** `checks`: the rule's own problems, found by the caller (they need the store and the settings). */
  async preview(draft: AutomationDraft, checks: readonly DraftProblem[], row: AutomationRow | null = null): Promise<NextSends> {
    const problems = checks.map(fromDraftProblem);
    const badZone = checks.some((c) => c.code.code === 'automation.badTimeZone');
    const base: NextSends = { occurrences: [], perMessage: null, problems, unreadable: { total: 0, examples: [] } };
    if (badZone) return base;
    const spec = draft.spec;
    const after = startOf(row, this.deps.now());
    if (spec.kind === 'recurring') return this.recurring(draft, spec, after, base, row);
    if (spec.kind === 'date_field') return this.dateField(draft, spec, after, base);
    return this.perMessage(draft, spec.kind === 'welcome' ? spec.groupId : null, base);
  }

  /** Every run goes to the same list as resolved now (each_run) or as frozen, so one plan prices them all. */
  private async recurring(draft: AutomationDraft, spec: RecurringSpec, after: number, out: NextSends, row: AutomationRow | null): Promise<NextSends> {
    // A run already recorded (sent on the other mode's clock too) is not a next send: the runner never repeats it.
    const recorded = prepared(this.deps.db, 'SELECT 1 FROM automation_occurrences WHERE automation_id = ? AND occurrence = ? AND state NOT IN (\'planned\', \'handed_over\', \'sending\') LIMIT 1', 'pluck');
    const times = nextOccurrences(spec, draft.timeZone, after, 2 * NEXT_SENDS)
      .filter((t) => row === null || recorded.get(row.id, recurringOccurrenceKey(t)) === undefined)
      .slice(0, NEXT_SENDS);
    const plan = await this.deps.preview().plan(campaignDraft(draft, spec.recipients));
    const p = plan.preview;
    out.problems.push(...p.problems.map(fromCompose));
    if (times.length === 0) {
      out.problems.push({ level: 'warning', message: 'This automation has no more runs: its end date or number of runs has passed.', code: coded('automation.noMoreRuns') });
    }
    out.occurrences = times.map((t) => ({
      at: new Date(t).toISOString(),
      local: localOf(t, draft.timeZone),
      recipients: p.recipients,
      parts: p.parts.total,
      cost: p.cost?.total ?? null,
      currency: p.cost ? p.cost.currency : null,
    }));
    return out;
  }

  /**
   * Every contact's next date worked out on the fly (the rule may be unsaved), each distinct value once; the 10
   * earliest instants are priced by one plan over their contacts.
   */
  private async dateField(draft: AutomationDraft, spec: DateFieldSpec, after: number, out: NextSends): Promise<NextSends> {
    const values = fieldValues(this.deps.db, spec);
    const calc = new OccurrenceCalculator(spec, draft.timeZone);
    const byInstant = new Map<number, number[]>();
    const unreadable: { contactId: number; value: string }[] = [];
    let unreadableTotal = 0;
    for (const v of values) {
      if (calc.parse(v.raw) === null) {
        unreadableTotal++;
        if (unreadable.length < UNREADABLE_EXAMPLES) unreadable.push({ contactId: v.contactId, value: v.raw });
        continue;
      }
      const d = calc.next(v.raw, after);
      if (!d) continue;
      const list = byInstant.get(d.dueMs);
      if (list) list.push(v.contactId);
      else byInstant.set(d.dueMs, [v.contactId]);
    }
    out.unreadable = { total: unreadableTotal, examples: this.named(unreadable) };
    if (unreadableTotal > 0) {
      out.problems.push({
        level: 'warning',
        message: `${unreadableTotal} contacts have a value in this field that is not a date Besked can read.`,
        code: coded('automation.unreadableDates', { count: unreadableTotal }),
      });
    }
    const instants = [...byInstant.keys()].sort((a, b) => a - b).slice(0, NEXT_SENDS);
    const contactIds = instants.flatMap((t) => byInstant.get(t)!);
    if (contactIds.length === 0) {
      out.problems.push({ level: 'warning', message: 'Nobody would get this message: no contact has an upcoming date in this field.', code: coded('automation.noRecipients') });
      return out;
    }
    const plan = await this.deps.preview().plan(campaignDraft(draft, { ...NO_RECIPIENTS, contactIds }));
    out.problems.push(...plan.preview.problems.filter((p) => MESSAGE_PROBLEMS.has(p.code)).map(fromCompose));
    out.occurrences = instants.map((t) => this.slice(plan, new Set(byInstant.get(t)), t, draft.timeZone));
    return out;
  }

  /** One occurrence's share of the plan: its contacts that are still recipients (not opted out), their parts and cost. */
  private slice(plan: SendPlan, contacts: ReadonlySet<number>, t: number, zone: string): NextSend {
    let recipients = 0;
    let parts = 0;
    let cost = 0;
    plan.resolution.recipients.forEach((r, i) => {
      if (r.contactId === null || !contacts.has(r.contactId)) return;
      recipients++;
      parts += plan.texts[i]!.parts;
      cost += plan.unitCosts[i]!;
    });
    const priced = plan.cost !== null;
    return { at: new Date(t).toISOString(), local: localOf(t, zone), recipients, parts, cost: priced ? Math.round(cost * 1e6) / 1e6 : null, currency: priced ? plan.currency : null };
  }

  /** Keyword replies and welcome texts: one message to a typical number (the group's first member, or any contact). */
  private async perMessage(draft: AutomationDraft, groupId: number | null, out: NextSends): Promise<NextSends> {
    const db = this.deps.db;
    const notOut = 'c.msisdn NOT IN (SELECT msisdn FROM opt_outs)';
    const sample =
      (groupId === null
        ? undefined
        : (db.prepare(`SELECT c.e164 FROM contact_group_members m JOIN contacts c ON c.id = m.contact_id WHERE m.group_id = ? AND ${notOut} LIMIT 1`).pluck().get(groupId) as
            | string
            | undefined)) ??
      (db.prepare(`SELECT c.e164 FROM contacts c WHERE ${notOut} LIMIT 1`).pluck().get() as string | undefined) ??
      TYPICAL_NUMBER;
    const plan = await this.deps.preview().plan(campaignDraft(draft, { ...NO_RECIPIENTS, numbers: [sample] }));
    const p = plan.preview;
    out.problems.push(...p.problems.filter((x) => MESSAGE_PROBLEMS.has(x.code)).map(fromCompose));
    out.perMessage = { parts: p.parts.total, cost: p.cost?.total ?? null, currency: p.cost ? plan.currency : null };
    return out;
  }

  private named(list: { contactId: number; value: string }[]): NextSends['unreadable']['examples'] {
    if (list.length === 0) return [];
    const names = new Map(
      (
        this.deps.db
          .prepare("SELECT id, trim(first_name || ' ' || last_name), e164 FROM contacts WHERE id IN (SELECT value FROM json_each(?))")
          .raw(true)
          .all(JSON.stringify(list.map((l) => l.contactId))) as [number, string, string][]
      ).map(([id, name, e164]) => [id, name || e164]),
    );
    return list.map((l) => ({ contactId: l.contactId, name: names.get(l.contactId) ?? '', value: l.value }));
  }
}

/**
 * A switched-on rule's next send, the one function the list reads (issue 27.6): the earliest of a run already
 * recorded that has still to go out (handed to the gateway ahead, as Campaigns shows it scheduled, or planned) and
 * the rule's next occurrence not yet recorded (the recurrence, or the date-field index's earliest row). An
 * occurrence already recorded, also one sent on the other mode's clock, is never shown as next (issue 27.4): the
 * runner would not send it again either.
 */
export function nextRunAt(row: AutomationRow, d: { db: Db; due: DueIndex; nextSends: NextSendsService; now: () => number }): string | null {
  const nowMs = d.now();
  const nowIso = new Date(nowMs).toISOString();
  const pending = prepared(
    d.db,
    "SELECT MIN(due_at) FROM automation_occurrences WHERE automation_id = ? AND state IN ('planned', 'handed_over', 'sending') AND due_at > ?",
    'pluck',
  ).get(row.id, nowIso) as string | null;
  const spec = row.draft.spec;
  let upcoming: string | null = null;
  if (spec.kind === 'recurring') {
    const recorded = prepared(d.db, 'SELECT 1 FROM automation_occurrences WHERE automation_id = ? AND occurrence = ? LIMIT 1', 'pluck');
    const t = nextOccurrences(spec, row.draft.timeZone, startOf(row, nowMs), NEXT_SENDS).find((ms) => recorded.get(row.id, recurringOccurrenceKey(ms)) === undefined);
    upcoming = t === undefined ? null : new Date(t).toISOString();
  } else if (spec.kind === 'date_field') upcoming = d.due.earliest(row.id);
  if (pending === null) return upcoming;
  if (upcoming === null) return pending;
  return Date.parse(pending) <= Date.parse(upcoming) ? pending : upcoming;
}
