// Zod schemas for the messaging interface (/mobile/*, webhook events), written from messaging-interface.md.
// Requests are strict (a misspelt field is a bug to catch here); responses are loose because the spec adds fields.
import { z } from 'zod';
import type { FieldIssue } from '../../../src-shared/errors';
import { issuesOf } from './schema-issues';

/** Counts characters as the gateway does (code points), not UTF-16 units, so emoji are not counted twice. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function text(min: number, max: number) {
  return z.string().refine((s) => {
    const n = codePointLength(s);
    return n >= min && n <= max;
  }, min > 0 ? `Must be ${min} to ${max} characters long` : `Must be at most ${max} characters long`);
}

const ISO_DURATION = /^P(?!$)(\d+(\.\d+)?[YMWD])*(T(?=\d)(\d+(\.\d+)?[HMS])*)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})?$/;

export const Msisdn = z
  .int('Must be a full phone number written as digits only')
  .gt(1000, 'Must be a full phone number with country code')
  .lte(999_999_999_999_999, 'Is longer than any phone number (at most 15 digits)');

export const Expiration = z.union([
  z.number().nonnegative(),
  z.string().regex(ISO_DURATION, 'Must be a duration like PT1H or P1D').or(
    z.string().regex(DATE_TIME, 'Must be a duration like PT1H, a date and time, or a number of seconds'),
  ),
]);

export const MobileMessageRequest = z.strictObject({
  sender: text(3, 18),
  recipient: Msisdn,
  message: text(0, 39015),
  reference: z.string().nullable().optional(),
  expiration: Expiration.optional(),
  priority: z.enum(['normal', 'urgent']).optional(),
  label: text(0, 128).nullable().optional(),
});
export type MobileMessageRequest = z.input<typeof MobileMessageRequest>;

export const MultiMobileMessageRequest = z.strictObject({
  messages: z.array(MobileMessageRequest).min(1, 'A batch needs at least one message').max(1000, 'A batch holds at most 1000 messages'),
});
export type MultiMobileMessageRequest = z.input<typeof MultiMobileMessageRequest>;

export const MobileMessageResponse = z.looseObject({
  msg_id: z.string(),
  recipient: z.int(),
  reference: z.string().nullable(),
});
export type MobileMessageResponse = z.output<typeof MobileMessageResponse>;

export const MultiMobileMessageResponse = z.looseObject({
  responses: z.array(MobileMessageResponse),
});
export type MultiMobileMessageResponse = z.output<typeof MultiMobileMessageResponse>;

export const ValidationErrorItem = z.looseObject({
  loc: z.array(z.union([z.string(), z.int()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});

export const HTTPValidationError = z.looseObject({
  detail: z.array(ValidationErrorItem),
});
export type HTTPValidationError = z.output<typeof HTTPValidationError>;

const IsoDateTime = z.iso.datetime({ offset: true, local: true });

export const GatewayErrorObject = z.looseObject({
  hex_code: z.string(),
  details: z.string(),
});

/** Status is any string: unknown statuses are mapped to 'unknown' by the status model, not rejected. */
export const SmsStatusEvent = z.looseObject({
  msg_id: z.string(),
  recipient: z.int(),
  reference: z.string().nullable(),
  status: z.string(),
  status_at: IsoDateTime,
  error: GatewayErrorObject.nullable(),
});
export type SmsStatusEvent = z.output<typeof SmsStatusEvent>;

export const RcsStatusEvent = z.looseObject({
  msg_id: z.string(),
  recipient: z.int(),
  reference: z.string().nullable(),
  status: z.string(),
  status_at: IsoDateTime,
  error: z.record(z.string(), z.unknown()).nullable(),
});
export type RcsStatusEvent = z.output<typeof RcsStatusEvent>;

export const WebhookEnvelope = z.looseObject({
  event_id: z.string(),
  timestamp: IsoDateTime,
  event_type: z.string(),
  event: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.output<typeof WebhookEnvelope>;

export type WebhookEvent =
  | { type: 'message.status.sms'; envelope: WebhookEnvelope; status: SmsStatusEvent }
  | { type: 'message.status.rcs'; envelope: WebhookEnvelope; status: RcsStatusEvent }
  /** user-message.* and any event type added later: kept whole for whoever understands it. */
  | { type: 'other'; envelope: WebhookEnvelope };

export type WebhookParse = { ok: true; event: WebhookEvent } | { ok: false; issues: FieldIssue[] };

/** Parses a webhook body (already JSON-decoded). Unknown event types pass as 'other', as the spec requires. */
export function parseWebhookEvent(body: unknown): WebhookParse {
  const env = WebhookEnvelope.safeParse(body);
  if (!env.success) return { ok: false, issues: issuesOf(env.error) };
  const envelope = env.data;
  if (envelope.event_type === 'message.status.sms') {
    const r = SmsStatusEvent.safeParse(envelope.event);
    return r.success
      ? { ok: true, event: { type: 'message.status.sms', envelope, status: r.data } }
      : { ok: false, issues: issuesOf(r.error, ['event']) };
  }
  if (envelope.event_type === 'message.status.rcs') {
    const r = RcsStatusEvent.safeParse(envelope.event);
    return r.success
      ? { ok: true, event: { type: 'message.status.rcs', envelope, status: r.data } }
      : { ok: false, issues: issuesOf(r.error, ['event']) };
  }
  return { ok: true, event: { type: 'other', envelope } };
}
