// Where every incoming text goes, polled or pushed: stored once, opt-out keywords honoured, the UI and shell told.
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { optOut } from '../contacts/consent';
import { optOutKeyword } from './opt-out-keywords';
import type { Conversations } from './conversations';
import type { InboundStore, IncomingSms, InboxGateway, StoredInbound } from './inbound-store';
import { computerClock } from '../clock';

export interface IntakeDeps {
  db: Db;
  store: InboundStore;
  conversations: Conversations;
  events: EventBus;
  settings: () => { optOutKeywords: readonly string[]; autoConfirmOptOut: boolean; optOutConfirmText: string };
  /** Sends the opt-out confirmation (a reply allowed to reach a number that just opted out). */
  confirmOptOut: (msisdn: number, text: string) => Promise<unknown>;
  currentMode: () => Promise<'sandbox' | 'live'>;
  log: Logger;
  now?: () => number;
  /** Told of the texts just stored, after opt-outs were acted on (automations answer keywords from here). */
  afterStored?: (added: readonly StoredInbound[]) => void;
}

/** Only texts this recent raise a notification: the first poll may bring a month of old replies. */
export const NOTIFY_WITHIN_MS = 6 * 3600_000;
/** At most this many notifications in NOTIFY_WINDOW_MS (a page of 200 new texts is not 200 pop-ups); the badge counts the rest. */
export const NOTIFY_MAX = 5;
export const NOTIFY_WINDOW_MS = 10_000;

export class InboxIntake {
  private readonly now: () => number;
  private notified: number[] = [];

  constructor(private readonly d: IntakeDeps) {
    this.now = d.now ?? computerClock.now;
  }

  /** Stores what is new and acts on it; returns only the texts not seen before. */
  async receive(gateway: InboxGateway, mode: 'sandbox' | 'live', source: 'poll' | 'webhook', list: readonly IncomingSms[]): Promise<StoredInbound[]> {
    if (list.length === 0) return [];
    const now = this.now();
    const added = this.d.store.addNew(gateway, mode, source, list, now);
    if (added.length === 0) return added;
    const s = this.d.settings();
    for (const m of added) {
      const keyword = optOutKeyword(m.text, s.optOutKeywords);
      if (!keyword) continue;
      const { changed } = optOut(
        this.d.db,
        m.msisdn,
        { source: 'keyword', by: `${keyword} from +${m.msisdn}`, note: m.text.slice(0, 160), at: new Date(m.sentAt) },
        this.d.events,
      );
      this.d.store.markOptOut(m.id, keyword);
      if (changed && s.autoConfirmOptOut && s.optOutConfirmText.trim() !== '') {
        try {
          await this.d.confirmOptOut(m.msisdn, s.optOutConfirmText);
        } catch (err) {
          this.d.log.warn('could not send the opt-out confirmation', { err });
        }
      }
    }
    this.notified = this.notified.filter((t) => t > now - NOTIFY_WINDOW_MS);
    const budget = Math.max(0, NOTIFY_MAX - this.notified.length);
    const fresh = budget === 0 ? [] : added.filter((m) => Date.parse(m.sentAt) >= now - NOTIFY_WITHIN_MS).slice(-budget);
    for (const m of fresh) {
      this.notified.push(now);
      const message = this.d.conversations.inboundItem(m.id);
      if (message) this.d.events.emit('inbox.received', { conversation: this.d.conversations.summary(m.mode, m.msisdn), message });
    }
    if (mode === (await this.d.currentMode())) this.d.events.emit('inbox.unread', { count: this.d.store.unreadCount(mode) });
    this.d.afterStored?.(added);
    return added;
  }
}

