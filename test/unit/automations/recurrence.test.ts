// Recurring runs: daylight saving in Copenhagen, month ends, every-N-weeks over New Year, ends, and scanning windows.
import { describe, expect, it } from 'vitest';
import type { Recurrence, RecurrenceEnd, RecurringSpec } from '../../../src-shared/contract/automations';
import { nextOccurrences, occurrencesBetween, recurringOccurrenceKey } from '../../../src-shared/automations/recurrence';
import { wallTimeToInstant } from '../../../src-shared/automations/wall-time';

const CPH = 'Europe/Copenhagen';

function spec(recurrence: Recurrence, time: string, startDate: string, end: RecurrenceEnd = { kind: 'never' }): RecurringSpec {
  return {
    kind: 'recurring',
    recurrence,
    time,
    startDate,
    end,
    recipients: { contactIds: [], groupIds: [1], searches: [], numbers: [] },
    resolve: 'each_run',
  };
}

/** The UTC instant of a local Copenhagen midnight: windows of whole local days. */
function localMidnight(date: string): number {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return wallTimeToInstant(CPH, { year, month, day, hour: 0, minute: 0 });
}

const iso = (ts: number[]) => ts.map((t) => new Date(t).toISOString());
const daily: Recurrence = { every: 'day', interval: 1 };

describe('occurrencesBetween across daylight saving in Europe/Copenhagen', () => {
  it.each([
    // [what, time, day, the one instant (UTC)]
    ['spring: 02:30 does not exist, moves forward by the gap to 03:30 summer time', '02:30', '2026-03-29', '2026-03-29T01:30:00.000Z'],
    ['spring: 02:00 (the gap starts) is 03:00 summer time', '02:00', '2026-03-29', '2026-03-29T01:00:00.000Z'],
    ['spring: 03:00 is the first summer-time hour', '03:00', '2026-03-29', '2026-03-29T01:00:00.000Z'],
    ['spring: 01:59 is still winter time', '01:59', '2026-03-29', '2026-03-29T00:59:00.000Z'],
    ['autumn: 02:30 happens twice, the first (summer time) counts', '02:30', '2026-10-25', '2026-10-25T00:30:00.000Z'],
    ['autumn: 02:00 happens twice, the first counts', '02:00', '2026-10-25', '2026-10-25T00:00:00.000Z'],
    ['autumn: 03:00 is winter time', '03:00', '2026-10-25', '2026-10-25T02:00:00.000Z'],
    ['autumn: 01:30 is summer time', '01:30', '2026-10-25', '2026-10-24T23:30:00.000Z'],
    ['spring 2027 (28 March)', '02:30', '2027-03-28', '2027-03-28T01:30:00.000Z'],
    ['autumn 2027 (31 October)', '02:30', '2027-10-31', '2027-10-31T00:30:00.000Z'],
  ])('%s', (_what, time, day, instant) => {
    const s = spec(daily, time, '2026-01-01');
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    // The whole local day (23 or 25 hours long): exactly one run.
    const found = occurrencesBetween(s, CPH, localMidnight(day) - 1, localMidnight(next) - 1);
    expect(iso(found)).toEqual([instant]);
  });

  it.each([
    ['02:30 weekly on Sundays', { every: 'week', interval: 1, weekdays: ['su'] } satisfies Recurrence],
    ['02:30 daily', daily],
  ])('%s: every local day of 2026 has exactly one run', (_what, recurrence) => {
    const found = occurrencesBetween(spec(recurrence, '02:30', '2026-01-01'), CPH, localMidnight('2026-01-01') - 1, localMidnight('2027-01-01'));
    const days = found.map((t) => new Date(t).toLocaleDateString('sv-SE', { timeZone: CPH }));
    expect(new Set(days).size).toBe(found.length);
    expect(found.length).toBe(recurrence.every === 'day' ? 365 : 52);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
  });
});

describe('occurrencesBetween: the calendar', () => {
  const year2027 = [localMidnight('2027-01-01') - 1, localMidnight('2028-01-01')] as const;
  it.each([
    [
      'monthly day 31: the last day of shorter months',
      { every: 'month', interval: 1, on: { kind: 'day', day: 31 } } satisfies Recurrence,
      ['01-31', '02-28', '03-31', '04-30', '05-31', '06-30', '07-31', '08-31', '09-30', '10-31', '11-30', '12-31'],
    ],
    [
      'monthly day 30: 28 February',
      { every: 'month', interval: 1, on: { kind: 'day', day: 30 } } satisfies Recurrence,
      ['01-30', '02-28', '03-30', '04-30', '05-30', '06-30', '07-30', '08-30', '09-30', '10-30', '11-30', '12-30'],
    ],
    [
      'monthly day 15, every 3 months',
      { every: 'month', interval: 3, on: { kind: 'day', day: 15 } } satisfies Recurrence,
      ['01-15', '04-15', '07-15', '10-15'],
    ],
    [
      'monthly last Friday',
      { every: 'month', interval: 1, on: { kind: 'lastWeekday', weekday: 'fr' } } satisfies Recurrence,
      ['01-29', '02-26', '03-26', '04-30', '05-28', '06-25', '07-30', '08-27', '09-24', '10-29', '11-26', '12-31'],
    ],
  ])('%s (2027)', (_what, recurrence, days) => {
    const found = occurrencesBetween(spec(recurrence, '09:00', '2027-01-01'), CPH, ...year2027);
    expect(found.map((t) => new Date(t).toLocaleString('sv-SE', { timeZone: CPH }))).toEqual(days.map((d) => `2027-${d} 09:00:00`));
  });

  it.each([
    ['day 29', 29, '2028-02-29'],
    ['day 30', 30, '2028-02-29'],
    ['day 31', 31, '2028-02-29'],
    ['day 28', 28, '2028-02-28'],
  ])('monthly %s in a leap February', (_what, day, expected) => {
    const s = spec({ every: 'month', interval: 1, on: { kind: 'day', day } }, '09:00', '2028-01-01');
    const found = occurrencesBetween(s, CPH, localMidnight('2028-02-01'), localMidnight('2028-03-01'));
    expect(found.map((t) => new Date(t).toLocaleDateString('sv-SE', { timeZone: CPH }))).toEqual([expected]);
  });

  it.each([
    [
      'every 2 weeks on Monday across New Year',
      { every: 'week', interval: 2, weekdays: ['mo'] } satisfies Recurrence,
      '2026-12-21',
      ['2026-12-21', '2027-01-04', '2027-01-18', '2027-02-01'],
    ],
    [
      'every 2 weeks on Monday and Thursday, starting on a Wednesday (its week counts)',
      { every: 'week', interval: 2, weekdays: ['th', 'mo'] } satisfies Recurrence,
      '2026-12-23',
      ['2026-12-24', '2027-01-04', '2027-01-07', '2027-01-18'],
    ],
    ['every 3 days across New Year', { every: 'day', interval: 3 } satisfies Recurrence, '2026-12-30', ['2026-12-30', '2027-01-02', '2027-01-05', '2027-01-08']],
  ])('%s', (_what, recurrence, startDate, days) => {
    const found = nextOccurrences(spec(recurrence, '09:00', startDate), CPH, localMidnight('2026-12-01'), 4);
    expect(found.map((t) => new Date(t).toLocaleDateString('sv-SE', { timeZone: CPH }))).toEqual(days);
  });

  it.each([
    ['Thursdays (2026 starts on a Thursday)', 'th', 53],
    ['Mondays', 'mo', 52],
    ['Fridays', 'fr', 52],
  ] as const)('a year of weekly runs on %s: %i', (_what, weekday, count) => {
    const s = spec({ every: 'week', interval: 1, weekdays: [weekday] }, '08:00', '2020-01-01');
    expect(occurrencesBetween(s, CPH, localMidnight('2026-01-01') - 1, localMidnight('2027-01-01'))).toHaveLength(count);
  });
});

describe('occurrencesBetween: start and end', () => {
  const weekdays = { every: 'week', interval: 1, weekdays: ['mo', 'we'] } satisfies Recurrence;
  it.each([
    ['never', { kind: 'never' } as const, ['2027-01-06', '2027-01-11', '2027-01-13', '2027-01-18', '2027-01-20']],
    ['on 2027-01-13 (inclusive)', { kind: 'on', date: '2027-01-13' } as const, ['2027-01-06', '2027-01-11', '2027-01-13']],
    ['on 2027-01-12', { kind: 'on', date: '2027-01-12' } as const, ['2027-01-06', '2027-01-11']],
    ['after 2 runs (counted from the first on or after the start date)', { kind: 'after', runs: 2 } as const, ['2027-01-06', '2027-01-11']],
    ['after 1 run', { kind: 'after', runs: 1 } as const, ['2027-01-06']],
  ])('end %s', (_what, end, days) => {
    // Starts on a Tuesday: the first run is Wednesday.
    const s = spec(weekdays, '23:30', '2027-01-05', end);
    const found = nextOccurrences(s, CPH, localMidnight('2026-06-01'), 5);
    expect(found.map((t) => new Date(t).toLocaleDateString('sv-SE', { timeZone: CPH }))).toEqual(days);
  });

  it('after N runs: a window past the Nth run finds nothing, a window holding only the Nth finds it', () => {
    const s = spec(daily, '09:00', '2027-01-01', { kind: 'after', runs: 3 });
    const third = wallTimeToInstant(CPH, { year: 2027, month: 1, day: 3, hour: 9, minute: 0 });
    expect(occurrencesBetween(s, CPH, third - 1, third + 400 * 86_400_000)).toEqual([third]);
    expect(occurrencesBetween(s, CPH, third, third + 400 * 86_400_000)).toEqual([]);
  });

  it('the start date at a time already past that day is not a run before the start', () => {
    const s = spec(daily, '09:00', '2027-01-01');
    expect(iso(occurrencesBetween(s, CPH, 0, localMidnight('2027-01-02')))).toEqual(['2027-01-01T08:00:00.000Z']);
  });

  it('the window is (from, to]: a run at `to` is in it, a run at `from` is not; limit stops early; an empty window is empty', () => {
    const s = spec(daily, '09:00', '2027-01-01');
    const [a, b, c] = nextOccurrences(s, CPH, 0, 3) as [number, number, number];
    expect(occurrencesBetween(s, CPH, a, c)).toEqual([b, c]);
    expect(occurrencesBetween(s, CPH, a - 1, c, 2)).toEqual([a, b]);
    expect(occurrencesBetween(s, CPH, c, a)).toEqual([]);
    expect(occurrencesBetween(s, CPH, a, a)).toEqual([]);
    expect(recurringOccurrenceKey(a)).toBe('2027-01-01T08:00:00.000Z');
  });
});

describe('a clock that jumps backwards and forwards', () => {
  const h = 3_600_000;
  const s = spec({ every: 'week', interval: 1, weekdays: ['su', 'we'] }, '02:30', '2026-03-01');
  const start = Date.UTC(2026, 2, 20);
  const end = Date.UTC(2026, 10, 5);
  const truth = occurrencesBetween(s, CPH, start, end);

  // Readings of a clock that mostly runs on, is set back (a day, an hour at the autumn change), jumps ahead (a
  // fortnight), and is scanned with overlapping windows, as a runner scanning (lastScan, now] would see it.
  const readings: number[] = [start];
  let t = start;
  const steps = [7 * h, 13 * h, -30 * h, 50 * h, 5 * h, -h, 2 * h, 14 * 24 * h, -3 * 24 * h, 24 * h, 24 * h, 24 * h, 36 * h];
  for (let i = 0; t < end; i++) {
    t = Math.min(end, t + (steps[i % steps.length] ?? h));
    readings.push(t);
  }

  it('scanning every step finds each run exactly once by key, and nothing outside the runs', () => {
    const seen = new Map<string, Set<number>>();
    let scannedTo = start;
    for (const now of readings) {
      // A window that goes backwards is empty; one that overlaps the last is allowed (the key dedups it).
      for (const at of occurrencesBetween(s, CPH, Math.min(scannedTo, now) - 6 * h, now)) {
        const key = recurringOccurrenceKey(at);
        seen.set(key, (seen.get(key) ?? new Set()).add(at));
      }
      scannedTo = now;
    }
    const found = [...seen.entries()].filter(([key]) => Date.parse(key) > start);
    expect(found.map(([key]) => key)).toEqual(truth.map(recurringOccurrenceKey));
    for (const [, instants] of found) expect(instants.size).toBe(1);
  });

  it('each window finds exactly the runs of the whole range inside it', () => {
    for (let i = 1; i < readings.length; i++) {
      const [from, to] = [readings[i - 1]!, readings[i]!];
      expect(occurrencesBetween(s, CPH, from, to)).toEqual(truth.filter((x) => x > from && x <= to));
    }
  });

  it('includes the runs on the days of both changes, once each', () => {
    const keys = truth.map(recurringOccurrenceKey);
    expect(keys).toContain('2026-03-29T01:30:00.000Z');
    expect(keys).toContain('2026-10-25T00:30:00.000Z');
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a rule started years ago', () => {
  it.each([
    ['every 3 days', { every: 'day', interval: 3 } satisfies Recurrence],
    ['every 2 weeks on Monday and Saturday', { every: 'week', interval: 2, weekdays: ['sa', 'mo'] } satisfies Recurrence],
    ['every 5 months on day 31', { every: 'month', interval: 5, on: { kind: 'day', day: 31 } } satisfies Recurrence],
    ['every 2 months on the last Sunday', { every: 'month', interval: 2, on: { kind: 'lastWeekday', weekday: 'su' } } satisfies Recurrence],
  ])('%s: windows years later find what walking from the start finds', (_what, recurrence) => {
    const s = spec(recurrence, '02:30', '2019-05-15', { kind: 'on', date: '2031-06-30' });
    const walked = nextOccurrences(s, CPH, 0, 10_000);
    const from = Date.UTC(2029, 9, 20);
    const windowed: number[] = [];
    for (let t = from; t < Date.UTC(2032, 0, 1); t += 17 * 86_400_000) windowed.push(...occurrencesBetween(s, CPH, t, t + 17 * 86_400_000));
    expect(windowed).toEqual(walked.filter((x) => x > from));
    expect(windowed.length).toBeGreaterThan(3);
  });
});
