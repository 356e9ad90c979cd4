// The usage rules: how a date range is cut into day or week queries (the gateway only sums a whole range),
// how the answers add up by label, country and time, and the CSV the user exports.
import type { UsageGranularity, UsageReport } from '../../../src-shared/contract';
import { BeskedError } from '../errors';
import type { UsageLabelItem } from '../gateway';
import { coded } from '../../../src-shared/error-codes';
import { csvText } from '../downloads/csv-file';

/** Most gateway queries one report may take: three months by day, or about 1¾ years by week. */
export const MAX_USAGE_QUERIES = 92;

export interface Bucket {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The ranges to ask the gateway about, covering from..to exactly: one per day, or one per ISO week
 * (Monday to Sunday) with the first and last cut to the range.
 */
export function usageBuckets(from: string, to: string, granularity: UsageGranularity): Bucket[] {
  const start = dayMs(from);
  const end = dayMs(to);
  if (Number.isNaN(start) || Number.isNaN(end)) throw new BeskedError('validation', 'Pick a start and an end date.', coded('usage.pickDates'));
  if (end < start) {
    throw new BeskedError('validation', 'The end date is before the start date.', {
      fields: [{ path: ['to'], message: 'Must be on or after the start date' }],
      ...coded('usage.endBeforeStart'),
    });
  }
  const buckets: Bucket[] = [];
  let cur = start;
  while (cur <= end) {
    let last = cur;
    if (granularity === 'week') {
      const weekday = (new Date(cur).getUTCDay() + 6) % 7; // Monday = 0
      last = Math.min(cur + (6 - weekday) * DAY_MS, end);
    }
    buckets.push({ from: toDay(cur), to: toDay(last) });
    if (buckets.length > MAX_USAGE_QUERIES) {
      const days = Math.round((end - start) / DAY_MS) + 1;
      throw new BeskedError(
        'limit',
        granularity === 'day'
          ? `That is ${days} days, and Besked asks the gateway once per day: pick at most ${MAX_USAGE_QUERIES} days, or show the range by week.`
          : `That range has more than ${MAX_USAGE_QUERIES} weeks, and Besked asks the gateway once per week: pick a shorter range.`,
        {
          fields: [{ path: ['from'], message: 'Range too long' }],
          ...(granularity === 'day' ? coded('usage.tooManyDays', { days, max: MAX_USAGE_QUERIES }) : coded('usage.tooManyWeeks', { max: MAX_USAGE_QUERIES })),
        },
      );
    }
    cur = last + DAY_MS;
  }
  return buckets;
}

export interface BucketAnswer extends Bucket {
  items: readonly UsageLabelItem[];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The currency most items are in; the account has one, so more than one is an exception worth a note. */
function mainCurrency(answers: readonly BucketAnswer[]): string | null {
  const counts = new Map<string, number>();
  for (const a of answers) for (const i of a.items) counts.set(i.currency, (counts.get(i.currency) ?? 0) + 1);
  let best: string | null = null;
  let n = 0;
  for (const [c, k] of counts) if (k > n) [best, n] = [c, k];
  return best;
}

function add<K>(map: Map<K, { messages: number; cost: number }>, key: K, item: UsageLabelItem): void {
  const cur = map.get(key) ?? { messages: 0, cost: 0 };
  cur.messages += item.amount;
  cur.cost += item.cost;
  map.set(key, cur);
}

/** Adds up the answers of every bucket into totals, by label, by country, over time and per row. */
export function buildUsageReport(
  query: { from: string; to: string; label?: string | undefined; granularity: UsageGranularity },
  answers: readonly BucketAnswer[],
  fetchedAt: string,
): UsageReport {
  const currency = mainCurrency(answers);
  const byLabel = new Map<string | null, { messages: number; cost: number }>();
  const byCountry = new Map<string, { messages: number; cost: number }>();
  const rows = new Map<string, { label: string | null; country: string; messageClass: string; currency: string; messages: number; cost: number }>();
  const totals = { messages: 0, cost: 0 };
  let otherCurrencyRows = 0;
  const overTime = answers.map((a) => {
    const t = { from: a.from, to: a.to, messages: 0, cost: 0 };
    for (const i of a.items) {
      const key = JSON.stringify([i.label, i.country, i.messageclass_id, i.currency]);
      const row = rows.get(key) ?? { label: i.label, country: i.country, messageClass: i.messageclass_id, currency: i.currency, messages: 0, cost: 0 };
      row.messages += i.amount;
      row.cost += i.cost;
      rows.set(key, row);
      if (i.currency !== currency) {
        otherCurrencyRows++;
        continue;
      }
      t.messages += i.amount;
      t.cost += i.cost;
      totals.messages += i.amount;
      totals.cost += i.cost;
      add(byLabel, i.label, i);
      add(byCountry, i.country, i);
    }
    return { ...t, cost: round(t.cost) };
  });
  const byCost = <T extends { messages: number; cost: number }>(a: T, b: T) => b.cost - a.cost || b.messages - a.messages;
  return {
    from: query.from,
    to: query.to,
    label: query.label?.trim() ? query.label.trim() : null,
    granularity: query.granularity,
    currency,
    otherCurrencyRows,
    totals: { messages: totals.messages, cost: round(totals.cost) },
    byLabel: [...byLabel].map(([label, v]) => ({ label, messages: v.messages, cost: round(v.cost) })).sort(byCost),
    byCountry: [...byCountry].map(([country, v]) => ({ country, messages: v.messages, cost: round(v.cost) })).sort(byCost),
    overTime,
    rows: [...rows.values()].map((r) => ({ ...r, cost: round(r.cost) })).sort(byCost),
    queries: answers.length,
    fetchedAt,
  };
}

/** One CSV line per period, label, country and class, so a spreadsheet can pivot it any way. */
export function usageCsv(answers: readonly BucketAnswer[]): string {
  const data = answers.flatMap((a) =>
    a.items.map((i) => [a.from, a.to, i.label ?? '', i.country, i.messageclass_id, i.amount, i.cost, i.currency]),
  );
  // The shared writer adds the byte order mark Excel needs and defuses a formula-looking label.
  return csvText([['from', 'to', 'label', 'country', 'message_class', 'messages', 'cost', 'currency'], ...data]);
}
