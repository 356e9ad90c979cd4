// The delivery chart's series: eight delivery states folded into the five a shop owner tells apart, empty ones left out.
import { describe, expect, it } from 'vitest';
import { timelineSeries } from '../../../src-renderer/components/campaigns/timeline-series';
import type { StatusTimeline } from '../../../src-shared/contract';

type Counts = StatusTimeline['buckets'][number]['counts'];
const zero: Counts = { pending: 0, sent: 0, delivered: 0, read: 0, failed: 0, expired: 0, cancelled: 0, unknown: 0 };
const bucket = (c: Partial<Counts>) => ({ at: '2026-03-01T10:00:00.000Z', counts: { ...zero, ...c } });

describe('timelineSeries', () => {
  it.each<[string, Partial<Counts>[], [string, number[]][]]>([
    ['nothing at all', [{}], []],
    ['read counts as delivered', [{ delivered: 2, read: 1 }], [['delivered', [3]]]],
    ['sent without a report yet is waiting', [{ pending: 1, sent: 2 }], [['waiting', [3]]]],
    ['expired counts as failed', [{ failed: 1, expired: 1 }], [['failed', [2]]]],
    [
      'a series stays once it had any message, in a fixed order',
      [{ pending: 3 }, { pending: 1, delivered: 1, unknown: 1 }, { delivered: 2, cancelled: 1 }],
      [
        ['delivered', [0, 1, 2]],
        ['waiting', [3, 1, 0]],
        ['cancelled', [0, 0, 1]],
        ['unknown', [0, 1, 0]],
      ],
    ],
  ])('%s', (_, buckets, expected) => {
    expect(timelineSeries(buckets.map(bucket)).map((s) => [s.key, s.values])).toEqual(expected);
  });
});
