import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, calendarDate, mosmsWindow, unseenMessages } from '../../../src-main/core/sync/mosms-window';

const at = (iso: string) => Date.parse(iso);

describe('calendarDate', () => {
  it.each([
    ['2025-01-10T22:59:59Z', 'UTC', '2025-01-10'],
    ['2025-01-10T22:59:59Z', 'Europe/Copenhagen', '2025-01-10'],
    ['2025-01-10T23:00:00Z', 'Europe/Copenhagen', '2025-01-11'], // winter: UTC+1
    ['2025-07-10T21:59:59Z', 'Europe/Copenhagen', '2025-07-10'],
    ['2025-07-10T22:00:00Z', 'Europe/Copenhagen', '2025-07-11'], // summer: UTC+2
    ['2024-12-31T23:30:00Z', 'Europe/Copenhagen', '2025-01-01'],
    ['2024-12-31T23:30:00Z', 'UTC', '2024-12-31'],
  ])('%s in %s is %s', (iso, zone, date) => {
    expect(calendarDate(at(iso), zone)).toBe(date);
  });
});

describe('addDays', () => {
  it.each([
    ['2025-01-10', -1, '2025-01-09'],
    ['2025-03-01', -1, '2025-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-03-30', 1, '2025-03-31'], // DST change day is still one calendar day
  ])('%s %+i is %s', (d, n, out) => expect(addDays(d, n)).toBe(out));
});

describe('mosmsWindow', () => {
  type Row = [string, string | null, string, { from: string; to: string }];
  const rows: Row[] = [
    ['same day, midday', '2025-01-10T11:00:00Z', '2025-01-10T11:01:00Z', { from: '2025-01-09', to: '2025-01-11' }],
    [
      'after Danish midnight but before UTC midnight: both calendars are covered',
      '2025-01-10T22:50:00Z',
      '2025-01-10T23:10:00Z',
      { from: '2025-01-09', to: '2025-01-12' },
    ],
    [
      'last poll before Danish midnight, now after UTC midnight',
      '2025-01-10T22:30:00Z',
      '2025-01-11T00:30:00Z',
      { from: '2025-01-09', to: '2025-01-12' },
    ],
    ['across the new year', '2024-12-31T22:55:00Z', '2024-12-31T23:05:00Z', { from: '2024-12-30', to: '2025-01-02' }],
    ['summer time', '2025-07-10T21:55:00Z', '2025-07-10T22:05:00Z', { from: '2025-07-09', to: '2025-07-12' }],
    ['restart after three days closed', '2025-01-07T12:00:00Z', '2025-01-10T12:00:00Z', { from: '2025-01-06', to: '2025-01-11' }],
    ['first poll looks back 30 days', null, '2025-01-31T12:00:00Z', { from: '2024-12-31', to: '2025-02-01' }],
    ['a last poll in the future (clock went back) still covers now', '2025-01-12T12:00:00Z', '2025-01-10T12:00:00Z', { from: '2025-01-09', to: '2025-01-11' }],
  ];
  it.each(rows)('%s', (_name, last, now, expected) => {
    expect(mosmsWindow({ lastCompleteStart: last === null ? null : at(last), now: at(now) })).toEqual(expected);
  });

  it('covers every message sent since the last complete poll, by UTC or Danish date', () => {
    const lo = at('2023-01-01T00:00:00Z');
    const hi = at('2027-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: lo, max: hi }),
        fc.integer({ min: 0, max: 10 * 24 * 3600 * 1000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: -3600_000, max: 3600_000 }),
        (last, gap, where, skew) => {
          const now = last + gap;
          const w = mosmsWindow({ lastCompleteStart: last, now });
          // A message stamped by a gateway clock up to an hour off, any time from the last poll's start until now.
          const sent = last + Math.floor(gap * where) + skew;
          for (const zone of ['UTC', 'Europe/Copenhagen']) {
            const d = calendarDate(sent, zone);
            expect(d >= w.from && d <= w.to).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('unseenMessages', () => {
  const m = (id: number) => ({ mosms_id: id, message: `m${id}` });
  it('drops ids already stored', () => {
    expect(unseenMessages([m(1), m(2), m(3)], new Set([2]))).toEqual([m(1), m(3)]);
  });
  it('drops repeats within the batch (a page that shifted while being read)', () => {
    expect(unseenMessages([m(5), m(4), m(4), m(3), m(5)], new Set())).toEqual([m(5), m(4), m(3)]);
  });
  it('keeps everything new', () => {
    expect(unseenMessages([m(9)], new Set([1, 2]))).toEqual([m(9)]);
  });
});
