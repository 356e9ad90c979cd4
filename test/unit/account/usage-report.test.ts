// Cutting a range into day/week queries, adding the answers up, and the CSV export.
import { describe, expect, it } from 'vitest';
import { buildUsageReport, MAX_USAGE_QUERIES, usageBuckets, usageCsv, type BucketAnswer } from '../../../src-main/core/account/usage-report';
import { BeskedError } from '../../../src-main/core/errors';

describe('usageBuckets', () => {
  it.each([
    ['one day', '2025-03-05', '2025-03-05', 'day', [['2025-03-05', '2025-03-05']]],
    [
      'days across a month end',
      '2025-02-27',
      '2025-03-02',
      'day',
      [
        ['2025-02-27', '2025-02-27'],
        ['2025-02-28', '2025-02-28'],
        ['2025-03-01', '2025-03-01'],
        ['2025-03-02', '2025-03-02'],
      ],
    ],
    // 2025-03-05 is a Wednesday: the first week is cut to Wed–Sun, the last to Mon–Tue.
    [
      'ISO weeks cut to the range',
      '2025-03-05',
      '2025-03-18',
      'week',
      [
        ['2025-03-05', '2025-03-09'],
        ['2025-03-10', '2025-03-16'],
        ['2025-03-17', '2025-03-18'],
      ],
    ],
    ['a week starting on a Monday', '2025-03-10', '2025-03-16', 'week', [['2025-03-10', '2025-03-16']]],
    ['a Sunday alone', '2025-03-16', '2025-03-16', 'week', [['2025-03-16', '2025-03-16']]],
    ['a leap day', '2024-02-28', '2024-03-01', 'day', [['2024-02-28', '2024-02-28'], ['2024-02-29', '2024-02-29'], ['2024-03-01', '2024-03-01']]],
  ] as const)('%s', (_name, from, to, g, expected) => {
    expect(usageBuckets(from, to, g).map((b) => [b.from, b.to])).toEqual(expected);
  });

  it('covers the range exactly, with no gaps or overlaps, for every start weekday', () => {
    for (let d = 1; d <= 7; d++) {
      const from = `2025-06-0${d}`;
      const b = usageBuckets(from, '2025-08-31', 'week');
      expect(b[0]!.from).toBe(from);
      expect(b.at(-1)!.to).toBe('2025-08-31');
      for (let i = 1; i < b.length; i++) {
        expect(Date.parse(b[i]!.from) - Date.parse(b[i - 1]!.to)).toBe(86_400_000);
      }
    }
  });

  it('refuses an end before the start', () => {
    expect(() => usageBuckets('2025-03-05', '2025-03-04', 'day')).toThrow(/before the start/);
  });

  it(`refuses more than ${MAX_USAGE_QUERIES} queries and suggests weeks`, () => {
    expect(usageBuckets('2025-01-01', '2025-04-02', 'day')).toHaveLength(MAX_USAGE_QUERIES);
    let err: unknown;
    try {
      usageBuckets('2025-01-01', '2025-04-03', 'day');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BeskedError);
    expect((err as BeskedError).kind).toBe('limit');
    expect((err as BeskedError).message).toMatch(/93 days.*by week/);
    expect(usageBuckets('2025-01-01', '2025-04-03', 'week').length).toBeLessThan(20);
  });
});

const item = (label: string | null, country: string, amount: number, cost: number, currency = 'DKK', cls = 'standard') => ({
  label,
  country,
  amount,
  cost,
  currency,
  messageclass_id: cls,
});

describe('buildUsageReport', () => {
  const answers: BucketAnswer[] = [
    { from: '2025-03-01', to: '2025-03-01', items: [item('shop', 'DK', 10, 1.3), item(null, 'SE', 2, 0.58)] },
    { from: '2025-03-02', to: '2025-03-02', items: [] },
    { from: '2025-03-03', to: '2025-03-03', items: [item('shop', 'DK', 5, 0.65), item('shop', 'DK', 1, 0.19, 'DKK', 'premium'), item('x', 'DE', 1, 0.07, 'EUR')] },
  ];
  const r = buildUsageReport({ from: '2025-03-01', to: '2025-03-03', label: ' ', granularity: 'day' }, answers, '2025-03-04T00:00:00.000Z');

  it('totals in the main currency and counts rows in another', () => {
    expect(r.currency).toBe('DKK');
    expect(r.totals).toEqual({ messages: 18, cost: 2.72 });
    expect(r.otherCurrencyRows).toBe(1);
    expect(r.label).toBeNull();
    expect(r.queries).toBe(3);
  });

  it('adds up by label and by country, most expensive first', () => {
    expect(r.byLabel).toEqual([
      { label: 'shop', messages: 16, cost: 2.14 },
      { label: null, messages: 2, cost: 0.58 },
    ]);
    expect(r.byCountry).toEqual([
      { country: 'DK', messages: 16, cost: 2.14 },
      { country: 'SE', messages: 2, cost: 0.58 },
    ]);
  });

  it('keeps one point per bucket over time, empty ones included', () => {
    expect(r.overTime.map((p) => [p.from, p.messages, p.cost])).toEqual([
      ['2025-03-01', 12, 1.88],
      ['2025-03-02', 0, 0],
      ['2025-03-03', 6, 0.84],
    ]);
  });

  it('keeps rows apart by label, country, class and currency', () => {
    expect(r.rows).toContainEqual({ label: 'shop', country: 'DK', messageClass: 'standard', currency: 'DKK', messages: 15, cost: 1.95 });
    expect(r.rows).toContainEqual({ label: 'shop', country: 'DK', messageClass: 'premium', currency: 'DKK', messages: 1, cost: 0.19 });
    expect(r.rows).toContainEqual({ label: 'x', country: 'DE', messageClass: 'standard', currency: 'EUR', messages: 1, cost: 0.07 });
  });

  it('is empty but well-formed with no usage', () => {
    const e = buildUsageReport({ from: '2025-03-01', to: '2025-03-01', granularity: 'day' }, [{ from: '2025-03-01', to: '2025-03-01', items: [] }], 'x');
    expect(e).toMatchObject({ currency: null, totals: { messages: 0, cost: 0 }, byLabel: [], byCountry: [], rows: [] });
  });
});

describe('usageCsv', () => {
  it('writes one line per period and row, with a BOM for Excel and formulas defused', () => {
    const csv = usageCsv([{ from: '2025-03-01', to: '2025-03-07', items: [item('=HYPERLINK("x")', 'DK', 3, 0.39), item(null, 'SE', 1, 0.29)] }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('from,to,label,country,message_class,messages,cost,currency');
    expect(lines[1]).toBe(`2025-03-01,2025-03-07,"'=HYPERLINK(""x"")",DK,standard,3,0.39,DKK`);
    expect(lines[2]).toBe('2025-03-01,2025-03-07,,SE,standard,1,0.29,DKK');
  });
});
