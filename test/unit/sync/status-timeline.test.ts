import { describe, expect, it } from 'vitest';
import { statusTimeline, type TimelineEvent } from '../../../src-main/core/sync/status-timeline';

const T0 = Date.UTC(2025, 0, 10, 12);
const s = (n: number) => T0 + n * 1000;

describe('statusTimeline', () => {
  const events: TimelineEvent[] = [
    { recipientId: 1, status: 'sent', at: s(1) },
    { recipientId: 2, status: 'sent', at: s(1) },
    { recipientId: 1, status: 'delivered', at: s(3) },
    { recipientId: 2, status: 'failed', at: s(3) },
    { recipientId: 3, status: 'sent', at: s(5) },
    { recipientId: 3, status: 'unknown', at: s(9) },
  ];

  it('shows the mix at the end of each bucket, with unreported recipients pending', () => {
    const out = statusTimeline(events, 4, { from: s(0), to: s(10) }, 5);
    expect(out.map((b) => b.at)).toEqual([s(2), s(4), s(6), s(8), s(10)].map((t) => new Date(t).toISOString()));
    const pick = (i: number) => {
      const c = out[i]!.counts;
      return [c.pending, c.sent, c.delivered, c.failed, c.unknown];
    };
    expect(pick(0)).toEqual([2, 2, 0, 0, 0]);
    expect(pick(1)).toEqual([2, 0, 1, 1, 0]);
    expect(pick(2)).toEqual([1, 1, 1, 1, 0]);
    expect(pick(3)).toEqual([1, 1, 1, 1, 0]);
    expect(pick(4)).toEqual([1, 0, 1, 1, 1]);
  });

  it('every bucket adds up to the recipients', () => {
    for (const b of statusTimeline(events, 4, { from: s(0), to: s(10) }, 7)) {
      expect(Object.values(b.counts).reduce((a, c) => a + c, 0)).toBe(4);
    }
  });

  it('one bucket holds the final mix', () => {
    const out = statusTimeline(events, 3, { from: s(0), to: s(10) }, 1);
    expect(out).toHaveLength(1);
    expect(out[0]!.counts).toMatchObject({ delivered: 1, failed: 1, unknown: 1, pending: 0, sent: 0 });
  });

  it('a zero-length range still gives buckets', () => {
    expect(statusTimeline([], 2, { from: s(0), to: s(0) }, 3)).toHaveLength(3);
  });
});
