// The campaign page's delivery chart as series: the eight delivery states folded into the five a shop owner tells
// apart (delivered, waiting, failed, cancelled, unknown), leaving out those no message was ever in.
import type { StatusTimeline } from '../../../src-shared/contract';

export const TIMELINE_SERIES = ['delivered', 'waiting', 'failed', 'cancelled', 'unknown'] as const;
export type TimelineSeriesKey = (typeof TIMELINE_SERIES)[number];

type Counts = StatusTimeline['buckets'][number]['counts'];

const FOLD: Record<TimelineSeriesKey, (c: Counts) => number> = {
  // Read is delivered and then some; sent means the network has it but no report has come back yet.
  delivered: (c) => c.delivered + c.read,
  waiting: (c) => c.pending + c.sent,
  failed: (c) => c.failed + c.expired,
  cancelled: (c) => c.cancelled,
  unknown: (c) => c.unknown,
};

export interface TimelineSeries {
  key: TimelineSeriesKey;
  values: number[];
}

export function timelineSeries(buckets: StatusTimeline['buckets']): TimelineSeries[] {
  return TIMELINE_SERIES.map((key) => ({ key, values: buckets.map((b) => FOLD[key](b.counts)) })).filter((s) => s.values.some((v) => v > 0));
}
