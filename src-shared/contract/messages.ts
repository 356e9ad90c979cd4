// Messages: one SMS looked up at the gateway by its id (GET /rest/mtsms/{id}), whoever sent it on the account: a
// Besked campaign or the shop's other systems (a webshop's overcharged messages), with refunds from there (issue 9).
import { z } from 'zod';
import { call, input, Mode, type CallSpec } from './basics';
import { DeliveryState } from './campaigns';

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
  mode: Mode,
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

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const messagesCalls = {
  'messages.lookup': call(
    input({ gatewayId: GatewayMessageId }),
    LookedUpMessage,
    "GET /rest/mtsms/{id}: one sent SMS on the account (Besked's or another system's) in plain terms, per recipient with delivery, charge status and any refund asked for. Only messages already sent (in long-term storage) are found.",
  ),
} as const satisfies Record<string, CallSpec>;

export { messagesRules } from './rules/messages';
