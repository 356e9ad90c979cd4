// The inbox's contract calls: conversations, one thread, read flags, unread count and replies.
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import { BeskedError } from '../errors';
import type { Conversations } from './conversations';
import type { InboundStore } from './inbound-store';
import type { ReplyRequest } from './reply';
import { currentCaller } from '../team/caller';

export interface InboxHandlerDeps {
  conversations: Conversations;
  inbound: InboundStore;
  events: EventBus;
  currentMode: () => Promise<'sandbox' | 'live'>;
  reply: (req: ReplyRequest) => Promise<{ campaignId: number; recipientId: number }>;
  now: () => number;
}

export function inboxHandlers(d: InboxHandlerDeps): Pick<Handlers, 'inbox.conversations' | 'inbox.thread' | 'inbox.markRead' | 'inbox.unreadCount' | 'inbox.reply'> {
  return {
    'inbox.conversations': async ({ search, limit }) => {
      const mode = await d.currentMode();
      return { conversations: d.conversations.list(mode, { search, limit }), unread: d.inbound.unreadCount(mode) };
    },
    'inbox.thread': async ({ msisdn }) => d.conversations.thread(await d.currentMode(), msisdn),
    'inbox.markRead': async ({ msisdn }) => {
      const mode = await d.currentMode();
      const changed = d.inbound.markRead(mode, msisdn, d.now());
      const unread = d.inbound.unreadCount(mode);
      if (changed > 0) d.events.emit('inbox.unread', { count: unread });
      return { unread };
    },
    'inbox.unreadCount': async () => ({ count: d.inbound.unreadCount(await d.currentMode()) }),
    'inbox.reply': async ({ msisdn, text, sender }) => {
      // The author is asked for here, not in writeReply: automations write replies too, and they are no one.
      const user = currentCaller().user;
      const { campaignId, recipientId } = await d.reply({ msisdn, text, sender, author: user ? { id: user.id, name: user.name } : null });
      const item = d.conversations.outboundItem(recipientId);
      if (!item) throw new BeskedError('internal', 'The reply was saved but could not be read back. Reopen the conversation.');
      return { campaignId, item };
    },
  };
}
