// The ledger: one entry per accepted message per recipient, with the text it carried and its actual status now.
import { actualAt, timeline, type StatusReport } from './delivery';
import { legacyTimeline } from './notifications';
import type { LegacyMessage, LegacyRecipient, PlatformState } from './state';

export interface LedgerEntry {
  interface: 'messaging' | 'legacy';
  id: string;
  recipient: number;
  text: string;
  encoding: string;
  parts: number;
  status: string;
  created_at: string;
  // Extensions beyond the fixed shape:
  sender: string | null;
  reference: string | null;
  label: string | null;
  country: string | null;
  cost: number;
  channel: 'sms' | 'rcs';
}

export interface LedgerFilter {
  iface?: 'messaging' | 'legacy';
  id?: string;
}

/** Entries in acceptance order (messaging and legacy interleaved by time). */
export function ledger(state: PlatformState, now: number, filter: LedgerFilter = {}): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  if (filter.iface !== 'legacy') {
    for (const r of state.messaging) {
      if (filter.id !== undefined && r.id !== filter.id) continue;
      const reports = timeline({ outcome: r.outcome, iface: 'messaging', createdAt: r.createdAt, sendAt: r.createdAt, expiresAt: r.expiresAt });
      out.push({
        interface: 'messaging',
        id: r.id,
        recipient: r.recipient,
        text: r.text,
        encoding: r.encoding,
        parts: r.parts,
        // Before the first report the message is accepted but not yet handed on.
        status: actualAt(reports, now)?.status ?? 'ACCEPTED',
        created_at: new Date(r.createdAt).toISOString(),
        sender: r.sender,
        reference: r.reference,
        label: r.label,
        country: r.country,
        cost: r.cost,
        channel: r.channel,
      });
    }
  }
  if (filter.iface !== 'messaging') {
    for (const m of state.legacy) {
      if (filter.id !== undefined && String(m.id) !== filter.id) continue;
      const statusOf = statusLookup(m, now);
      const created = new Date(m.createdAt).toISOString();
      for (const r of m.recipients) {
        out.push({
          interface: 'legacy',
          id: String(m.id),
          recipient: r.msisdn,
          text: r.text ?? m.text,
          encoding: r.encoding ?? m.airEncoding,
          parts: r.parts,
          status: statusOf(r),
          created_at: created,
          sender: m.sender,
          reference: m.userref,
          label: m.label,
          country: r.country,
          cost: r.cost,
          channel: 'sms',
        });
      }
    }
  }
  // Both lists are already in acceptance order; a stable sort interleaves them.
  if (filter.iface === undefined) out.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  return out;
}

/** Actual status of each recipient of a legacy message, with the timeline computed once per outcome. */
function statusLookup(m: LegacyMessage, now: number): (r: LegacyRecipient) => string {
  const cache = new Map<string, string>();
  return (r) => {
    let s = cache.get(r.outcome);
    if (s === undefined) {
      const reports: StatusReport[] = legacyTimeline(m, r);
      s = actualAt(reports, now)?.status ?? 'ACCEPTED';
      cache.set(r.outcome, s);
    }
    return s;
  };
}
