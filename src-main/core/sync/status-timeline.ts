// The status mix of a campaign over time, from its status events: how many recipients were in each state when (pure).
import { BESKED_STATES, type BeskedState } from '../../../src-shared/delivery-status';

export interface TimelineEvent {
  recipientId: number;
  status: BeskedState;
  /** epoch ms */
  at: number;
}

export interface TimelineBucket {
  /** End of the bucket (ISO): the counts are the mix at that moment. */
  at: string;
  counts: Record<BeskedState, number>;
}

const zero = (): Record<BeskedState, number> => Object.fromEntries(BESKED_STATES.map((s) => [s, 0])) as Record<BeskedState, number>;

/**
 * Buckets of equal length from `from` to `to`. Each recipient counts in the state of its latest event by the bucket's
 * end; recipients sent but without any event yet count as pending. Events must be ordered by time (the SQL does it).
 */
export function statusTimeline(
  events: readonly TimelineEvent[],
  recipients: number,
  range: { from: number; to: number },
  buckets = 48,
): TimelineBucket[] {
  const n = Math.max(1, Math.floor(buckets));
  const span = Math.max(1, range.to - range.from);
  const step = span / n;
  const latest = new Map<number, BeskedState>();
  const counts = zero();
  counts.pending = recipients;
  const out: TimelineBucket[] = [];
  let i = 0;
  for (let b = 1; b <= n; b++) {
    const end = b === n ? range.to : range.from + step * b;
    while (i < events.length && events[i]!.at <= end) {
      const e = events[i++]!;
      const prev = latest.get(e.recipientId) ?? 'pending';
      counts[prev]--;
      counts[e.status]++;
      latest.set(e.recipientId, e.status);
    }
    out.push({ at: new Date(end).toISOString(), counts: { ...counts } });
  }
  return out;
}
