// Campaigns: drafts, campaigns and their frozen recipients, delivery roll-up and timeline (issue 7), with the
// campaigns.* calls and the campaign.* events. The composer's preview, templates and prices are in compose.ts.
import { z } from 'zod';
import { AppError } from '../errors';
import { BESKED_STATES } from '../delivery-status';
import { call, input, Mode, FileDownload, type CallSpec, BULK_INPUT } from './basics';
import { ContactId } from './contacts';

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
  mode: Mode.nullable(),
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
  /** The automation this campaign is a run or an auto-reply of (issue 20); null for a campaign composed by hand. */
  automationId: z.number().nullable(),
  /**
   * When the automation's run this campaign sends was due (ISO), for a recurring or date-field run; the UI shows it
   * after the name in the user's date format. Null for everything else.
   */
  runDueAt: z.string().nullable(),
  /** Who wrote it on a Besked server (issue 21); null on one PC, before accounts and for automations. */
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** A draft seen by the whole team; false: only its author (owners see it, marked). Sent campaigns are everyone's. */
  shared: z.boolean(),
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

/** A text as a registry code with its parameters (src-shared/error-codes.ts), which the UI translates. */
export const CodedText = z.object({ code: z.string(), params: AppError.shape.params });
export type CodedText = z.infer<typeof CodedText>;

export const CampaignDetail = CampaignSummary.extend({
  draft: CampaignDraft,
  /** The max-parts cap frozen with the campaign. */
  maxParts: z.number().nullable(),
  /**
   * Failed recipients (refused requests and failed deliveries) grouped by reason, largest group first. `reason` is
   * the English sentence; `code`/`params` say it for the UI's language, followed by `gatewayError` in brackets
   * when the gateway said why (absent for rows from before codes were kept: then `reason` is shown).
   */
  failures: z.array(
    z.object({
      reason: z.string(),
      count: z.number(),
      code: z.string().optional(),
      params: AppError.shape.params,
      gatewayError: CodedText.optional(),
    }),
  ),
  exclusions: z.array(z.object({ reason: ExclusionReason, count: z.number() })),
  uncertainChunks: z.array(UncertainChunk),
  duplicatedFrom: z.number().nullable(),
  /** The caller may change and send it: false for an owner looking at a colleague's private draft (issue 21). */
  mayEdit: z.boolean(),
  /** The caller may share it or make it private: its author, on a server. */
  mayShare: z.boolean(),
});
export type CampaignDetail = z.infer<typeof CampaignDetail>;

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
  /** `reason` as a code for the UI's language, when the request's error had one. */
  reasonCode: CodedText.optional(),
  status: DeliveryState.nullable(),
  statusLabel: z.string().nullable(),
  statusExplanation: z.string().nullable(),
  gatewayStatus: z.string().nullable(),
  statusError: z.string().nullable(),
  /** `statusError` as a code for the UI's language (a gateway error code keeps its code visible). */
  statusErrorCode: CodedText.optional(),
  statusAt: z.string().nullable(),
  cost: z.number().nullable(),
  /** The SMS-interface message id to open with messages.lookup; null before acceptance and for SMS/RCS sends. */
  messageId: z.number().nullable(),
});
export type CampaignRecipientRow = z.infer<typeof CampaignRecipientRow>;

export const RecipientFilter = z.enum(['all', 'accepted', 'delivered', 'failed', 'uncertain', 'excluded', 'queued', 'cancelled']);
export type RecipientFilter = z.infer<typeof RecipientFilter>;

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

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const campaignsCalls = {
  'campaigns.create': call(
    input({ recipients: RecipientSpec.partial().optional(), text: z.string().max(80_000).optional() }),
    CampaignDetail,
    'A new draft, optionally with recipients (e.g. contacts selected in the contacts view) and a text; starts with the default sender.',
    BULK_INPUT,
  ),
  'campaigns.saveDraft': call(
    input({ id: CampaignId, draft: CampaignDraft }),
    z.object({ id: z.number(), updatedAt: z.string() }),
    'Saves a draft as it stands (incomplete drafts too). Refused once the campaign was sent.',
    BULK_INPUT,
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
  'campaigns.send': call(
    input({
      id: CampaignId,
      /** The total cost the user saw; if the fresh estimate is higher, the send is refused so they can look again. */
      expectedCost: z.number().nullable().optional(),
      /**
       * The confirmation said that real texts go to real people and what they cost. The database's first live send
       * is refused without it (compose.preview's firstLiveSend says when); later sends ignore it. A flag on the send,
       * not a settings call, so the acknowledgement belongs to the send it approved and no other window's send.
       */
      liveAcknowledged: z.boolean().optional(),
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
  'campaigns.share': call(
    input({ id: CampaignId, shared: z.boolean() }),
    CampaignSummary,
    'Shares a draft with the team, or makes it its author\'s alone again. Only its author may (issue 21).',
  ),
  'campaigns.statusTimeline': call(
    input({ id: CampaignId, buckets: z.int().min(1).max(200).optional() }),
    StatusTimeline,
    'The delivery roll-up of a campaign and its status mix over time (from the status events), for the campaign page\'s chart.',
  ),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const campaignsEvents = {
  'campaign.progress': CampaignProgress,
  'campaign.changed': CampaignChanged,
} as const satisfies Record<string, z.ZodType>;

export { campaignsRules } from './rules/campaigns';
