// Conversations per number: who wrote or was answered, the last text either way, unread counts, who it is assigned
// to, and one number's thread with its internal notes.
import type { Db } from '../db/database';
import { CampaignRecipientThreads, REPLIES_SENT, type OutRow } from '../campaigns/recipients/campaign-recipients-threads';
import { isFinalState } from '../../../src-shared/delivery-status';
import type { ConversationSummary, ConversationThread, InboundItem, OutboundItem, ThreadItem, Mode } from '../../../src-shared/contract';
import { channelTraits } from '../campaigns/outbox/channel-traits';
import { Assignments } from './assignments';
import { isOptedOut } from '../contacts/consent';
import { ConversationNotes } from './notes';

interface InRow {
  id: number;
  sent_at: string;
  text: string;
  read_at: string | null;
  opt_out_keyword: string | null;
}

export class Conversations {
  private readonly sent: CampaignRecipientThreads;
  private readonly assignments: Assignments;
  private readonly notes: ConversationNotes;

  constructor(
    private readonly db: Db,
    /** Whether the webhook receiver is on, so messaging-interface sends can get statuses. */
    private readonly webhookOn: () => boolean,
  ) {
    this.sent = new CampaignRecipientThreads(db);
    this.assignments = new Assignments(db);
    this.notes = new ConversationNotes(db);
  }

  /**
   * Numbers that wrote in, or were answered from the inbox, newest activity first. Campaign texts to a number show in
   * its thread, but a campaign alone does not open a conversation (a 10,000-recipient campaign would bury the replies).
   */
  list(mode: Mode, opts: { search?: string | undefined; limit?: number | undefined } = {}): ConversationSummary[] {
    const search = opts.search?.trim() ?? '';
    const digits = search.replace(/\D/g, '');
    const rows = this.db
      .prepare(
        `WITH convo AS (
           SELECT msisdn, MAX(at) AS last_at FROM (
             SELECT msisdn, sent_at AS at FROM inbound_messages WHERE mode = @mode
             UNION ALL
             ${REPLIES_SENT}
           ) GROUP BY msisdn
         )
         SELECT v.msisdn, v.last_at, k.id AS contact_id, k.first_name, k.last_name,
                (SELECT COUNT(*) FROM inbound_messages i WHERE i.mode = @mode AND i.msisdn = v.msisdn AND i.read_at IS NULL) AS unread,
                EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = v.msisdn) AS opted_out
           FROM convo v LEFT JOIN contacts k ON k.msisdn = v.msisdn
          WHERE @search = ''
             OR (@digits != '' AND CAST(v.msisdn AS TEXT) LIKE '%' || @digits || '%')
             OR (k.first_name || ' ' || k.last_name) LIKE '%' || @search || '%'
          ORDER BY v.last_at DESC
          LIMIT @limit`,
      )
      .all({ mode, search, digits, limit: opts.limit ?? 200 }) as {
      msisdn: number;
      last_at: string;
      contact_id: number | null;
      first_name: string | null;
      last_name: string | null;
      unread: number;
      opted_out: number;
    }[];
    const assignees = this.assignments.all(mode);
    return rows.map((r) => {
      const last = this.lastText(mode, r.msisdn);
      return {
        msisdn: r.msisdn,
        name: nameOf(r.first_name, r.last_name),
        contactId: r.contact_id,
        lastAt: last?.at ?? r.last_at,
        lastText: last?.text ?? '',
        lastDirection: last?.direction ?? 'in',
        lastBy: last?.by ?? null,
        unread: r.unread,
        optedOut: r.opted_out === 1,
        assignee: assignees.get(r.msisdn) ?? null,
      };
    });
  }

  /** One conversation's summary (also for a number that has none yet: the thread of a contact never written to). */
  summary(mode: Mode, msisdn: number): ConversationSummary {
    const contact = this.db.prepare('SELECT id, first_name, last_name FROM contacts WHERE msisdn = ?').get(msisdn) as
      | { id: number; first_name: string; last_name: string }
      | undefined;
    const unread = (
      this.db.prepare('SELECT COUNT(*) AS n FROM inbound_messages WHERE mode = ? AND msisdn = ? AND read_at IS NULL').get(mode, msisdn) as { n: number }
    ).n;
    const optedOut = isOptedOut(this.db, msisdn);
    const last = this.lastText(mode, msisdn);
    return {
      msisdn,
      name: contact ? nameOf(contact.first_name, contact.last_name) : null,
      contactId: contact?.id ?? null,
      lastAt: last?.at ?? new Date(0).toISOString(),
      lastText: last?.text ?? '',
      lastDirection: last?.direction ?? 'in',
      lastBy: last?.by ?? null,
      unread,
      optedOut,
      assignee: this.assignments.of(mode, msisdn),
    };
  }

  /** Texts in and out with one number, oldest first; the newest `limit` of them. */
  thread(mode: Mode, msisdn: number, limit = 500): ConversationThread {
    const ins = this.db
      .prepare(
        `SELECT id, sent_at, text, read_at, opt_out_keyword FROM inbound_messages WHERE mode = ? AND msisdn = ?
          ORDER BY sent_at DESC, id DESC LIMIT ?`,
      )
      .all(mode, msisdn, limit) as InRow[];
    // A reply's row shows its request's outcome once its chunk is settled (the repository settles first).
    const outs = this.sent.sentTo(mode, msisdn, limit);
    const items: ThreadItem[] = [...ins.map(inbound), ...outs.map((o) => this.outbound(o))];
    items.sort(byTime);
    return { conversation: this.summary(mode, msisdn), items: items.slice(-limit), notes: this.notes.of(mode, msisdn) };
  }

  /** An outbound recipient row as a thread item. */
  outboundItem(recipientId: number): OutboundItem | null {
    // A reply's row shows its request's outcome once its chunk is settled; only its own campaign needs it.
    const row = this.sent.one(recipientId);
    return row ? this.outbound(row) : null;
  }

  inboundItem(id: number): InboundItem | null {
    const row = this.db.prepare('SELECT id, sent_at, text, read_at, opt_out_keyword FROM inbound_messages WHERE id = ?').get(id) as InRow | undefined;
    return row ? inbound(row) : null;
  }

  private lastText(mode: Mode, msisdn: number): { at: string; text: string; direction: 'in' | 'out'; by: string | null } | null {
    const i = this.db
      .prepare('SELECT sent_at AS at, text FROM inbound_messages WHERE mode = ? AND msisdn = ? ORDER BY sent_at DESC, id DESC LIMIT 1')
      .get(mode, msisdn) as { at: string; text: string } | undefined;
    const o = this.sent.last(mode, msisdn);
    if (!i && !o) return null;
    // The same whole-second rule as the thread's order (byTime).
    const os = o?.at.slice(0, 19) ?? '';
    const is = i?.at.slice(0, 19) ?? '';
    if (o && (!i || os > is || (os === is && o.kind === 'reply'))) return { at: o.at, text: o.text, direction: 'out', by: o.by };
    return { ...i!, direction: 'in', by: null };
  }

  private outbound(o: OutRow): OutboundItem {
    const waiting = o.status === null || !isFinalState(o.status);
    return {
      direction: 'out',
      id: o.id,
      campaignId: o.campaign_id,
      campaignKind: o.kind,
      campaignName: o.name,
      at: o.at,
      text: o.text,
      parts: o.parts,
      sendState: o.state,
      status: o.status,
      gatewayStatus: o.gateway_status,
      statusError: o.status_error,
      statusAt: o.status_at,
      needsWebhook: channelTraits(o.channel).statusByWebhookOnly && o.state === 'accepted' && waiting && !this.webhookOn(),
      by: o.author_name,
    };
  }
}

/**
 * Oldest first. The gateway stamps incoming texts in whole seconds, so within one second the order follows who
 * answers whom: a campaign text comes before the customer's text (which answers it), the shop's reply after it.
 */
export function byTime(a: ThreadItem, b: ThreadItem): number {
  const sa = a.at.slice(0, 19);
  const sb = b.at.slice(0, 19);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (a.direction !== b.direction) {
    const out = a.direction === 'out' ? a : (b as OutboundItem);
    const outFirst = out.campaignKind === 'campaign';
    return (a.direction === 'out') === outFirst ? -1 : 1;
  }
  return a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id;
}

function inbound(r: InRow): InboundItem {
  return { direction: 'in', id: r.id, at: r.sent_at, text: r.text, read: r.read_at !== null, optOutKeyword: r.opt_out_keyword };
}

function nameOf(first: string | null, last: string | null): string | null {
  const n = `${first ?? ''} ${last ?? ''}`.trim();
  return n === '' ? null : n;
}
