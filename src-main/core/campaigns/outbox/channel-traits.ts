// What each gateway interface a campaign can go out on is like: its limits, how it schedules, which options it
// has, how its statuses arrive. Every place that treats the two interfaces differently asks this table.
import type { SendChannel } from '../../../../src-shared/contract';

/** legacy-interface.md, Limits. */
export const LEGACY_MAX_RECIPIENTS_PER_MESSAGE = 10_000;
export const LEGACY_MAX_MESSAGES_PER_REQUEST = 1_000;
export const LEGACY_MAX_RECIPIENTS_PER_REQUEST = 10_000;
/** messaging-interface.md, Limits: messages per batch request. */
export const MESSAGING_MAX_PER_REQUEST = 1_000;

export interface ChannelTraits {
  /** Recipients one request may carry. */
  maxPerRequest: number;
  /** A later send time: handed to the gateway with the request, or held here until its time. */
  later: 'at_gateway' | 'local';
  /** Message classes and flash messages exist on this interface. */
  messageClasses: boolean;
  /**
   * One request carries the template and each recipient's tag values (legacy), or each recipient's final text
   * (messaging). Only the first lets a large list be frozen as batches and read without its texts.
   */
  sendsTemplate: boolean;
  /** Which interface's status words the gateway's statuses are (delivery-status.ts). */
  statusWords: 'legacy' | 'sms';
  /** Statuses arrive only by webhook: without the receiver, accepted messages never learn their fate. */
  statusByWebhookOnly: boolean;
  /** Message ids are integers that the message lookup takes. */
  numericMessageIds: boolean;
}

const TRAITS: Record<SendChannel, ChannelTraits> = {
  legacy: {
    maxPerRequest: LEGACY_MAX_RECIPIENTS_PER_REQUEST,
    later: 'at_gateway',
    messageClasses: true,
    sendsTemplate: true,
    statusWords: 'legacy',
    statusByWebhookOnly: false,
    numericMessageIds: true,
  },
  messaging: {
    maxPerRequest: MESSAGING_MAX_PER_REQUEST,
    later: 'local',
    messageClasses: false,
    sendsTemplate: false,
    statusWords: 'sms',
    statusByWebhookOnly: true,
    numericMessageIds: false,
  },
};

export function channelTraits(channel: SendChannel): ChannelTraits {
  return TRAITS[channel];
}
