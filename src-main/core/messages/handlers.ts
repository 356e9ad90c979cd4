// The message calls of the contract: one sent SMS looked up by its gateway id, and the ids behind campaign rows.
import type { Handlers } from '../dispatch';
import type { MessageLookup } from './lookup';

export type MessageCall = 'messages.lookup' | 'messages.forRecipients';

export function messageHandlers(lookup: MessageLookup): Pick<Handlers, MessageCall> {
  return {
    'messages.lookup': ({ gatewayId }) => lookup.lookup(gatewayId),
    'messages.forRecipients': ({ campaignId, recipientIds }) => ({ links: lookup.forRecipients(campaignId, recipientIds) }),
  };
}
