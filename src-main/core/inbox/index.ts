// The inbox as a module of the core: incoming texts (their intake, opt-out keywords), conversations and replies;
// exports the inbox.* handlers. The pollers and the webhook receiver in sync/ hand it what they fetch.
import type { DomainCallName, Mode } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings';
import { Conversations } from './conversations';
import { inboxHandlers } from './handlers';
import { InboundStore, type StoredInbound } from './inbound-store';
import { InboxIntake } from './intake';
import { writeReply, type ReplyRequest } from './reply';
import { createSharedInbox } from './shared-inbox';
import { Connections } from '../team/connections';
import type { SpendCaps } from '../campaigns/checks/spend-caps';
import { computerClock } from '../clock';

export interface InboxModuleOptions {
  db: Db;
  events: EventBus;
  settings: SettingsStore;
  log: Logger;
  currentMode: () => Promise<Mode>;
  /** Messaging-interface sends can only get statuses while the webhook receiver listens. */
  receiverListening: () => boolean;
  /** The campaigns' outbox, once it exists; a reply is written either way and sent when it wakes. */
  outbox: () => { wake(): void } | null;
  now?: () => number;
  /** Told of newly stored texts once the intake has acted on them (the automations' keyword replies). */
  afterStored?: (added: readonly StoredInbound[]) => void;
  /** The windows connected to this core (who is looking at which conversation goes when its window goes). */
  connections?: Connections;
  /** The owner's spending caps, which every reply passes (campaigns/checks/spend-caps.ts). */
  caps: Pick<SpendCaps, 'checkReply'>;
}

export interface InboxModule {
  handlers: Pick<Handlers, DomainCallName<'inbox'>>;
  /** Where fetched and pushed incoming texts go. */
  intake: InboxIntake;
  /** Writes a reply for the one outbox to send (automations' auto-replies and welcome texts use it too). */
  reply: (req: ReplyRequest) => Promise<{ campaignId: number; recipientId: number }>;
}

export function createInboxModule(o: InboxModuleOptions): InboxModule {
  const now = o.now ?? computerClock.now;
  const inbound = new InboundStore(o.db);
  const conversations = new Conversations(o.db, o.receiverListening);
  const reply = (req: Parameters<typeof writeReply>[1]) =>
    writeReply(
      {
        db: o.db,
        currentMode: o.currentMode,
        defaultSender: () => o.settings.get().defaultSender,
        maxParts: () => o.settings.get().sendingLimits.maxParts,
        lastReceiver: (mode, msisdn) => inbound.lastReceiver(mode, msisdn),
        wake: () => o.outbox()?.wake(),
        caps: o.caps,
        now,
      },
      req,
    );
  const shared = createSharedInbox({ db: o.db, events: o.events, currentMode: o.currentMode, connections: o.connections ?? new Connections(), now });
  const afterStored = (added: readonly StoredInbound[]) => {
    shared.tellAssignees(added);
    o.afterStored?.(added);
  };
  const intake = new InboxIntake({
    db: o.db,
    store: inbound,
    conversations,
    events: o.events,
    settings: () => o.settings.get(),
    confirmOptOut: (msisdn, text) => reply({ msisdn, text, toOptedOut: true, name: 'Opt-out confirmation' }),
    currentMode: o.currentMode,
    log: o.log,
    now,
    afterStored,
  });
  return {
    handlers: {
      ...inboxHandlers({ conversations, inbound, events: o.events, currentMode: o.currentMode, reply, now }),
      ...shared.handlers,
    },
    intake,
    reply,
  };
}
