// The sending limits as tables: quiet hours (including across midnight and a daylight-saving change), the rate,
// both spending caps, the chunk plan, scheduled send times, backoff and the ETA.
import { describe, expect, it } from 'vitest';
import {
  type QuietHours,
  checkCampaignCap,
  checkSpend,
  dailyRoom,
  estimateEtaSeconds,
  fitWithinCap,
  isQuiet,
  localDay,
  minuteOfDay,
  nextAllowedTime,
  nextLocalMidnight,
  nextRateSlot,
  offlineBackoffMs,
  parseClock,
  planChunk,
  rateChunkSize,
  scheduledSendTime,
  type OffsetFn,
} from '../../../src-main/core/campaigns/checks/limits';

const utc: OffsetFn = () => 0;
const cph: OffsetFn = () => 60;
const at = (hhmm: string, day = 10) => Date.UTC(2030, 0, day, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3)));
const MIN = 60_000;

describe('clock times', () => {
  it.each([
    ['00:00', 0],
    ['08:30', 510],
    ['23:59', 1439],
  ])('%s is minute %s', (s, m) => expect(parseClock(s)).toBe(m));
  it.each(['24:00', '8:30', '12:60', 'noon'])('%s is refused', (s) => expect(() => parseClock(s)).toThrow(RangeError));
  it('reads local minutes through the offset', () => {
    expect(minuteOfDay(at('23:30'), utc)).toBe(1410);
    expect(minuteOfDay(at('23:30'), cph)).toBe(30);
    expect(localDay(at('23:30'), cph)).toBe('2030-01-11');
    expect(localDay(at('23:30'), utc)).toBe('2030-01-10');
  });
});

describe('quiet hours', () => {
  const night = { from: '21:00', to: '08:00' };
  const lunch = { from: '12:00', to: '13:00' };
  it.each([
    [night, '20:59', false],
    [night, '21:00', true],
    [night, '23:59', true],
    [night, '00:00', true],
    [night, '07:59', true],
    [night, '08:00', false],
    [lunch, '11:59', false],
    [lunch, '12:00', true],
    [lunch, '12:59', true],
    [lunch, '13:00', false],
    [{ from: '09:00', to: '09:00' }, '09:00', false],
    [null, '03:00', false],
  ] as const)('%j at %s → quiet %s', (q, time, quiet) => {
    expect(isQuiet(at(time), q, utc)).toBe(quiet);
  });

  it.each([
    [night, '22:15', at('08:00', 11)],
    [night, '03:00', at('08:00', 10)],
    [night, '10:00', at('10:00', 10)],
    [lunch, '12:30', at('13:00', 10)],
  ] as const)('%j: a send at %s lands at the next allowed time', (q, time, expected) => {
    expect(nextAllowedTime(at(time), q, utc)).toBe(expected);
  });

  it('uses local time: 21:00–08:00 in Copenhagen is 20:00–07:00 UTC in winter', () => {
    expect(isQuiet(at('20:30'), night, cph)).toBe(true);
    expect(nextAllowedTime(at('20:30'), night, cph)).toBe(at('07:00', 11));
  });

  it('honours a daylight-saving change during the quiet night', () => {
    // The offset changes from +60 to +120 at 01:00 UTC; 08:00 local is then 06:00 UTC.
    const change = at('01:00', 11);
    const dst: OffsetFn = (ms) => (ms < change ? 60 : 120);
    expect(nextAllowedTime(at('22:00'), night, dst)).toBe(at('06:00', 11));
  });

  it('ends quiet hours whose end falls in the hour the spring change skips at the first wall time after it', () => {
    // 02:30 local does not exist that night (02:00 CET is 03:00 CEST, at 01:00 UTC): quiet lasts until 03:00 CEST.
    const change = at('01:00', 11);
    const dst: OffsetFn = (ms) => (ms < change ? 60 : 120);
    const late: QuietHours = { from: '22:00', to: '02:30' };
    for (const now of [at('22:00'), at('00:31', 11), at('00:59', 11)]) {
      expect(isQuiet(now, late, dst)).toBe(true);
      expect(nextAllowedTime(now, late, dst)).toBe(change);
    }
    expect(isQuiet(change, late, dst)).toBe(false);
  });

  it("does so in Copenhagen's own time zone, and ends at a time the autumn change repeats the first time it reads it", () => {
    const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', timeZoneName: 'longOffset' });
    const copenhagen: OffsetFn = (ms) => {
      const m = /GMT([+-])(\d\d):(\d\d)/.exec(name.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value)!;
      return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
    };
    const late: QuietHours = { from: '22:00', to: '02:30' };
    // 28 March 2027: 02:00 CET is 03:00 CEST, at 01:00 UTC.
    expect(nextAllowedTime(Date.UTC(2027, 2, 28, 0, 31), late, copenhagen)).toBe(Date.UTC(2027, 2, 28, 1, 0));
    expect(nextAllowedTime(Date.UTC(2027, 2, 27, 21, 0), late, copenhagen)).toBe(Date.UTC(2027, 2, 28, 1, 0));
    // 31 October 2027: 03:00 CEST is 02:00 CET, at 01:00 UTC; 02:30 CEST (00:30 UTC) comes first.
    expect(nextAllowedTime(Date.UTC(2027, 9, 30, 22, 0), late, copenhagen)).toBe(Date.UTC(2027, 9, 31, 0, 30));
    // An ordinary night: 02:30 CET.
    expect(nextAllowedTime(Date.UTC(2027, 0, 10, 23, 0), late, copenhagen)).toBe(Date.UTC(2027, 0, 11, 1, 30));
  });

  it('finds the next local midnight for the daily cap', () => {
    expect(nextLocalMidnight(at('15:00'), utc)).toBe(at('00:00', 11));
    expect(nextLocalMidnight(at('23:30'), cph)).toBe(at('23:00', 11));
  });
});

describe('rate', () => {
  it.each([
    [1000, null, 1000],
    [1000, 100, 100],
    [50, 100, 50],
    [1000, 0.5, 1],
  ])('chunk %s at %s/min → %s', (chunk, rate, size) => expect(rateChunkSize(chunk, rate)).toBe(size));

  it.each([
    [null, 60, -Infinity],
    [{ at: 1000, count: 60 }, null, -Infinity],
    [{ at: 1000, count: 60 }, 60, 1000 + MIN],
    [{ at: 1000, count: 30 }, 60, 1000 + MIN / 2],
    [{ at: 0, count: 1 }, 7, Math.ceil(MIN / 7)],
  ])('after %j at %s/min the next slot is %s', (last, rate, slot) => expect(nextRateSlot(last, rate)).toBe(slot));
});

describe('spending caps', () => {
  it.each([
    [[0.13, 0.13, 0.13], 0.3, 2],
    [[0.13, 0.13, 0.13], 0.39, 3],
    [[0.13, 0.13, 0.13], 0.12, 0],
    [[0.1, 0.2], Infinity, 2],
    [[], 1, 0],
  ])('costs %j in room %s → %s fit', (costs, room, n) => expect(fitWithinCap(costs, room)).toBe(n));

  it.each([
    [10, null, true],
    [10, 10, true],
    [10.01, 10, false],
  ])('campaign costing %s with cap %s → ok %s', (cost, cap, ok) => expect(checkCampaignCap(cost, cap).ok).toBe(ok));

  it('says by how much a campaign is over its cap', () => {
    expect(checkCampaignCap(12.5, 10)).toEqual({ ok: false, cap: 10, over: 2.5 });
  });

  it.each([
    [5, null, Infinity],
    [5, 20, 15],
    [25, 20, 0],
  ])('spent %s with daily cap %s leaves %s', (spent, cap, room) => expect(dailyRoom(spent, cap)).toBe(room));
});

describe('chunk plan', () => {
  const base = {
    now: at('10:00'),
    limits: { dailyCap: null, quietHours: null, messagesPerMinute: null },
    offset: utc,
    chunkSize: 1000,
    lastSend: null,
    spentToday: 0,
    nextCosts: Array(1000).fill(0.13),
    handedOverForLater: false,
  };
  it.each([
    ['no limits', {}, { kind: 'send', size: 1000 }],
    ['quiet now', { limits: { ...base.limits, quietHours: { from: '09:00', to: '11:00' } } }, { kind: 'wait', reason: 'quiet_hours', until: at('11:00') }],
    ['rate slot not reached', { limits: { ...base.limits, messagesPerMinute: 100 }, lastSend: { at: at('10:00') - 30_000, count: 100 } }, { kind: 'wait', reason: 'rate', until: at('10:00') + 30_000 }],
    ['rate slot reached', { limits: { ...base.limits, messagesPerMinute: 100 }, lastSend: { at: at('09:58'), count: 100 } }, { kind: 'send', size: 100 }],
    ['daily cap partly used', { limits: { ...base.limits, dailyCap: 1 }, spentToday: 0.48 }, { kind: 'send', size: 4 }],
    ['daily cap used up', { limits: { ...base.limits, dailyCap: 1 }, spentToday: 0.95 }, { kind: 'wait', reason: 'daily_cap', until: at('00:00', 11) }],
    ['scheduled ignores quiet and rate', { handedOverForLater: true, limits: { dailyCap: null, quietHours: { from: '09:00', to: '11:00' }, messagesPerMinute: 10 } }, { kind: 'send', size: 1000 }],
    ['free recipients (unpriced) still go', { limits: { ...base.limits, dailyCap: 1 }, spentToday: 1, nextCosts: [0, 0] }, { kind: 'send', size: 2 }],
  ])('%s', (_name, over, expected) => {
    expect(planChunk({ ...base, ...over } as Parameters<typeof planChunk>[0])).toEqual(expected);
  });
});

describe('scheduled send times', () => {
  const limits = { quietHours: { from: '21:00', to: '08:00' }, messagesPerMinute: null };
  it.each([
    ['no rate: everything at the chosen time', '09:00', 5000, limits, at('09:00')],
    ['chosen time in quiet hours moves to its end', '22:00', 0, limits, at('08:00', 11)],
    ['spaced by the rate', '09:00', 2000, { ...limits, messagesPerMinute: 1000 }, at('09:02')],
    ['spacing that runs into quiet hours waits for the morning', '20:59', 2000, { ...limits, messagesPerMinute: 1000 }, at('08:01', 11)],
  ] as const)('%s', (_n, time, before, l, expected) => {
    expect(scheduledSendTime(at(time), before, l, utc)).toBe(expected);
  });
});

describe('backoff and ETA', () => {
  it.each([
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [6, 60_000],
    [20, 60_000],
  ])('attempt %s waits %s ms', (n, ms) => expect(offlineBackoffMs(n)).toBe(ms));

  it.each([
    [{ remaining: 0, doneThisRun: 0, elapsedMs: 0, messagesPerMinute: null }, 0],
    [{ remaining: 1000, doneThisRun: 0, elapsedMs: 0, messagesPerMinute: null }, null],
    [{ remaining: 9000, doneThisRun: 1000, elapsedMs: 2000, messagesPerMinute: null }, 18],
    [{ remaining: 600, doneThisRun: 0, elapsedMs: 0, messagesPerMinute: 60 }, 600],
    [{ remaining: 600, doneThisRun: 600, elapsedMs: 1000, messagesPerMinute: 60 }, 600],
  ])('%j → %s s', (p, eta) => expect(estimateEtaSeconds(p)).toBe(eta));
});

describe('checkSpend: one paid call (reply, lookup, email) against the caps', () => {
  const caps = (campaignCap: number | null, dailyCap: number | null) => ({ campaignCap, dailyCap });
  it.each([
    ['no caps, unknown cost', null, caps(null, null), 0, { ok: true }],
    ['no caps, any cost', 99, caps(null, null), 1e6, { ok: true }],
    ['a cap, unknown cost', null, caps(null, 1), 0, { ok: false, cap: 'unpriced' }],
    ['within both', 0.5, caps(1, 2), 1, { ok: true }],
    ['over the per-send cap', 9.9, caps(0.01, null), 0, { ok: false, cap: 'campaign', limit: 0.01, room: 0.01 }],
    ['over what is left today', 0.3, caps(null, 1), 0.8, { ok: false, cap: 'daily', limit: 1, room: expect.closeTo(0.2, 6) }],
    ['exactly what is left today', 0.2, caps(null, 1), 0.8, { ok: true }],
    ['a free call on a spent day', 0, caps(null, 1), 1, { ok: true }],
  ] as const)('%s', (_what, cost, limits, spent, expected) => expect(checkSpend(cost, limits, spent)).toEqual(expected));
});
