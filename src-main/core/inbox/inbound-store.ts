// Incoming texts in SQLite: stored once per gateway id whichever way they arrive (poll or webhook), read flags, unread counts.
import type { Db } from '../db/database';

/** An incoming SMS as both GET /rest/mosms and the incoming-SMS webhook describe it. */
export interface IncomingSms {
  mosmsId: number;
  msisdn: number;
  receiver: number | null;
  text: string;
  sender: string | null;
  /** When the customer sent it (epoch ms). */
  sentAt: number;
}

export interface StoredInbound {
  id: number;
  mode: 'sandbox' | 'live';
  mosmsId: number;
  msisdn: number;
  receiver: number | null;
  text: string;
  sentAt: string;
}

/** Whose numbering a mosms_id belongs to: the sandbox, or a live platform's account. */
export type InboxGateway = 'sandbox' | 'default' | 'eu';

export class InboundStore {
  constructor(private readonly db: Db) {}

  /** Stores the messages not stored yet (by gateway and mosms_id) and returns only those, in the given order. */
  addNew(gateway: InboxGateway, mode: 'sandbox' | 'live', source: 'poll' | 'webhook', list: readonly IncomingSms[], receivedAt: number): StoredInbound[] {
    const insert = this.db.prepare(
      // A text erased at its sender's request (privacy/) is not stored, nor answered, again when a poll sees it anew.
      `INSERT INTO inbound_messages (gateway, mode, mosms_id, msisdn, receiver, text, sender, sent_at, received_at, source)
       SELECT @gateway, @mode, @mosmsId, @msisdn, @receiver, @text, @sender, @sentAt, @receivedAt, @source
       WHERE NOT EXISTS (SELECT 1 FROM erased_inbound e WHERE e.gateway = @gateway AND e.mosms_id = @mosmsId)
       ON CONFLICT (gateway, mosms_id) DO NOTHING
       RETURNING id`,
    );
    const at = new Date(receivedAt).toISOString();
    const added: StoredInbound[] = [];
    this.db.transaction(() => {
      for (const m of list) {
        const sentAt = new Date(m.sentAt).toISOString();
        const row = insert.get({
          gateway,
          mode,
          mosmsId: m.mosmsId,
          msisdn: m.msisdn,
          receiver: m.receiver,
          text: m.text,
          sender: m.sender,
          sentAt,
          receivedAt: at,
          source,
        }) as { id: number } | undefined;
        if (row) added.push({ id: row.id, mode, mosmsId: m.mosmsId, msisdn: m.msisdn, receiver: m.receiver, text: m.text, sentAt });
      }
    })();
    return added;
  }

  /** How many texts from one gateway are stored. */
  count(gateway: InboxGateway): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM inbound_messages WHERE gateway = ?').get(gateway) as { n: number }).n;
  }

  markOptOut(id: number, keyword: string): void {
    this.db.prepare('UPDATE inbound_messages SET opt_out_keyword = ? WHERE id = ?').run(keyword, id);
  }

  unreadCount(mode: 'sandbox' | 'live'): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM inbound_messages WHERE mode = ? AND read_at IS NULL').get(mode) as { n: number }).n;
  }

  markRead(mode: 'sandbox' | 'live', msisdn: number, at: number): number {
    return this.db
      .prepare('UPDATE inbound_messages SET read_at = ? WHERE mode = ? AND msisdn = ? AND read_at IS NULL')
      .run(new Date(at).toISOString(), mode, msisdn).changes;
  }

  /** The number a customer last wrote to (a short code or virtual number), to answer from the same one. */
  lastReceiver(mode: 'sandbox' | 'live', msisdn: number): number | null {
    const row = this.db
      .prepare('SELECT receiver FROM inbound_messages WHERE mode = ? AND msisdn = ? AND receiver IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT 1')
      .get(mode, msisdn) as { receiver: number } | undefined;
    return row?.receiver ?? null;
  }
}
