// A customer's data on request (issue 28, GDPR): everything Besked holds about one person as one readable file, the
// erasure of it all (what at-most-once still needs kept as a keyed hash of the number), and the optional retention
// of message texts. Its own domain because it reads and removes across contacts, campaigns, the inbox, automations
// and the audit trail, which none of those domains should know about each other. Owner-only; every use is audited,
// and the audit entry never names the person (the `person` key is removed from the recorded input).
import { z } from 'zod';
import { call, input, none, FileDownload, type CallSpec } from './basics';

/** Whose data: a contact, or a phone number as typed (which need not belong to any contact). */
export const PrivacyPerson = z.union([
  z.strictObject({ contactId: z.int().positive() }),
  z.strictObject({ phone: z.string().trim().min(1, 'Type a phone number').max(40) }),
]);
export type PrivacyPerson = z.infer<typeof PrivacyPerson>;

export const ErasureResult = z.object({
  contacts: z.number(),
  /** Texts to the person: their rows are kept for the campaigns' counts and costs, without number, name or text. */
  messagesOut: z.number(),
  /** Not sent after all: queued (or uncertain) texts to the person, cancelled. */
  cancelled: z.number(),
  messagesIn: z.number(),
  notes: z.number(),
  consentEntries: z.number(),
  /** The number had opted out: it stays refused, kept only as a keyed hash. */
  optOutKept: z.boolean(),
});
export type ErasureResult = z.infer<typeof ErasureResult>;

/** Months after which message texts are deleted (dates, statuses, counts and costs stay); null keeps them. */
export const RetentionMonths = z.int().min(1, 'At least one month').max(120, 'At most 120 months').nullable();
export const Retention = z.object({
  months: RetentionMonths,
  /** When the daily run last deleted texts (UTC ISO), and how many. */
  lastRunAt: z.string().nullable(),
  lastRunTexts: z.number().nullable(),
});
export type Retention = z.infer<typeof Retention>;

export const privacyCalls = {
  'privacy.dataExport': call(
    input({ person: PrivacyPerson, language: z.enum(['en', 'da']).optional() }),
    FileDownload,
    'One self-contained HTML page with everything Besked holds about the person: contact, groups, consent log, every message both ways, campaigns and automations, notes and assignments.',
  ),
  'privacy.erase': call(
    input({ person: PrivacyPerson }),
    ErasureResult,
    'Deletes everything about the person; counts and costs stay, an opt-out stays honoured as a keyed hash of the number.',
  ),
  'privacy.retention': call(none, Retention, 'The retention of message texts and its last run.'),
  'privacy.setRetention': call(input({ months: RetentionMonths }), Retention, 'Sets (or, null, turns off) the retention of message texts; applied daily.'),
  'privacy.applyRetention': call(none, Retention, 'Deletes the texts older than the retention now (the daily run makes this call too, so each run is audited).'),
} as const satisfies Record<string, CallSpec>;

export { privacyRules } from './rules/privacy';
