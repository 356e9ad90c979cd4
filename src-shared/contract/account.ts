// Account: balance, prices, usage, keywords, number lookup, email and refunds (issue 9), with the account.* calls
// and the balance.changed event.
import { z } from 'zod';
import { call, input, none, Mode, FileDownload, type CallSpec } from './basics';

export const Balance = z.object({
  credit: z.number(),
  currency: z.string(),
  accountId: z.number(),
  mode: Mode,
  fetchedAt: z.string(),
  low: z.boolean(),
});
export type Balance = z.infer<typeof Balance>;

/** The gateway features an account may not have; each needs an agreement with the gateway. */
export const AccountFeature = z.enum(['keywords', 'email', 'lookup']);
export type AccountFeature = z.infer<typeof AccountFeature>;

export const FeatureStatus = z.object({
  feature: AccountFeature,
  /** 'unknown' until Besked has used the feature in this mode; 'not_enabled' after the gateway refused it. */
  state: z.enum(['unknown', 'enabled', 'not_enabled']),
  checkedAt: z.string().nullable(),
});
export type FeatureStatus = z.infer<typeof FeatureStatus>;

export const AccountFeatures = z.object({ mode: Mode, features: z.array(FeatureStatus) });
export type AccountFeatures = z.infer<typeof AccountFeatures>;

const isoDay = z
  .string()
  // One message per wrong date: the calendar is not asked about a string that is not written as a date.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date written as YYYY-MM-DD', abort: true })
  // Still written to read any string: a refinement must never throw (issue 26.1).
  .refine((s) => isCalendarDay(s), 'Not a date in the calendar');

/** Whether YYYY-MM-DD is a day of the calendar; false (never a throw) for any other string. */
export function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

export const PriceTier = z.enum(['standard', 'premium']);
export type PriceTier = z.infer<typeof PriceTier>;

export const PriceRow = z.object({
  tier: PriceTier,
  country: z.string(),
  countryName: z.string(),
  prefix: z.number(),
  dkk: z.number(),
  eur: z.number(),
});
export type PriceRow = z.infer<typeof PriceRow>;

export const PriceTable = z.object({
  mode: Mode,
  /** When the cached list was fetched from the gateway. */
  fetchedAt: z.string(),
  /** Rows in the whole list, before the search. */
  total: z.number(),
  rows: z.array(PriceRow),
});
export type PriceTable = z.infer<typeof PriceTable>;

export const UsageGranularity = z.enum(['day', 'week']);
export type UsageGranularity = z.infer<typeof UsageGranularity>;

export const UsageQuery = input({
  from: isoDay,
  to: isoDay,
  label: z.string().trim().max(100).optional(),
  /** "Over time" is built from one gateway query per day or per week of the range. */
  granularity: UsageGranularity,
});
export type UsageQuery = z.input<typeof UsageQuery>;

const usageFigures = { messages: z.number(), cost: z.number() };
export const UsageReport = z.object({
  from: z.string(),
  to: z.string(),
  label: z.string().nullable(),
  granularity: UsageGranularity,
  /** The currency of the totals and charts; rows in another currency are left out of them and counted here. */
  currency: z.string().nullable(),
  otherCurrencyRows: z.number(),
  totals: z.object(usageFigures),
  byLabel: z.array(z.object({ label: z.string().nullable(), ...usageFigures })),
  byCountry: z.array(z.object({ country: z.string(), ...usageFigures })),
  overTime: z.array(z.object({ from: z.string(), to: z.string(), ...usageFigures })),
  rows: z.array(
    z.object({ label: z.string().nullable(), country: z.string(), messageClass: z.string(), currency: z.string(), ...usageFigures }),
  ),
  /** How many requests the gateway answered to build this report. */
  queries: z.number(),
  fetchedAt: z.string(),
});
export type UsageReport = z.infer<typeof UsageReport>;

const keywordText = z
  .string()
  .trim()
  .min(1, 'Enter a keyword')
  .max(30, 'A keyword can be at most 30 characters')
  .regex(/^[\p{L}\p{N}]+$/u, 'A keyword is one word of letters and digits, without spaces');
const shortcode = z.int('A short code is a whole number').positive('A short code is a positive number').max(99_999_999);

export const KeywordRow = z.object({
  shortcode: z.number(),
  keyword: z.string(),
  /** The webhook label incoming messages are forwarded to, if any. */
  webhook: z.string().nullable(),
  /** When Besked cancelled the lease; it stays active until activeUntil. */
  cancelledAt: z.string().nullable(),
  /** Expected end of the paid period (the end of the month it was cancelled in), or null while not cancelled. */
  activeUntil: z.string().nullable(),
});
export type KeywordRow = z.infer<typeof KeywordRow>;

export const DANISH_MSISDN = /^45\d{8}$/;

export const LookupQuote = z.object({
  /** Danish numbers to look up, as 45 and eight digits, each once. */
  accepted: z.array(z.object({ msisdn: z.string(), input: z.string(), name: z.string().nullable() })),
  /** Numbers refused before any call, with the reason in words. */
  refused: z.array(z.object({ input: z.string(), name: z.string().nullable(), reason: z.string() })),
  /** Price of one lookup as last charged by the gateway in this mode; null before the first lookup. */
  unitPrice: z.number().nullable(),
  currency: z.string().nullable(),
  estimatedCost: z.number().nullable(),
});
export type LookupQuote = z.infer<typeof LookupQuote>;

export const LookupResultRow = z.object({
  msisdn: z.string(),
  name: z.string().nullable(),
  /** False when the gateway left the number out of its answer: it does not exist. */
  exists: z.boolean(),
  currentCarrier: z.string().nullable(),
  originalCarrier: z.string().nullable(),
  ported: z.boolean().nullable(),
  type: z.string().nullable(),
});
export type LookupResultRow = z.infer<typeof LookupResultRow>;

export const LookupRun = z.object({
  id: z.number(),
  lookedUpAt: z.string(),
  lookups: z.number(),
  totalCost: z.number(),
  currency: z.string(),
  results: z.array(LookupResultRow),
});
export type LookupRun = z.infer<typeof LookupRun>;

export const MAX_EMAIL_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** An email's frame: its attachments as base64, 5,000,000 characters of HTML, 1,000,000 of text and the recipients. */
const EMAIL_INPUT_BYTES = 32 * 1024 * 1024;

const emailIdentity = z.strictObject({
  address: z.email('Enter a valid email address'),
  name: z.string().trim().max(200).optional(),
});

/** "Name <address>" or just the address, as the gateway takes a sender or reply identity. */
const emailSender = z
  .string()
  .trim()
  .max(300)
  .regex(/^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, 'Write an email address, or a name followed by the address in <>');

export const EmailSendInput = input({
  /** The sender; its domain must be set up with the gateway (SPF, DKIM, MX). */
  from: emailSender,
  reply: emailSender.optional(),
  subject: z.string().trim().min(1, 'Write a subject').max(500),
  plaintext: z.string().max(1_000_000),
  html: z.string().max(5_000_000),
  recipients: z
    .array(
      z.strictObject({
        address: z.email('Enter a valid email address'),
        name: z.string().trim().max(200).optional(),
        /** Values for {merge_fields}: the contact's fields by name. */
        fields: z.record(z.string(), z.string()).optional(),
      }),
    )
    .min(1, 'Pick at least one recipient')
    .max(10_000),
  /** Copied on every recipient's email. */
  cc: z.array(emailIdentity).max(50).optional(),
  bcc: z.array(emailIdentity).max(50).optional(),
  attachments: z
    .array(z.strictObject({ fileName: z.string().min(1).max(255), mimeType: z.string().max(255), base64: z.base64('Not base64') }))
    .max(50)
    .optional(),
});
export type EmailSendInput = z.input<typeof EmailSendInput>;

export const SentEmail = z.object({
  id: z.number(),
  sentAt: z.string(),
  subject: z.string(),
  recipients: z.number(),
  /** The gateway's email ids, one per recipient. */
  ids: z.array(z.number()),
  attachments: z.number(),
  cost: z.number(),
  currency: z.string(),
});
export type SentEmail = z.infer<typeof SentEmail>;

export const RefundReceipt = z.object({
  mtsmsId: z.number(),
  msisdn: z.string(),
  requestedAt: z.string(),
  /** True when Besked had already asked for this refund; nothing was sent again. */
  alreadyRequested: z.boolean(),
});
export type RefundReceipt = z.infer<typeof RefundReceipt>;

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const accountCalls = {
  'account.balance': call(
    input({ refresh: z.boolean().optional() }),
    Balance,
    'The account balance; refresh fetches it from the gateway now.',
  ),
  'account.features': call(
    none,
    AccountFeatures,
    'Which optional features (keywords, email, number lookup) the gateway has allowed or refused in the current mode.',
  ),
  'account.prices': call(
    input({ search: z.string().trim().max(60).optional(), tier: PriceTier.optional(), refresh: z.boolean().optional() }),
    PriceTable,
    'The SMS price list (cached with its date) filtered by country name, ISO code or calling-code prefix; refresh fetches it again.',
  ),
  'account.pricesDownload': call(
    input({ format: z.enum(['csv', 'xlsx']) }),
    FileDownload,
    "The gateway's own price list file (CSV or XLSX) as bytes for the renderer to save.",
  ),
  'account.usage': call(
    UsageQuery,
    UsageReport,
    'POST /api/usage/labels for each day or week of the range (and an optional label), added up by label, country and time.',
  ),
  'account.usageExport': call(UsageQuery, FileDownload, 'The usage report of the range as a CSV file.'),
  'account.keywords': call(none, z.object({ keywords: z.array(KeywordRow) }), 'Leased keywords, with cancelled ones and when they end.'),
  'account.keywordCheck': call(
    input({ keyword: keywordText, shortcode }),
    z.object({ available: z.boolean(), system: z.string() }),
    'Whether a keyword is free on a short code.',
  ),
  'account.keywordCreate': call(
    input({
      keyword: keywordText,
      shortcode,
      webhook: z.string().trim().max(100).optional(),
      /** The user has seen that the full month is charged at once, whatever day it is. */
      acceptMonthlyCharge: z.literal(true, 'Confirm that the full month is charged now'),
    }),
    KeywordRow,
    "Leases a keyword; the gateway deducts the full month's price at once.",
  ),
  'account.keywordDelete': call(
    input({ keyword: keywordText, shortcode }),
    KeywordRow,
    'Cancels a keyword lease; it stays active until the end of its paid period.',
  ),
  'account.lookupQuote': call(
    input({
      entries: z
        .array(z.strictObject({ input: z.string().max(60), name: z.string().max(200).optional() }))
        .min(1, 'Pick contacts or type at least one number')
        .max(5000),
    }),
    LookupQuote,
    'Checks numbers for lookup (Danish only, refusing others with a reason) and estimates the cost; calls nothing.',
  ),
  'account.lookup': call(
    input({
      numbers: z
        .array(z.strictObject({ msisdn: z.string().regex(DANISH_MSISDN, 'Only Danish numbers (45 and eight digits)'), name: z.string().max(200).optional() }))
        .min(1)
        .max(5000),
      /** The user has seen the estimated cost. */
      acceptCost: z.literal(true, 'Confirm the cost of the lookup first'),
    }),
    LookupRun,
    'POST /rest/hlr: carrier, original carrier, ported and type per number; numbers the gateway leaves out do not exist.',
  ),
  'account.lookups': call(none, z.object({ runs: z.array(LookupRun) }), 'Recent number lookups in the current mode, newest first.'),
  'account.emailSend': call(
    EmailSendInput,
    SentEmail,
    'POST /rest/email to the recipients, with {merge_fields} as tags, cc/bcc and attachments (5 MB in total).',
    { maxInputBytes: EMAIL_INPUT_BYTES },
  ),
  'account.emails': call(none, z.object({ emails: z.array(SentEmail) }), 'Emails sent from Besked in the current mode, newest first.'),
  'account.refund': call(
    input({
      mtsmsId: z.int().positive(),
      msisdn: z.union([z.int().positive(), z.string().regex(/^\+?\d{4,15}$/)]),
      /** What the caller knows about the message; when given, an ineligible one is refused before any call. */
      messageClass: z.string().max(20).optional(),
      chargeStatus: z.string().max(40).nullable().optional(),
    }),
    RefundReceipt,
    'POST /rest/refund for an overcharged SMS whose charge was CAPTURED. The outcome arrives later by callback.',
  ),
  'account.refundState': call(
    input({ mtsmsId: z.int().positive(), msisdn: z.union([z.int().positive(), z.string().regex(/^\+?\d{4,15}$/)]) }),
    z.object({ requestedAt: z.string().nullable() }),
    'Whether Besked has already asked for a refund of this message and number.',
  ),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const accountEvents = {
  'balance.changed': Balance,
} as const satisfies Record<string, z.ZodType>;

export { accountRules } from './rules/account';
