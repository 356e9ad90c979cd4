// The one boundary between the untrusted renderer and the core: every call with its zod input and
// output, and every event the core pushes. Both transports (Electron IPC, loopback WebSocket) and the
// renderer's typed client are derived from this file; there is no other list of call names.
import { z } from 'zod';
import { AppError, type Result } from './errors';
import { BESKED_STATES } from './delivery-status';
import { isCountryCode } from './phone';

// ─── Building blocks ────────────────────────────────────────────────────────────────────────────

/** Inputs are strict: an unknown key is a validation error naming it, never silently ignored. */
const input = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);
const none = z.strictObject({});

export const Platform = z.enum(['default', 'eu']);
export type Platform = z.infer<typeof Platform>;

const baseUrl = z
  .string()
  .trim()
  .max(300)
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(s), 'Enter a web address starting with https://');

export const Endpoints = z.object({ messagingUrl: baseUrl, legacyUrl: baseUrl });
export type Endpoints = z.infer<typeof Endpoints>;

export const Theme = z.enum(['system', 'light', 'dark']);
export const Language = z.enum(['system', 'en', 'da']);

// ─── Compose & campaigns: sending limits (part of Settings) ─────────────────────────────────────

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day like 21:00');

/** Limits the composer and the outbox enforce; null means "no limit". Amounts are in the account currency. */
export const SendingLimits = z.object({
  campaignCap: z.number().positive('A cap must be more than 0').max(100_000_000).nullable(),
  dailyCap: z.number().positive('A cap must be more than 0').max(100_000_000).nullable(),
  /** Most SMS parts one recipient's text may take (the legacy interface's max_parts where it applies). */
  maxParts: z.int().min(1).max(255).nullable(),
  /** Local times between which nothing is sent; a send lands at `to`. */
  quietHours: z.object({ from: clockTime, to: clockTime }).nullable(),
  messagesPerMinute: z.int().min(1).max(1_000_000).nullable(),
});
export type SendingLimits = z.infer<typeof SendingLimits>;

// ─── Inbox & delivery status: settings ─────────────────────────────────────────────────────────

const optOutKeyword = z
  .string()
  .trim()
  .min(1, 'A keyword cannot be empty')
  .max(40, 'A keyword can be at most 40 characters')
  .refine((k) => /[\p{L}\p{N}]/u.test(k), 'A keyword needs at least one letter or digit');

/** The optional local webhook receiver (off by default). Its signing secrets live in the keychain, not here. */
export const WebhookReceiverSettings = z.object({
  enabled: z.boolean(),
  /** Local port it listens on (127.0.0.1 only; a tunnel or reverse proxy forwards the public address to it). */
  port: z.int().min(1024, 'Use a port from 1024 to 65535').max(65535, 'Use a port from 1024 to 65535'),
});
export type WebhookReceiverSettings = z.infer<typeof WebhookReceiverSettings>;

export const Settings = z.object({
  /** Tokens are bound to one platform; both interfaces have their own base URL per platform. */
  platform: Platform,
  /** The user's wish to use Sandbox even with a token. With no token Besked is always in Sandbox. */
  sandbox: z.boolean(),
  endpoints: z.object({ default: Endpoints, eu: Endpoints }),
  lowBalanceThreshold: z.number().min(0).max(1_000_000),
  theme: Theme,
  language: Language,
  /** Desktop app: closing the window keeps Besked running in the tray, polling for replies and statuses. */
  closeToTray: z.boolean(),
  /** Desktop app: start Besked when the user logs in. */
  startAtLogin: z.boolean(),
  // ─── Compose & campaigns
  sendingLimits: SendingLimits,
  /** The sender a new message starts with ('' for none). */
  defaultSender: z.string().trim().max(18),
  // ─── Inbox & delivery status
  /** Incoming texts starting with one of these opt the number out (case and punctuation do not matter). */
  optOutKeywords: z.array(optOutKeyword).max(30, 'At most 30 keywords'),
  /** Send optOutConfirmText to a number that just opted out. */
  autoConfirmOptOut: z.boolean(),
  optOutConfirmText: z.string().trim().max(306, 'Keep the confirmation within two SMS parts'),
  /** How often Besked asks the gateway for new replies while it runs. */
  inboxPollSeconds: z.int().min(10, 'At least every 10 seconds').max(3600, 'At most every hour'),
  webhookReceiver: WebhookReceiverSettings,
});
export type Settings = z.infer<typeof Settings>;

export const SettingsPatch = z.strictObject({
  platform: Platform.optional(),
  sandbox: z.boolean().optional(),
  endpoints: z.strictObject({ default: Endpoints.strict().optional(), eu: Endpoints.strict().optional() }).optional(),
  lowBalanceThreshold: z.number().min(0).max(1_000_000).optional(),
  theme: Theme.optional(),
  language: Language.optional(),
  closeToTray: z.boolean().optional(),
  startAtLogin: z.boolean().optional(),
  // ─── Compose & campaigns
  sendingLimits: SendingLimits.strict().optional(),
  defaultSender: z.string().trim().max(18).optional(),
  // ─── Inbox & delivery status
  optOutKeywords: z.array(optOutKeyword).max(30, 'At most 30 keywords').optional(),
  autoConfirmOptOut: z.boolean().optional(),
  optOutConfirmText: z.string().trim().max(306, 'Keep the confirmation within two SMS parts').optional(),
  inboxPollSeconds: z.int().min(10, 'At least every 10 seconds').max(3600, 'At most every hour').optional(),
  webhookReceiver: WebhookReceiverSettings.strict().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const KeychainState = z.object({
  /** 'keychain': the OS keychain holds tokens; 'memory': none is available, tokens last for this run only. */
  kind: z.enum(['keychain', 'memory']),
  message: z.string().optional(),
});

export const ConnectionState = z.object({
  mode: z.enum(['sandbox', 'live']),
  /** Why Besked is in this mode, in words for the settings page. */
  reason: z.string(),
  hasToken: z.object({ default: z.boolean(), eu: z.boolean() }),
  keychain: KeychainState,
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const SettingsView = z.object({ settings: Settings, connection: ConnectionState });
export type SettingsView = z.infer<typeof SettingsView>;

export const Balance = z.object({
  credit: z.number(),
  currency: z.string(),
  accountId: z.number(),
  mode: z.enum(['sandbox', 'live']),
  fetchedAt: z.string(),
  low: z.boolean(),
});
export type Balance = z.infer<typeof Balance>;

/** Whether Besked can write to its data folder; while not, sending waits and every view stays readable. */
export const StorageState = z.object({ problem: z.enum(['full', 'readOnly', 'ioError']).nullable() });
export type StorageState = z.infer<typeof StorageState>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'web']),
  os: z.string(),
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

const token = z
  .string()
  .trim()
  .min(8, 'The token is too short: copy the whole token from the gateway dashboard.')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'A token contains no spaces or special characters: copy it again from the dashboard.');

export const ConnectionTest = z.object({
  credit: z.number(),
  currency: z.string(),
  accountId: z.number(),
  platform: Platform,
  mode: z.enum(['sandbox', 'live']),
});

// ─── Account ────────────────────────────────────────────────────────────────────────────────────
// Prices, usage, keywords, number lookup, email and refunds (issue 9). Balance is above.

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

export const AccountFeatures = z.object({ mode: z.enum(['sandbox', 'live']), features: z.array(FeatureStatus) });
export type AccountFeatures = z.infer<typeof AccountFeatures>;

/** A file for the renderer to save (a Blob download in both shells): the bytes travel as base64. */
export const FileDownload = z.object({ fileName: z.string(), mimeType: z.string(), base64: z.string(), bytes: z.number() });
export type FileDownload = z.infer<typeof FileDownload>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written as YYYY-MM-DD')
  .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a date in the calendar');

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
  mode: z.enum(['sandbox', 'live']),
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

// ─── Contacts ───────────────────────────────────────────────────────────────────────────────────
// Contacts, groups, consent (opt-outs) and CSV import/export (issue 6). The renderer never reads a file
// itself into the core: it uploads the bytes in chunks, and the core parses them.

export const ContactId = z.int().positive();
export const CountryCodeInput = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => isCountryCode(c), 'Choose a country from the list');

/** A custom field's key, usable as {key} in a message template (letters, digits, underscore). */
export const CustomFieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'A field name uses lowercase letters, digits and _ and starts with a letter');
export const CustomValues = z
  .record(CustomFieldKey, z.string().max(1000, 'A custom field holds at most 1,000 characters'))
  .refine((o) => Object.keys(o).length <= 60, 'A contact has at most 60 custom fields');

export const ConsentSource = z.enum(['manual', 'keyword', 'import']);
export type ConsentSource = z.infer<typeof ConsentSource>;
export const ConsentEntry = z.object({
  id: z.number(),
  msisdn: z.number(),
  action: z.enum(['opt_in', 'opt_out']),
  source: ConsentSource,
  /** Who: the user ("you"), the keyword, or the imported file. */
  by: z.string(),
  note: z.string(),
  at: z.string(),
});
export type ConsentEntry = z.infer<typeof ConsentEntry>;

export const ContactRow = z.object({
  id: ContactId,
  firstName: z.string(),
  lastName: z.string(),
  e164: z.string(),
  msisdn: z.number(),
  email: z.string(),
  company: z.string(),
  groupIds: z.array(z.number()),
  optedOut: z.boolean(),
  updatedAt: z.string(),
});
export type ContactRow = z.infer<typeof ContactRow>;

export const Contact = ContactRow.extend({
  custom: z.record(z.string(), z.string()),
  notes: z.string(),
  createdAt: z.string(),
  /** Every opt-in and opt-out of this number, newest first. */
  consent: z.array(ConsentEntry),
});
export type Contact = z.infer<typeof Contact>;

const personName = z.string().trim().max(100, 'A name holds at most 100 characters');
const emailText = z
  .string()
  .trim()
  .max(254)
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Enter an email address like name@example.dk, or leave it empty');
const contactFields = {
  firstName: personName.optional(),
  lastName: personName.optional(),
  email: emailText.optional(),
  company: z.string().trim().max(200).optional(),
  notes: z.string().max(5000).optional(),
  custom: CustomValues.optional(),
  groupIds: z.array(ContactId).max(500).optional(),
  /** The country for a number typed without + or 00. */
  defaultCountry: CountryCodeInput.optional(),
};
export const ContactDraft = z.strictObject({
  ...contactFields,
  phone: z.string().trim().min(1, 'Enter a phone number').max(40),
});
export const ContactPatch = z.strictObject({
  id: ContactId,
  ...contactFields,
  phone: z.string().trim().min(1, 'Enter a phone number').max(40).optional(),
});

export const ContactFilter = z.strictObject({
  /** Names, number in any format, email, company and custom fields; words match from their start. */
  search: z.string().max(200).optional(),
  groupId: ContactId.optional(),
  consent: z.enum(['any', 'optedOut', 'reachable']).optional(),
});
export type ContactFilter = z.infer<typeof ContactFilter>;

/** Which contacts an action is for: listed ids, or everything a filter matches except some. */
export const ContactSelection = z.union([
  z.strictObject({ ids: z.array(ContactId).max(1_000_000) }),
  z.strictObject({ filter: ContactFilter, exceptIds: z.array(ContactId).max(1_000_000).optional() }),
]);
export type ContactSelection = z.infer<typeof ContactSelection>;

export const ContactSort = z.enum(['name', 'newest']);
export type ContactSort = z.infer<typeof ContactSort>;

export const ContactPage = z.object({ total: z.number(), offset: z.number(), rows: z.array(ContactRow) });
export type ContactPage = z.infer<typeof ContactPage>;

const groupName = z.string().trim().min(1, 'Give the group a name').max(80, 'A group name holds at most 80 characters');
export const Group = z.object({ id: ContactId, name: z.string(), count: z.number(), createdAt: z.string() });
export type Group = z.infer<typeof Group>;

/** A field a message template can use as {key}. */
export const MergeField = z.object({ key: z.string(), label: z.string(), builtin: z.boolean() });
export type MergeField = z.infer<typeof MergeField>;

export const ContactsOverview = z.object({
  total: z.number(),
  optedOut: z.number(),
  groups: z.array(Group),
  fields: z.array(MergeField),
  defaultCountry: z.string(),
});
export type ContactsOverview = z.infer<typeof ContactsOverview>;

/** Files above this are refused before a byte is read (checked by the renderer on File.size and by the core). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Bytes per upload chunk: base64 of it stays far below the bridge's message limit. */
export const IMPORT_CHUNK_BYTES = 4 * 1024 * 1024;

export const ImportId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown import');
export const ImportEncoding = z.enum(['utf-8', 'windows-1252', 'utf-16le', 'utf-16be']);
export type ImportEncoding = z.infer<typeof ImportEncoding>;
export const ImportDelimiter = z.enum([',', ';', '\t', '|']);
export type ImportDelimiter = z.infer<typeof ImportDelimiter>;

export const BuiltinTarget = z.enum(['ignore', 'firstName', 'lastName', 'fullName', 'phone', 'email', 'company', 'notes', 'optOut']);
export type BuiltinTarget = z.infer<typeof BuiltinTarget>;
/** Where a column's values go: a contact field, a custom field, or nowhere. */
export const ColumnTarget = z.union([
  BuiltinTarget,
  z.strictObject({ custom: CustomFieldKey, label: z.string().trim().min(1).max(80) }),
]);
export type ColumnTarget = z.infer<typeof ColumnTarget>;

/** What happens when a row's number is already a contact (or came earlier in the file). */
export const MergeRule = z.enum(['fillEmpty', 'overwrite', 'keep']);
export type MergeRule = z.infer<typeof MergeRule>;

export const ImportGroup = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('existing'), id: ContactId }),
  z.strictObject({ kind: z.literal('new'), name: groupName }),
]);
export type ImportGroup = z.infer<typeof ImportGroup>;

export const ImportPreview = z.object({
  importId: ImportId,
  fileName: z.string(),
  bytes: z.number(),
  encoding: ImportEncoding,
  delimiter: ImportDelimiter,
  hasHeader: z.boolean(),
  /** Header texts (or "Column 1…" without a header), one per column. */
  headers: z.array(z.string()),
  /** The first data rows, as read with these options. */
  rows: z.array(z.array(z.string())),
  mapping: z.array(ColumnTarget),
  /** For each column, the custom-field key its header makes (for choosing "custom field" in the mapping). */
  customKeys: z.array(z.string()),
  /** True when the mapping is the one used last time for a file with these headers. */
  mappingRemembered: z.boolean(),
  defaultCountry: z.string(),
  warnings: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportRejectReason = z.enum([
  'phone_empty',
  'phone_not_a_number',
  'phone_scientific',
  'phone_too_short',
  'phone_too_long',
  'phone_unknown_country_code',
  'phone_needs_country',
  'phone_invalid',
  'email_invalid',
  'too_many_columns',
  'bad_quotes',
  'value_too_long',
]);
export type ImportRejectReason = z.infer<typeof ImportRejectReason>;

export const ImportRejectedRow = z.object({
  /** The line's row number in the file as a spreadsheet shows it (the header is row 1). */
  row: z.number(),
  reason: ImportRejectReason,
  message: z.string(),
  values: z.array(z.string()),
});
export type ImportRejectedRow = z.infer<typeof ImportRejectedRow>;

export const ImportReport = z.object({
  importId: ImportId,
  fileName: z.string(),
  /** Data rows read (blank lines not counted). */
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  merged: z.number(),
  rejected: z.number(),
  optedOut: z.number(),
  blankLines: z.number(),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  reasons: z.array(z.object({ reason: ImportRejectReason, count: z.number() })),
  /** The first rejected rows; all of them are in the rejected-rows file. */
  rejectedSample: z.array(ImportRejectedRow),
  durationMs: z.number(),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportProgress = z.object({
  importId: ImportId,
  phase: z.enum(['reading', 'saving', 'done', 'failed', 'cancelled']),
  bytesDone: z.number(),
  bytesTotal: z.number(),
  rows: z.number(),
  rejected: z.number(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

const importOptions = {
  importId: ImportId,
  encoding: ImportEncoding.optional(),
  delimiter: ImportDelimiter.optional(),
  hasHeader: z.boolean().optional(),
};

export const ContactsChanged = z.object({
  reason: z.enum(['created', 'updated', 'deleted', 'restored', 'imported', 'consent', 'groups']),
});

// ─── Compose & campaigns ────────────────────────────────────────────────────────────────────────
// Drafts, campaigns and their frozen recipients, the composer's preview, templates, recent senders and the
// price book's state (issue 7). Sending limits are above, with Settings.

export const CampaignId = z.int().positive();
export const SendChannel = z.enum(['legacy', 'messaging']);
export type SendChannel = z.infer<typeof SendChannel>;
export const MessageClass = z.enum(['standard', 'premium', 'secret']);
export type MessageClass = z.infer<typeof MessageClass>;
export const CampaignState = z.enum(['draft', 'waiting', 'scheduled', 'sending', 'paused', 'sent', 'partly_failed', 'failed', 'cancelled']);
export type CampaignState = z.infer<typeof CampaignState>;
/** Why a campaign waits; 'settling': nothing left to send but a request's outcome is still being recorded; 'storage': the disk refuses writes. */
export const WaitingReason = z.enum(['offline', 'quiet_hours', 'rate', 'daily_cap', 'settling', 'storage']);
export type WaitingReason = z.infer<typeof WaitingReason>;
export const RecipientState = z.enum(['queued', 'excluded', 'in_flight', 'accepted', 'uncertain', 'failed', 'cancelled', 'dismissed']);
export type RecipientState = z.infer<typeof RecipientState>;
export const DeliveryState = z.enum(BESKED_STATES);
export const ExclusionReason = z.enum(['opted_out', 'invalid', 'duplicate', 'no_phone']);
export type ExclusionReason = z.infer<typeof ExclusionReason>;

const mergeFieldName = z.string().regex(/^[A-Za-z0-9_]{1,60}$/, 'A merge field name uses letters, digits and _');

export const MessageOptions = z.strictObject({
  /** For the gateway's usage statistics per label; '' for none. */
  label: z.string().trim().max(128, 'A label holds at most 128 characters'),
  priority: z.enum(['normal', 'urgent']),
  /** How long the network keeps trying; null for the gateway's default and maximum of 5 days. */
  validitySeconds: z.int().min(60, 'At least one minute').max(432_000, 'At most 5 days').nullable(),
  /** standard, premium (better route) or secret (content blurred, where the account allows it). Legacy only. */
  messageClass: MessageClass,
  /** Flash message: shown at once and not stored on the phone (legacy destaddr DISPLAY). */
  flash: z.boolean(),
});
export type MessageOptions = z.infer<typeof MessageOptions>;

/** What the user picked as recipients; resolved into numbers when previewed and frozen when sent. */
export const RecipientSpec = z.strictObject({
  contactIds: z.array(ContactId).max(1_000_000),
  groupIds: z.array(ContactId).max(10_000),
  /** Contact searches: everyone each search finds. */
  searches: z.array(z.string().trim().min(1).max(200)).max(50),
  /** Numbers as typed or pasted, one per entry, in any common format. */
  numbers: z.array(z.string().max(60)).max(200_000),
});
export type RecipientSpec = z.infer<typeof RecipientSpec>;

export const CampaignDraft = z.strictObject({
  name: z.string().trim().max(120),
  /** legacy (/rest/mtsms, default) or messaging ("SMS/RCS" through /mobile/multi). */
  channel: SendChannel,
  sender: z.string().max(40),
  text: z.string().max(80_000),
  /** Text used where a contact has no value for a merge field. */
  fallbacks: z.record(mergeFieldName, z.string().max(500)),
  options: MessageOptions,
  recipients: RecipientSpec,
  /** ISO time to send at; null sends now. */
  sendAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CampaignDraft = z.infer<typeof CampaignDraft>;

export const CampaignCounts = z.object({
  /** Recipients that were to be sent (frozen, not excluded). */
  total: z.number(),
  queued: z.number(),
  inFlight: z.number(),
  accepted: z.number(),
  uncertain: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  dismissed: z.number(),
  excluded: z.number(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const DeliveryCounts = z.object({
  pending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  expired: z.number(),
  cancelled: z.number(),
  unknown: z.number(),
});
export type DeliveryCounts = z.infer<typeof DeliveryCounts>;

export const CampaignSummary = z.object({
  id: z.number(),
  kind: z.enum(['campaign', 'reply']),
  name: z.string(),
  state: CampaignState,
  waitingReason: WaitingReason.nullable(),
  /** Why the campaign stopped (paused by Besked: token refused, too little credit…), in words. */
  lastError: z.string().nullable(),
  /** lastError's code and parameters (src-shared/error-codes.ts), for saying it in the UI's language; null without. */
  lastErrorCode: z.object({ code: z.string(), params: AppError.shape.params }).nullable(),
  channel: SendChannel,
  mode: z.enum(['sandbox', 'live']).nullable(),
  sender: z.string(),
  textPreview: z.string(),
  sendAt: z.string().nullable(),
  /** When the recipient list was frozen (sent or scheduled). */
  frozenAt: z.string().nullable(),
  /** Handed to the gateway with a send time: it goes out even if this computer is off, and can be cancelled until then. */
  scheduledAtGateway: z.boolean(),
  /** Messages of it still wait at the gateway for their send time, even when it has otherwise finished: they can be cancelled. */
  pendingAtGateway: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When a waiting campaign tries again. */
  nextAttemptAt: z.string().nullable(),
  counts: CampaignCounts,
  delivery: DeliveryCounts,
  estimatedParts: z.number().nullable(),
  estimatedCost: z.number().nullable(),
  /** What the gateway charged for the accepted chunks. */
  cost: z.number().nullable(),
  currency: z.string().nullable(),
  etaSeconds: z.number().nullable(),
});
export type CampaignSummary = z.infer<typeof CampaignSummary>;

/** A request whose outcome for some recipients is unknown, and why (coded, so the UI can say it in its language). */
export const UncertainChunk = z.object({
  seq: z.number(),
  /** Its recipients still uncertain. */
  recipients: z.number(),
  startedAt: z.string(),
  error: z.string().nullable(),
  errorCode: z.object({ code: z.string(), params: AppError.shape.params }).nullable(),
  /** Recipients of this request a delivery report has since confirmed (no longer uncertain). */
  confirmed: z.number(),
});

export const CampaignDetail = CampaignSummary.extend({
  draft: CampaignDraft,
  /** The max-parts cap frozen with the campaign. */
  maxParts: z.number().nullable(),
  /** Failed recipients (refused requests and failed deliveries) grouped by reason, largest group first. */
  failures: z.array(z.object({ reason: z.string(), count: z.number() })),
  exclusions: z.array(z.object({ reason: ExclusionReason, count: z.number() })),
  uncertainChunks: z.array(UncertainChunk),
  duplicatedFrom: z.number().nullable(),
});
export type CampaignDetail = z.infer<typeof CampaignDetail>;

export const Exclusion = z.object({
  /** The contact's name, or the number as typed. */
  label: z.string(),
  msisdn: z.number().nullable(),
  contactId: z.number().nullable(),
  reason: ExclusionReason,
  /** The reason in words (which kind of invalid number, when it opted out…). */
  detail: z.string(),
});
export type Exclusion = z.infer<typeof Exclusion>;

export const CostLine = z.object({
  country: z.string(),
  countryName: z.string(),
  recipients: z.number(),
  parts: z.number(),
  partPrice: z.number().nullable(),
  cost: z.number(),
});

export const PriceBookState = z.object({
  mode: z.enum(['sandbox', 'live']),
  /** When the cached price list was fetched; null when there is none yet. */
  fetchedAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  /** Older than a day: costs may have changed. */
  stale: z.boolean(),
  /** The last refresh failed (offline): why, in words. */
  error: z.string().nullable(),
  countries: z.number(),
});
export type PriceBookState = z.infer<typeof PriceBookState>;

export const ComposeProblem = z.object({
  code: z.enum([
    'no_recipients',
    'empty_text',
    'sender',
    'over_length',
    'max_parts',
    'campaign_cap',
    'no_price',
    'send_at_past',
    'send_at_too_far',
    'unknown_field',
    'channel_option',
  ]),
  /** Blocks sending ('error') or only informs ('warning'). */
  level: z.enum(['error', 'warning']),
  message: z.string(),
});
export type ComposeProblem = z.infer<typeof ComposeProblem>;

export const ComposePreview = z.object({
  /** Recipients who will get the message. */
  recipients: z.number(),
  exclusionTotal: z.number(),
  exclusionCounts: z.object({ opted_out: z.number(), invalid: z.number(), duplicate: z.number(), no_phone: z.number() }),
  /** The first excluded entries with their reasons; compose.exclusions pages through all of them. */
  exclusions: z.array(Exclusion),
  parts: z.object({ min: z.number(), max: z.number(), total: z.number() }),
  encodings: z.object({ gsm: z.number(), ucs2: z.number() }),
  /** Merge fields the text uses, and those no contact field matches (they render as their fallback or ''). */
  fields: z.object({ used: z.array(z.string()), unknown: z.array(z.string()), missing: z.array(z.object({ field: z.string(), recipients: z.number() })) }),
  cost: z.object({ currency: z.string(), total: z.number(), unpriced: z.number(), byCountry: z.array(CostLine) }).nullable(),
  priceBook: PriceBookState,
  balance: z.object({ credit: z.number(), currency: z.string(), fetchedAt: z.string() }).nullable(),
  /** null when the balance or the cost is unknown. */
  enoughCredit: z.boolean().nullable(),
  limits: z.object({
    campaignCap: z.number().nullable(),
    dailyCap: z.number().nullable(),
    spentToday: z.number(),
    maxParts: z.number().nullable(),
    messagesPerMinute: z.number().nullable(),
    /** Quiet hours now: a send now waits until nextAllowedAt. */
    quietNow: z.boolean(),
    nextAllowedAt: z.string().nullable(),
    /** Recipients whose text is longer than the max-parts cap. */
    overMaxParts: z.number(),
  }),
  problems: z.array(ComposeProblem),
  canSend: z.boolean(),
});
export type ComposePreview = z.infer<typeof ComposePreview>;

export const RecipientPreview = z.object({
  index: z.number(),
  total: z.number(),
  msisdn: z.number(),
  name: z.string().nullable(),
  text: z.string(),
  parts: z.number(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  characters: z.number(),
  /** Merge fields this recipient has no value for (the fallback was used). */
  usedFallback: z.array(z.string()),
});
export type RecipientPreview = z.infer<typeof RecipientPreview>;

export const CampaignRecipientRow = z.object({
  id: z.number(),
  msisdn: z.number(),
  contactId: z.number().nullable(),
  name: z.string().nullable(),
  text: z.string(),
  parts: z.number(),
  state: RecipientState,
  /** Why it was excluded or failed, in words. */
  reason: z.string().nullable(),
  status: DeliveryState.nullable(),
  statusLabel: z.string().nullable(),
  statusExplanation: z.string().nullable(),
  gatewayStatus: z.string().nullable(),
  statusError: z.string().nullable(),
  statusAt: z.string().nullable(),
  cost: z.number().nullable(),
  /** The SMS-interface message id to open with messages.lookup; null before acceptance and for SMS/RCS sends. */
  messageId: z.number().nullable(),
});
export type CampaignRecipientRow = z.infer<typeof CampaignRecipientRow>;

export const RecipientFilter = z.enum(['all', 'accepted', 'delivered', 'failed', 'uncertain', 'excluded', 'queued', 'cancelled']);
export type RecipientFilter = z.infer<typeof RecipientFilter>;

export const Template = z.object({ id: z.number(), name: z.string(), text: z.string(), updatedAt: z.string() });
export type Template = z.infer<typeof Template>;

export const CampaignProgress = z.object({
  id: z.number(),
  state: CampaignState,
  waitingReason: WaitingReason.nullable(),
  counts: CampaignCounts,
  cost: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

export const CampaignChanged = z.object({
  id: z.number(),
  /** null when the campaign was deleted. */
  summary: CampaignSummary.nullable(),
});
export type CampaignChanged = z.infer<typeof CampaignChanged>;

// ─── Inbox & delivery status ────────────────────────────────────────────────────────────────────
// Replies (GET /rest/mosms and the optional webhook receiver), conversations, and the status poller's state (issue 8).

export const Msisdn = z.int('Must be a full phone number, digits only').min(1001).max(999_999_999_999_999);

export const ConversationSummary = z.object({
  msisdn: z.number(),
  /** The contact's name when the number belongs to one. */
  name: z.string().nullable(),
  contactId: z.number().nullable(),
  lastAt: z.string(),
  lastText: z.string(),
  lastDirection: z.enum(['in', 'out']),
  unread: z.number(),
  optedOut: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const InboundItem = z.object({
  direction: z.literal('in'),
  id: z.number(),
  at: z.string(),
  text: z.string(),
  read: z.boolean(),
  /** The opt-out keyword this text matched (it opted the number out). */
  optOutKeyword: z.string().nullable(),
});
export type InboundItem = z.infer<typeof InboundItem>;

export const OutboundItem = z.object({
  direction: z.literal('out'),
  /** The campaign recipient row. */
  id: z.number(),
  campaignId: z.number(),
  campaignKind: z.enum(['campaign', 'reply']),
  campaignName: z.string(),
  at: z.string(),
  text: z.string(),
  parts: z.number(),
  sendState: RecipientState,
  status: DeliveryState.nullable(),
  gatewayStatus: z.string().nullable(),
  statusError: z.string().nullable(),
  statusAt: z.string().nullable(),
  /** Sent through the messaging interface while the webhook receiver is off: no status will come. */
  needsWebhook: z.boolean(),
});
export type OutboundItem = z.infer<typeof OutboundItem>;

export const ThreadItem = z.discriminatedUnion('direction', [InboundItem, OutboundItem]);
export type ThreadItem = z.infer<typeof ThreadItem>;

export const ConversationThread = z.object({ conversation: ConversationSummary, items: z.array(ThreadItem) });
export type ConversationThread = z.infer<typeof ConversationThread>;

export const SyncChannelState = z.object({
  lastSuccessAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The gateway could not be reached (or refused the token) on the last attempt; Besked retries with backoff. */
  offline: z.boolean(),
  error: z.string().nullable(),
  nextAt: z.string().nullable(),
});

export const WebhookReceiverState = z.object({
  enabled: z.boolean(),
  listening: z.boolean(),
  port: z.number().nullable(),
  error: z.string().nullable(),
  hasMessagingSecret: z.boolean(),
  hasLegacySecret: z.boolean(),
  /** Requests accepted and refused since Besked started. */
  accepted: z.number(),
  refused: z.number(),
});

export const SyncState = z.object({
  /** The status poller; `watching` is how many sent messages still wait for final statuses. */
  statuses: SyncChannelState.extend({ watching: z.number() }),
  inbox: SyncChannelState,
  webhook: WebhookReceiverState,
});
export type SyncState = z.infer<typeof SyncState>;

export const WebhookKind = z.enum(['messaging', 'legacy']);

export const StatusChangeItem = z.object({
  campaignId: z.number(),
  recipientId: z.number(),
  msisdn: z.number(),
  status: DeliveryState,
  gatewayStatus: z.string(),
  error: z.string().nullable(),
  at: z.string(),
});

export const StatusChanged = z.object({
  /** Up to 500 changes; when more changed at once, `truncated` is true and listeners reload the campaigns named. */
  changes: z.array(StatusChangeItem),
  campaignIds: z.array(z.number()),
  truncated: z.boolean(),
});
export type StatusChanged = z.infer<typeof StatusChanged>;

const ReasonCount = z.object({ reason: z.string(), count: z.number() });

/** src-shared/rollup.ts's CampaignRollup. */
export const CampaignRollupSchema = z.object({
  total: z.number(),
  excluded: z.number(),
  excludedByReason: z.array(ReasonCount),
  queued: z.number(),
  uncertain: z.number(),
  notSent: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  failedByReason: z.array(ReasonCount),
  pending: z.number(),
  awaitingWebhook: z.number(),
  unknown: z.number(),
  outcome: z.enum(['nothing_sent', 'in_progress', 'delivered', 'partly_delivered', 'failed', 'unknown', 'submitted']),
});

export const StatusTimeline = z.object({
  from: z.string(),
  to: z.string(),
  /** Each bucket's counts are the mix of delivery states at its end; recipients without a report count as pending. */
  buckets: z.array(z.object({ at: z.string(), counts: DeliveryCounts })),
  rollup: CampaignRollupSchema,
});
export type StatusTimeline = z.infer<typeof StatusTimeline>;

// ─── Messages ───────────────────────────────────────────────────────────────────────────────────
// One SMS looked up at the gateway by its id (GET /rest/mtsms/{id}), whoever sent it on the account: a Besked campaign
// or the shop's other systems (a webshop's overcharged messages), with refunds from there (issue 9).

/** A message id of the SMS (REST) interface, as the gateway and its delivery reports write it. */
export const GatewayMessageId = z
  .int('A message id is a whole number, e.g. 100000123')
  .positive('A message id is a whole number, e.g. 100000123')
  .max(999_999_999_999_999, 'A message id has at most 15 digits');

export const LookedUpRecipient = z.object({
  /** Digits only, as the gateway stores it. */
  msisdn: z.string(),
  /** Besked's delivery state for the gateway's last report (src-shared/delivery-status.ts). */
  status: DeliveryState,
  statusLabel: z.string(),
  statusExplanation: z.string(),
  /** The gateway's own word (dsnstatus), kept for support conversations. */
  gatewayStatus: z.string().nullable(),
  statusError: z.string().nullable(),
  statusAt: z.string().nullable(),
  parts: z.number().nullable(),
  /** ISO country code. */
  country: z.string().nullable(),
  /** Upper case; from the stored message when it has one, else from the latest delivery callback; null when neither said. */
  chargeStatus: z.string().nullable(),
  chargeStatusFrom: z.enum(['message', 'callback']).nullable(),
  /** When Besked asked for a refund of this message and number, if it did. */
  refundRequestedAt: z.string().nullable(),
});
export type LookedUpRecipient = z.infer<typeof LookedUpRecipient>;

export const LookedUpMessage = z.object({
  gatewayId: z.number(),
  mode: z.enum(['sandbox', 'live']),
  /** standard, premium, secret or charge (overcharged: billed to the recipient's phone bill). */
  messageClass: z.string(),
  /** Null for a binary message; the gateway blurs a secret one. */
  text: z.string().nullable(),
  binary: z.boolean(),
  sender: z.string().nullable(),
  /** When it was sent (the recipients' send time, else the scheduled time). */
  sentAt: z.string().nullable(),
  label: z.string().nullable(),
  /** The Besked campaign (or inbox reply) it belongs to; null when another system on the account sent it. */
  campaign: z.object({ id: z.number(), name: z.string(), kind: z.enum(['campaign', 'reply']) }).nullable(),
  recipients: z.array(LookedUpRecipient),
  fetchedAt: z.string(),
});
export type LookedUpMessage = z.infer<typeof LookedUpMessage>;

// ─── Calls ──────────────────────────────────────────────────────────────────────────────────────

interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** What the call does, for the reader of this file. */
  doc: string;
}
const call = <I extends z.ZodType, O extends z.ZodType>(inp: I, output: O, doc: string): CallSpec<I, O> => ({
  input: inp,
  output,
  doc,
});

export const calls = {
  // App
  'app.info': call(none, AppInfo, 'Name, version, shell (electron or web), OS and data folder.'),
  'app.storage': call(none, StorageState, 'Whether the disk refuses Besked’s writes right now (full, read-only, failing); sending waits meanwhile.'),

  // Settings
  'settings.get': call(none, SettingsView, 'The settings and how Besked is connected (sandbox or live, keychain).'),
  'settings.update': call(SettingsPatch, SettingsView, 'Changes some settings; returns them all.'),
  'settings.setToken': call(
    input({ platform: Platform, token }),
    SettingsView,
    'Stores an API token for a platform in the OS keychain (or for this run only when there is none). The token never comes back.',
  ),
  'settings.clearToken': call(input({ platform: Platform }), SettingsView, 'Forgets the token of a platform.'),
  'settings.testConnection': call(
    input({ platform: Platform.optional() }),
    ConnectionTest,
    'GET /rest/me with the stored token of the platform (or the sandbox): shows the credit, or explains what is wrong.',
  ),

  // Account
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
  // Contacts
  'contacts.overview': call(none, ContactsOverview, 'Counts, groups with their sizes, the merge fields and the default country.'),
  'contacts.list': call(
    input({
      filter: ContactFilter.optional(),
      sort: ContactSort.optional(),
      offset: z.int().min(0).max(100_000_000).optional(),
      limit: z.int().min(1).max(1000).optional(),
    }),
    ContactPage,
    'One window of the contacts a filter matches (for the virtual table), with the total.',
  ),
  'contacts.get': call(input({ id: ContactId }), Contact, 'A contact with custom fields, notes, groups and consent history.'),
  'contacts.create': call(ContactDraft, Contact, 'Adds a contact; refused when the number already belongs to one.'),
  'contacts.update': call(ContactPatch, Contact, 'Changes a contact; fields left out stay as they are.'),
  'contacts.delete': call(
    input({ selection: ContactSelection }),
    z.object({ deleted: z.number(), undoToken: z.string() }),
    'Deletes contacts (and their group memberships); the token brings them back with contacts.undoDelete.',
  ),
  'contacts.undoDelete': call(
    input({ undoToken: z.string().max(40) }),
    z.object({ restored: z.number(), skipped: z.number() }),
    'Restores deleted contacts; one whose number was added again meanwhile is skipped.',
  ),
  'contacts.selectionIds': call(
    input({ selection: ContactSelection }),
    z.object({ ids: z.array(ContactId) }),
    'The ids a selection stands for, in list order (e.g. to hand them to the composer).',
  ),
  'contacts.setDefaultCountry': call(
    input({ country: CountryCodeInput }),
    z.object({ defaultCountry: z.string() }),
    'The country for numbers typed or imported without + or 00.',
  ),
  'contacts.export': call(
    input({ selection: ContactSelection, format: z.enum(['csv', 'xlsx']), delimiter: z.enum([',', ';']).optional() }),
    FileDownload,
    'The selected contacts as CSV (UTF-8 with BOM) or XLSX; cells a spreadsheet would run as a formula are defused.',
  ),
  'contacts.optOut': call(
    input({ selection: ContactSelection, note: z.string().trim().max(500).optional() }),
    z.object({ optedOut: z.number(), already: z.number() }),
    'Opts the numbers out by hand: no message goes to them any more. Logged in the consent log.',
  ),
  'contacts.optIn': call(
    input({ id: ContactId, note: z.string().trim().min(1, 'Note how the customer gave consent again').max(500) }),
    Contact,
    'Takes a number off the opt-out list after the customer consented again; the note is kept in the consent log.',
  ),
  'contacts.consentExport': call(none, FileDownload, 'The whole consent log (every opt-in and opt-out: when, how, by whom) as CSV.'),
  'groups.list': call(none, z.object({ groups: z.array(Group) }), 'Groups with their contact counts.'),
  'groups.create': call(input({ name: groupName }), Group, 'A new, empty group; refused when the name is taken.'),
  'groups.rename': call(input({ id: ContactId, name: groupName }), Group, 'Renames a group.'),
  'groups.delete': call(
    input({ id: ContactId }),
    z.object({ removedMemberships: z.number() }),
    'Deletes a group; its contacts stay.',
  ),
  'groups.addContacts': call(
    input({ groupId: ContactId, selection: ContactSelection }),
    z.object({ added: z.number() }),
    'Adds the selected contacts to a group.',
  ),
  'groups.removeContacts': call(
    input({ groupId: ContactId, selection: ContactSelection }),
    z.object({ removed: z.number() }),
    'Takes the selected contacts out of a group (they stay contacts).',
  ),
  'contacts.importBegin': call(
    input({ fileName: z.string().trim().min(1).max(255), bytes: z.int().min(0) }),
    z.object({ importId: ImportId, chunkBytes: z.number(), maxBytes: z.number() }),
    'Starts uploading a file to import; a file above IMPORT_MAX_BYTES or an empty one is refused before any byte is sent.',
  ),
  'contacts.importChunk': call(
    input({ importId: ImportId, offset: z.int().min(0), base64: z.base64().max(Math.ceil(IMPORT_CHUNK_BYTES / 3) * 4) }),
    z.object({ received: z.number() }),
    'One chunk of the file, in order, as base64.',
  ),
  'contacts.importPreview': call(
    input(importOptions),
    ImportPreview,
    'Detects encoding, delimiter and header, shows the first rows and guesses (or remembers) the column mapping.',
  ),
  'contacts.importRun': call(
    input({
      ...importOptions,
      mapping: z.array(ColumnTarget).min(1).max(500),
      defaultCountry: CountryCodeInput,
      mergeRule: MergeRule,
      group: ImportGroup,
    }),
    ImportReport,
    'Imports every row in one transaction, with contacts.importProgress events; all or nothing. Returns what happened to each row.',
  ),
  'contacts.importCancel': call(
    input({ importId: ImportId }),
    z.object({ cancelled: z.boolean() }),
    'Stops a running import before it saves; nothing is changed.',
  ),
  'contacts.importRows': call(
    input({ importId: ImportId, which: z.enum(['rejected', 'all']) }),
    FileDownload,
    'The rejected rows with a reason column (ready to fix and import again), or every row with what happened to it.',
  ),
  'contacts.importDiscard': call(input({ importId: ImportId }), z.object({ discarded: z.boolean() }), 'Deletes the uploaded file and its report.'),
  // ─── Compose & campaigns
  'campaigns.create': call(
    input({ recipients: RecipientSpec.partial().optional(), text: z.string().max(80_000).optional() }),
    CampaignDetail,
    'A new draft, optionally with recipients (e.g. contacts selected in the contacts view) and a text; starts with the default sender.',
  ),
  'campaigns.saveDraft': call(
    input({ id: CampaignId, draft: CampaignDraft }),
    z.object({ id: z.number(), updatedAt: z.string() }),
    'Saves a draft as it stands (incomplete drafts too). Refused once the campaign was sent.',
  ),
  'campaigns.get': call(input({ id: CampaignId }), CampaignDetail, 'A campaign with its draft, counts, failures by reason and uncertain chunks.'),
  'campaigns.list': call(
    input({ kind: z.enum(['campaign', 'reply', 'all']).optional() }),
    z.object({ campaigns: z.array(CampaignSummary) }),
    'Campaigns newest first (replies from the inbox only when asked for).',
  ),
  'campaigns.delete': call(
    input({ id: CampaignId }),
    z.object({ deleted: z.boolean() }),
    'Deletes a draft or a finished campaign with its recipients; refused while it is sending or scheduled.',
  ),
  'compose.preview': call(
    input({ draft: CampaignDraft }),
    ComposePreview,
    'Resolves the recipients (exclusions with reasons), counts parts over every final text, prices them from the cached price list and checks sender, limits and balance. Works offline.',
  ),
  'compose.recipient': call(
    input({ draft: CampaignDraft, index: z.int().min(0) }),
    RecipientPreview.nullable(),
    "The index-th recipient's final text with its own parts; null when there are no recipients.",
  ),
  'compose.exclusions': call(
    input({ draft: CampaignDraft, offset: z.int().min(0).optional(), limit: z.int().min(1).max(1000).optional() }),
    z.object({ total: z.number(), rows: z.array(Exclusion) }),
    'Every excluded entry of the draft with its reason, a page at a time.',
  ),
  'campaigns.send': call(
    input({
      id: CampaignId,
      /** The total cost the user saw; if the fresh estimate is higher, the send is refused so they can look again. */
      expectedCost: z.number().nullable().optional(),
    }),
    CampaignSummary,
    'Freezes the recipients and sends (or schedules at the gateway). Offline it waits as "waiting for connection" and goes out by itself.',
  ),
  'campaigns.pause': call(input({ id: CampaignId }), CampaignSummary, 'Stops after the request in flight; nothing more goes out until resumed.'),
  'campaigns.resume': call(input({ id: CampaignId }), CampaignSummary, 'Continues a paused campaign with the recipients not yet sent.'),
  'campaigns.cancel': call(
    input({ id: CampaignId }),
    CampaignSummary,
    'Cancels what has not gone out: queued recipients, and scheduled messages at the gateway (DELETE /rest/mtsms/{id}).',
  ),
  'campaigns.resolveUncertain': call(
    input({ id: CampaignId, action: z.enum(['resend', 'dismiss']) }),
    CampaignSummary,
    'For recipients whose request had an unknown outcome: send to them again (they may get it twice) or leave them.',
  ),
  'campaigns.resendFailed': call(
    input({ id: CampaignId }),
    z.object({ id: z.number(), recipients: z.number() }),
    'A new draft with only the failed recipients (never those accepted), to check and send.',
  ),
  'campaigns.duplicate': call(input({ id: CampaignId }), z.object({ id: z.number() }), 'A new draft with the same text, sender, options and recipient choice.'),
  'campaigns.recipients': call(
    input({
      id: CampaignId,
      filter: RecipientFilter.optional(),
      search: z.string().trim().max(60).optional(),
      offset: z.int().min(0).optional(),
      limit: z.int().min(1).max(1000).optional(),
    }),
    z.object({ total: z.number(), offset: z.number(), rows: z.array(CampaignRecipientRow) }),
    'Recipients of a sent campaign with their sending state and delivery status in plain words.',
  ),
  'campaigns.export': call(input({ id: CampaignId }), FileDownload, 'The results as CSV: number, name, text, parts, state, status, error, cost.'),
  'templates.list': call(none, z.object({ templates: z.array(Template) }), 'Saved message templates, by name.'),
  'templates.save': call(
    input({
      id: z.int().positive().optional(),
      name: z.string().trim().min(1, 'Give the template a name').max(80),
      text: z.string().min(1, 'A template needs a text').max(80_000),
    }),
    Template,
    'Creates or updates a template; names are unique.',
  ),
  'templates.delete': call(input({ id: z.int().positive() }), z.object({ deleted: z.boolean() }), 'Deletes a template.'),
  'senders.recent': call(none, z.object({ senders: z.array(z.string()) }), 'Senders used before, most recent first.'),
  'pricing.status': call(
    input({ refresh: z.boolean().optional() }),
    PriceBookState,
    "The cached price list's age in the current mode; refresh fetches it from the gateway now.",
  ),
  // ─── Inbox & delivery status
  'inbox.conversations': call(
    input({ search: z.string().trim().max(100).optional(), limit: z.int().min(1).max(1000).optional() }),
    z.object({ conversations: z.array(ConversationSummary), unread: z.number() }),
    'Conversations in the current mode (numbers that wrote or got a reply), newest first, with unread counts.',
  ),
  'inbox.thread': call(
    input({ msisdn: Msisdn }),
    ConversationThread,
    'One number\'s texts in and out, oldest first, each outbound text with its delivery status.',
  ),
  'inbox.markRead': call(input({ msisdn: Msisdn }), z.object({ unread: z.number() }), 'Marks a conversation read; returns the unread total.'),
  'inbox.unreadCount': call(none, z.object({ count: z.number() }), 'Unread incoming texts in the current mode (for the navigation badge).'),
  'inbox.reply': call(
    input({ msisdn: Msisdn, text: z.string().min(1, 'Write a reply').max(1600, 'A reply can be at most 1600 characters'), sender: z.string().trim().max(18).optional() }),
    z.object({ campaignId: z.number(), item: OutboundItem }),
    'Sends a reply as a one-recipient campaign of kind reply (same outbox, same at-most-once rules); refused for an opted-out number.',
  ),
  'sync.status': call(none, SyncState, 'When statuses and replies were last refreshed, whether the gateway is reachable, and the webhook receiver.'),
  'sync.now': call(
    input({ campaignId: CampaignId.optional() }),
    SyncState,
    'Refreshes now (the window got focus): new replies, due statuses, and every open status of the campaign named.',
  ),
  'sync.setWebhookSecret': call(
    input({ kind: WebhookKind, secret: z.string().trim().min(8, 'The secret is too short: copy it from the gateway dashboard.').max(512) }),
    SyncState,
    'Stores a webhook signing secret in the OS keychain. It never comes back.',
  ),
  'sync.clearWebhookSecret': call(input({ kind: WebhookKind }), SyncState, 'Forgets a webhook signing secret.'),
  // ─── Messages
  'messages.lookup': call(
    input({ gatewayId: GatewayMessageId }),
    LookedUpMessage,
    "GET /rest/mtsms/{id}: one sent SMS on the account (Besked's or another system's) in plain terms, per recipient with delivery, charge status and any refund asked for. Only messages already sent (in long-term storage) are found.",
  ),
  'campaigns.statusTimeline': call(
    input({ id: CampaignId, buckets: z.int().min(1).max(200).optional() }),
    StatusTimeline,
    'The delivery roll-up of a campaign and its status mix over time (from the status events), for the campaign page\'s chart.',
  ),
} as const satisfies Record<string, CallSpec>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the handler receives: the input after validation, defaults and trimming. */
export type CallParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

// ─── Events (core → renderer) ───────────────────────────────────────────────────────────────────

/** A command from the desktop shell (menu, shortcut, notification click) for the renderer to carry out. */
export const AppCommand = z.object({
  command: z.enum(['new-message', 'search', 'open-conversation', 'open-settings']),
  /** For 'open-conversation': the customer's number (MSISDN). */
  arg: z.string().optional(),
});
export type AppCommand = z.infer<typeof AppCommand>;

export const events = {
  'balance.changed': Balance,
  'settings.changed': SettingsView,
  'app.command': AppCommand,
  'app.storage': StorageState,
  'contacts.changed': ContactsChanged,
  'contacts.importProgress': ImportProgress,
  // ─── Compose & campaigns
  'campaign.progress': CampaignProgress,
  'campaign.changed': CampaignChanged,
  // ─── Inbox & delivery status
  'inbox.received': z.object({ conversation: ConversationSummary, message: InboundItem }),
  'inbox.unread': z.object({ count: z.number() }),
  'message.status': StatusChanged,
  'sync.state': SyncState,
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export interface EventMessage<E extends EventName = EventName> {
  name: E;
  payload: EventPayload<E>;
}

// ─── The client both preloads install as `window.besked` ────────────────────────────────────────

/** The one API the renderer sees. The Electron preload and the web preload both satisfy it. */
export interface BeskedApi {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<Result<CallOutput<N>>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}

/** Limits a transport enforces before any parsing. */
export const BRIDGE_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
