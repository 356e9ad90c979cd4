// The message call of the contract: one sent SMS looked up by its gateway id.
import type { DomainCallName } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import type { MessageLookup } from './lookup';

export type MessageCall = DomainCallName<'messages'>;

export function messageHandlers(lookup: MessageLookup): Pick<Handlers, MessageCall> {
  return {
    'messages.lookup': ({ gatewayId }) => lookup.lookup(gatewayId),
  };
}
