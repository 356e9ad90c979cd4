// Inbox: conversations and replies (GET /rest/mosms and the optional webhook receiver, issue 8), with the inbox.*
// calls and events.
import { z } from 'zod';
import { call, input, none, type CallSpec } from './basics';
import { DeliveryState, RecipientState } from './campaigns';
import { Me, UserId } from './team';

export const Msisdn = z.int('Must be a full phone number, digits only').min(1001).max(999_999_999_999_999);

export const ConversationSummary = z.object({
  msisdn: z.number(),
  /** The contact's name when the number belongs to one. */
  name: z.string().nullable(),
  contactId: z.number().nullable(),
  lastAt: z.string(),
  lastText: z.string(),
  lastDirection: z.enum(['in', 'out']),
  /** Who wrote the last text when it went out from a colleague on a server (null: an automation, one PC, or in). */
  lastBy: z.string().nullable(),
  unread: z.number(),
  optedOut: z.boolean(),
  /** The colleague the conversation is assigned to on a Besked server; null: no one (always on one PC). */
  assignee: Me.nullable(),
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
  /** Who wrote it on a Besked server (the name at the time); null on one PC and for automations. */
  by: z.string().nullable(),
});
export type OutboundItem = z.infer<typeof OutboundItem>;

export const ThreadItem = z.discriminatedUnion('direction', [InboundItem, OutboundItem]);
export type ThreadItem = z.infer<typeof ThreadItem>;

/** An internal note on a conversation: seen by colleagues, never sent to the customer (issue 21). */
export const ConversationNote = z.object({ id: z.number(), msisdn: z.number(), at: z.string(), author: z.string(), text: z.string() });
export type ConversationNote = z.infer<typeof ConversationNote>;

export const ConversationThread = z.object({
  conversation: ConversationSummary,
  items: z.array(ThreadItem),
  /** Internal notes, oldest first; shown beside the texts, never sent. */
  notes: z.array(ConversationNote),
});
export type ConversationThread = z.infer<typeof ConversationThread>;

/** A colleague with a conversation open, and whether they are writing a reply in it now. */
export const Presence = z.object({ userId: z.number(), name: z.string(), replying: z.boolean() });
export type Presence = z.infer<typeof Presence>;

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const inboxCalls = {
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
  'inbox.assign': call(
    input({ msisdn: Msisdn, userId: UserId.nullable() }),
    z.object({ assignee: Me.nullable() }),
    'Assigns a conversation to a colleague (told of new replies in it; keyword auto-replies stay out) or to no one.',
  ),
  'inbox.addNote': call(
    input({ msisdn: Msisdn, text: z.string().trim().min(1, 'Write a note').max(2000, 'A note holds at most 2,000 characters') }),
    ConversationNote,
    'Adds an internal note to a conversation; customers never see it.',
  ),
  'inbox.presence': call(
    input({ msisdn: Msisdn.nullable(), replying: z.boolean() }),
    z.object({}),
    'Says which conversation this window shows (null: none) and whether a reply is being written there; cleared when the window goes.',
  ),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const inboxEvents = {
  'inbox.received': z.object({ conversation: ConversationSummary, message: InboundItem }),
  'inbox.unread': z.object({ count: z.number() }),
  'inbox.assigned': z.object({ msisdn: z.number(), assignee: Me.nullable(), by: z.string() }),
  'inbox.note': ConversationNote,
  /** Everyone looking at a conversation now, and who is replying (sent when it changes). */
  'inbox.presence': z.object({ msisdn: z.number(), people: z.array(Presence) }),
  /** To the assignee only: a new text came in a conversation assigned to them. */
  'inbox.assignedReply': z.object({ msisdn: z.number(), name: z.string().nullable(), text: z.string() }),
} as const satisfies Record<string, z.ZodType>;

export { inboxRules } from './rules/inbox';
