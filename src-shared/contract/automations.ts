// Automations (issue 20): recurring campaigns, date-field messages, keyword auto-replies and welcome texts, with the
// automations.* calls and events. An automation is a source of campaigns and replies sent by the one outbox.
import { z } from 'zod';
import { AppError } from '../errors';
import { call, input, none, type CallSpec, BULK_INPUT } from './basics';
import { CampaignId, MessageOptions, RecipientSpec, SendChannel } from './campaigns';
import { ContactId, CustomFieldKey } from './contacts';

export const AutomationId = z.int().positive();
export const AutomationKind = z.enum(['recurring', 'date_field', 'keyword', 'welcome']);
export type AutomationKind = z.infer<typeof AutomationKind>;
/** draft: never switched on; active: runs; paused: switched off by the user (nothing runs, handed-over sends withdrawn). */
export const AutomationState = z.enum(['draft', 'active', 'paused']);
export type AutomationState = z.infer<typeof AutomationState>;

export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day like 09:30');
export const LocalDate = z.iso.date('Use a date like 2027-01-31');
export const Weekday = z.enum(['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su']);
export type Weekday = z.infer<typeof Weekday>;
/** An IANA time zone; the core refuses one it does not know (automation.badTimeZone). */
export const TimeZone = z.string().trim().min(1).max(64);
export const DEFAULT_TIME_ZONE = 'Europe/Copenhagen';

/** How often a recurring campaign runs. Monthly: a day of the month (31 = the month's last day when shorter), or the last given weekday. */
export const Recurrence = z.discriminatedUnion('every', [
  z.strictObject({ every: z.literal('day'), interval: z.int().min(1).max(365) }),
  z.strictObject({ every: z.literal('week'), interval: z.int().min(1).max(52), weekdays: z.array(Weekday).min(1, 'Pick at least one weekday').max(7) }),
  z.strictObject({
    every: z.literal('month'),
    interval: z.int().min(1).max(12),
    on: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('day'), day: z.int().min(1).max(31) }),
      z.strictObject({ kind: z.literal('lastWeekday'), weekday: Weekday }),
    ]),
  }),
]);
export type Recurrence = z.infer<typeof Recurrence>;

export const RecurrenceEnd = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('never') }),
  z.strictObject({ kind: z.literal('on'), date: LocalDate }),
  z.strictObject({ kind: z.literal('after'), runs: z.int().min(1).max(10_000) }),
]);
export type RecurrenceEnd = z.infer<typeof RecurrenceEnd>;

export const RecurringSpec = z.strictObject({
  kind: z.literal('recurring'),
  recurrence: Recurrence,
  /** Local time of day in the automation's time zone. */
  time: LocalTime,
  /** The first day a run may fall on (local). */
  startDate: LocalDate,
  end: RecurrenceEnd,
  recipients: RecipientSpec,
  /** each_run: whoever the groups and searches hold at each run (default); frozen: the list as it was when switched on. */
  resolve: z.enum(['each_run', 'frozen']),
});
export type RecurringSpec = z.infer<typeof RecurringSpec>;

/** When a date-field message goes relative to the contact's date: on the day, or N days or hours before or after. */
export const DateOffset = z.strictObject({
  direction: z.enum(['on', 'before', 'after']),
  amount: z.int().min(0).max(365),
  unit: z.enum(['days', 'hours']),
});
export type DateOffset = z.infer<typeof DateOffset>;

export const DateFieldSpec = z.strictObject({
  kind: z.literal('date_field'),
  /** A custom field of the contacts holding a date ("Fødselsdag") or a date and time ("Tid"). */
  field: CustomFieldKey,
  offset: DateOffset,
  /** Local time the message goes at; null: the field's own time of day (date-time fields with an hour offset). */
  time: LocalTime.nullable(),
  /** yearly: every year on the date (birthdays; the year in the field is ignored); once: the date itself (appointments). */
  repeat: z.enum(['yearly', 'once']),
  /** Only these contacts (groups, searches); all empty: every contact with a readable date. */
  recipients: RecipientSpec,
});
export type DateFieldSpec = z.infer<typeof DateFieldSpec>;

/** How often one number gets a keyword rule's reply. */
export const ReplyFrequency = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('every') }),
  z.strictObject({ kind: z.literal('first') }),
  z.strictObject({ kind: z.literal('period'), hours: z.int().min(1).max(8760) }),
]);
export type ReplyFrequency = z.infer<typeof ReplyFrequency>;

export const KeywordText = z.string().trim().min(1, 'Write a keyword').max(40).regex(/^\S+$/, 'A keyword is one word');

export const KeywordSpec = z.strictObject({
  kind: z.literal('keyword'),
  /** An inbound text whose first word is one of these (case- and accent-insensitive) gets the reply. */
  keywords: z.array(KeywordText).max(50),
  /** "Anything else": answers texts no other active keyword rule matched. Then keywords may be empty. */
  fallback: z.boolean(),
  frequency: ReplyFrequency,
  /** Adds the number's contact (created when there is none) to this group. */
  addToGroupId: ContactId.nullable(),
  /** Opts the number in, with a consent-log entry naming the inbound message. */
  optIn: z.boolean(),
});
export type KeywordSpec = z.infer<typeof KeywordSpec>;

export const WelcomeSpec = z.strictObject({
  kind: z.literal('welcome'),
  /** A contact who joins this group (import, by hand or a keyword rule) gets the text once. */
  groupId: ContactId,
});
export type WelcomeSpec = z.infer<typeof WelcomeSpec>;

export const AutomationSpec = z.discriminatedUnion('kind', [RecurringSpec, DateFieldSpec, KeywordSpec, WelcomeSpec]);
export type AutomationSpec = z.infer<typeof AutomationSpec>;

const mergeFieldName = z.string().regex(/^[A-Za-z0-9_]{1,60}$/, 'A merge field name uses letters, digits and _');

/** What an automation sends: the composer's message (keyword replies and welcome texts go on the legacy interface). */
export const AutomationMessage = z.strictObject({
  channel: SendChannel,
  sender: z.string().max(40),
  text: z.string().max(80_000),
  fallbacks: z.record(mergeFieldName, z.string().max(500)),
  options: MessageOptions,
});
export type AutomationMessage = z.infer<typeof AutomationMessage>;

export const AutomationDraft = z.strictObject({
  name: z.string().trim().min(1, 'Give the automation a name').max(120),
  timeZone: TimeZone,
  spec: AutomationSpec,
  message: AutomationMessage,
});
export type AutomationDraft = z.infer<typeof AutomationDraft>;

const Coded = z.object({ code: z.string(), params: AppError.shape.params }).nullable();

export const Automation = z.object({
  id: z.number(),
  state: AutomationState,
  draft: AutomationDraft,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was last switched on; occurrences before are not owed. */
  activatedAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** The next occurrence it will act on (recurring and date-field); null for keyword and welcome rules. */
  nextRunAt: z.string().nullable(),
  counts: z.object({ sent: z.number(), held: z.number(), missed: z.number(), notWithdrawn: z.number(), replies: z.number() }),
  /** Something the user should act on (a held run, messages that could not be withdrawn), in words and as a code. */
  attention: z.string().nullable(),
  attentionCode: Coded,
});
export type Automation = z.infer<typeof Automation>;

export const NextSend = z.object({
  /** ISO UTC instant, and the same as local date and time in the automation's zone (for display). */
  at: z.string(),
  local: z.string(),
  recipients: z.number(),
  parts: z.number(),
  cost: z.number().nullable(),
  currency: z.string().nullable(),
});
export type NextSend = z.infer<typeof NextSend>;

export const AutomationProblem = z.object({ level: z.enum(['error', 'warning']), message: z.string(), code: Coded });

export const NextSends = z.object({
  /** Up to 10 occurrences (recurring, date-field); empty for keyword and welcome rules. */
  occurrences: z.array(NextSend),
  /** Keyword and welcome rules: the parts and cost of one message to a typical number. */
  perMessage: z.object({ parts: z.number(), cost: z.number().nullable(), currency: z.string().nullable() }).nullable(),
  problems: z.array(AutomationProblem),
  /** Date-field: contacts whose value could not be read as a date (the first 50, and how many in all). */
  unreadable: z.object({
    total: z.number(),
    examples: z.array(z.object({ contactId: ContactId, name: z.string(), value: z.string() })),
  }),
});
export type NextSends = z.infer<typeof NextSends>;

/**
 * Why a history entry happened, when not the run's own course: the rule was paused, edited (its handed-over texts
 * withdrawn and handed over again with the new text), deleted or resumed; the contact opted out, was deleted or their
 * date changed.
 */
export const HistoryCause = z.enum(['paused', 'edited', 'deleted', 'resumed', 'opted_out', 'contact_deleted', 'date_changed']);
export type HistoryCause = z.infer<typeof HistoryCause>;

/** 'uncertain': handed over, but the answer was lost (Besked stopped mid hand-over): it may or may not go out. */
export const HistoryState = z.enum(['planned', 'handed_over', 'uncertain', 'sending', 'sent', 'failed', 'held', 'missed', 'withdrawn', 'not_withdrawn', 'skipped', 'replied']);
export type HistoryState = z.infer<typeof HistoryState>;
/**
 * One entry of an automation's history, newest first. History is append-only: a run that is handed over, withdrawn,
 * handed over again and sent is four entries, each with its own time and cause; an entry never changes afterwards.
 * Keyword rules list their reply decisions, one entry each.
 */
export const HistoryItem = z.object({
  id: z.number(),
  kind: z.enum(['run', 'reply']),
  /** The run's own time (its occurrence) or the inbound message's (reply). */
  at: z.string(),
  /** When this entry happened, on the core's clock for the mode (the test gateway's in Sandbox). */
  recordedAt: z.string(),
  state: HistoryState,
  /** How many texts the entry is about: a whole run's recipients (49 withdrawn), 1 for one contact's. */
  recipients: z.number(),
  /** One contact's run or the auto-reply's number: who. */
  contactId: ContactId.nullable(),
  name: z.string().nullable(),
  msisdn: z.number().nullable(),
  campaignId: CampaignId.nullable(),
  /** Why it was held, missed, skipped or not withdrawn; the inbound text for a reply. */
  reason: z.string().nullable(),
  reasonCode: Coded,
  /** What made it happen (paused, edited, opted out …); null for the run's own course. */
  cause: HistoryCause.nullable(),
  /** Handed to the gateway again after a withdrawal (with the edited text, or after resuming). */
  again: z.boolean(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

const ById = input({ id: AutomationId });

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const automationsCalls = {
  'automations.list': call(none, z.object({ automations: z.array(Automation) }), 'Every automation, newest first.'),
  'automations.get': call(ById, Automation, 'One automation.'),
  'automations.create': call(input({ draft: AutomationDraft }), Automation, 'Saves a new automation, switched off (state draft).', BULK_INPUT),
  'automations.update': call(
    input({ id: AutomationId, draft: AutomationDraft }),
    // withdrawn: texts already handed to the gateway that the edit took back (they go out again with the new text).
    z.object({ automation: Automation, notWithdrawn: z.number(), withdrawn: z.number() }),
    'Changes an automation from now on: past runs stay; what was handed to the gateway ahead is withdrawn and planned again.',
    BULK_INPUT,
  ),
  'automations.activate': call(
    input({ id: AutomationId, liveAcknowledged: z.boolean().optional() }),
    // skippedWhilePaused (resuming only): the runs due during the pause, listed in the history as skipped.
    Automation.extend({ skippedWhilePaused: z.int().min(0).optional() }),
    'Switches an automation on (or resumes it). Live, before the first live send, needs liveAcknowledged.',
  ),
  'automations.pause': call(
    ById,
    z.object({ automation: Automation, notWithdrawn: z.number(), withdrawn: z.number() }),
    'Switches an automation off; what was handed to the gateway ahead is withdrawn (notWithdrawn: could not be).',
  ),
  'automations.duplicate': call(ById, Automation, 'A switched-off copy to change.'),
  'automations.delete': call(ById, z.object({ notWithdrawn: z.number() }), 'Deletes an automation after withdrawing what it handed over; its past campaigns stay.'),
  'automations.preview': call(
    // id: the saved automation being edited (its own keywords do not clash with it, and its switch-on time counts).
    input({ draft: AutomationDraft, id: AutomationId.optional() }),
    NextSends,
    'The next sends of an automation as drafted (saved or not): dates, recipients and cost, problems, unreadable dates.',
    BULK_INPUT,
  ),
  'automations.history': call(
    input({ id: AutomationId, beforeId: z.int().positive().optional(), limit: z.int().min(1).max(500).optional() }),
    z.object({ items: z.array(HistoryItem), more: z.boolean() }),
    'The history\'s entries (each move of a run, each auto-reply decision), newest first; appended, never changed.',
  ),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const AutomationsChanged = z.object({ ids: z.array(z.number()) });
export const AutomationAttention = z.object({ id: z.number(), name: z.string(), message: z.string(), code: Coded });

export const automationsEvents = {
  /** Automations changed (saved, switched, ran): lists and history read again. */
  'automations.changed': AutomationsChanged,
  /** A run was held or missed, or a handed-over send could not be withdrawn: the user is told. */
  'automations.attention': AutomationAttention,
} as const satisfies Record<string, z.ZodType>;

export { automationsRules } from './rules/automations';
