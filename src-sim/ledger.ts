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
  const iso = isoCache();
  const messaging: LedgerEntry[] = [];
  if (filter.iface !== 'legacy') {
    // Messages of one batch share their times and mostly their outcome: work out each status once.
    const statuses = new Map<string, string>();
    for (const r of state.messaging) {
      if (filter.id !== undefined && r.id !== filter.id) continue;
      const key = `${r.outcome}|${r.createdAt}|${r.expiresAt}`;
      let status = statuses.get(key);
      if (status === undefined) {
        const reports = timeline({ outcome: r.outcome, iface: 'messaging', createdAt: r.createdAt, sendAt: r.createdAt, expiresAt: r.expiresAt });
        // Before the first report the message is accepted but not yet handed on.
        status = actualAt(reports, now)?.status ?? 'ACCEPTED';
        statuses.set(key, status);
      }
      messaging.push({
        interface: 'messaging',
        id: r.id,
        recipient: r.recipient,
        text: r.text,
        encoding: r.encoding,
        parts: r.parts,
        status,
        created_at: iso(r.createdAt),
        sender: r.sender,
        reference: r.reference,
        label: r.label,
        country: r.country,
        cost: r.cost,
        channel: r.channel,
      });
    }
  }
  const legacy: LedgerEntry[] = [];
  if (filter.iface !== 'messaging') {
    for (const m of state.legacy) {
      if (filter.id !== undefined && String(m.id) !== filter.id) continue;
      const statusOf = statusLookup(m, now);
      const created = iso(m.createdAt);
      const id = String(m.id);
      for (const r of m.recipients) {
        legacy.push({
          interface: 'legacy',
          id,
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
  return mergeByTime(messaging, legacy);
}

/** Both lists are in acceptance order already; merging keeps that (messaging first on equal times). */
function mergeByTime(a: LedgerEntry[], b: LedgerEntry[]): LedgerEntry[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out: LedgerEntry[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]!.created_at <= b[j]!.created_at ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** ISO strings of epoch ms, reusing the last one (a batch shares its time). */
function isoCache(): (t: number) => string {
  let last = NaN;
  let lastIso = '';
  return (t) => {
    if (t !== last) {
      last = t;
      lastIso = new Date(t).toISOString();
    }
    return lastIso;
  };
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
