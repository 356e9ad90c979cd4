// Compose: the composer's preview of a draft, templates, recent senders and the price book's state (issue 7), with
// the compose.*, templates.*, senders.* and pricing.* calls.
import { z } from 'zod';
import { call, input, none, Mode, type CallSpec, BULK_INPUT, TEXT_INPUT } from './basics';
import { CampaignDraft, ExclusionReason } from './campaigns';

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
  mode: Mode,
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
  /** `message` as a registered code with its parameters, for the UI's language (where one exists). */
  coded: z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).optional(),
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
  /** Sending now would be this database's first live send: the confirmation warns, and campaigns.send needs liveAcknowledged. */
  firstLiveSend: z.boolean().optional(),
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

export const Template = z.object({ id: z.number(), name: z.string(), text: z.string(), updatedAt: z.string() });
export type Template = z.infer<typeof Template>;

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const composeCalls = {
  'compose.preview': call(
    input({ draft: CampaignDraft }),
    ComposePreview,
    'Resolves the recipients (exclusions with reasons), counts parts over every final text, prices them from the cached price list and checks sender, limits and balance. Works offline.',
    BULK_INPUT,
  ),
  'compose.recipient': call(
    input({ draft: CampaignDraft, index: z.int().min(0) }),
    RecipientPreview.nullable(),
    "The index-th recipient's final text with its own parts; null when there are no recipients.",
    BULK_INPUT,
  ),
  'compose.exclusions': call(
    input({ draft: CampaignDraft, offset: z.int().min(0).optional(), limit: z.int().min(1).max(1000).optional() }),
    z.object({ total: z.number(), rows: z.array(Exclusion) }),
    'Every excluded entry of the draft with its reason, a page at a time.',
    BULK_INPUT,
  ),
  'templates.list': call(none, z.object({ templates: z.array(Template) }), 'Saved message templates, by name.'),
  'templates.save': call(
    input({
      id: z.int().positive().optional(),
      name: z.string().trim().min(1, 'Give the template a name').max(80),
      text: z.string().min(1, 'A template needs a text').max(80_000),
    }),
    Template,
    'Creates or updates a template; names are unique.',
    TEXT_INPUT,
  ),
  'templates.delete': call(input({ id: z.int().positive() }), z.object({ deleted: z.boolean() }), 'Deletes a template.'),
  'senders.recent': call(none, z.object({ senders: z.array(z.string()) }), 'Senders used before, most recent first.'),
  'pricing.status': call(
    input({ refresh: z.boolean().optional() }),
    PriceBookState,
    "The cached price list's age in the current mode; refresh fetches it from the gateway now.",
  ),
} as const satisfies Record<string, CallSpec>;

export { composeRules } from './rules/compose';
