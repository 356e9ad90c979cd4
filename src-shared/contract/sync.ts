// Sync: the status and inbox pollers' state, webhook secrets and delivery status changes (issue 8), with the sync.*
// calls, the sync.state event and the message.status event the pollers push.
import { z } from 'zod';
import { call, input, none, type CallSpec } from './basics';
import { CampaignId, DeliveryState } from './campaigns';

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

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const syncCalls = {
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
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const syncEvents = {
  'message.status': StatusChanged,
  'sync.state': SyncState,
} as const satisfies Record<string, z.ZodType>;

export { syncRules } from './rules/sync';
