// Date-field sends: birthdays on 29 February, reminders across daylight saving, offsets in days and hours, once vs yearly.
import { describe, expect, it } from 'vitest';
import type { DateFieldSpec, DateOffset } from '../../../src-shared/contract/automations';
import { dateFieldOccurrence } from '../../../src-shared/automations/date-occurrence';
import { parseDateValue, type ParsedDate } from '../../../src-shared/automations/date-values';

const CPH = 'Europe/Copenhagen';

function spec(offset: DateOffset, time: string | null, repeat: 'yearly' | 'once'): DateFieldSpec {
  return { kind: 'date_field', field: 'f', offset, time, repeat, recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] } };
}
const on: DateOffset = { direction: 'on', amount: 0, unit: 'days' };
const before = (amount: number, unit: 'days' | 'hours'): DateOffset => ({ direction: 'before', amount, unit });
const after = (amount: number, unit: 'days' | 'hours'): DateOffset => ({ direction: 'after', amount, unit });
const value = (raw: string): ParsedDate => {
  const v = parseDateValue(raw);
  if (!v) throw new Error(`unreadable test value ${raw}`);
  return v;
};
const iso = (s: string) => Date.parse(s);

describe('dateFieldOccurrence', () => {
  it.each([
    // [what, spec, value, afterMs, due (UTC) or null, occurrence key]
    ['birthday 29 Feb in 2027 (no 29th): 28 Feb', spec(on, '09:00', 'yearly'), '29-02-1996', '2027-01-01T00:00Z', '2027-02-28T08:00:00.000Z', '2027-02-28T00:00'],
    ['birthday 29 Feb in 2028: the 29th', spec(on, '09:00', 'yearly'), '29-02-1996', '2027-03-01T00:00Z', '2028-02-29T08:00:00.000Z', '2028-02-29T00:00'],
    ['birthday 29 Feb, no year given', spec(on, '09:00', 'yearly'), '29/02', '2028-01-01T00:00Z', '2028-02-29T08:00:00.000Z', '2028-02-29T00:00'],
    ['yearly ignores the year in the field', spec(on, '10:00', 'yearly'), '14-03-1985', '2026-12-01T00:00Z', '2027-03-14T09:00:00.000Z', '2027-03-14T00:00'],
    ['yearly: strictly after (due at afterMs → next year)', spec(on, '10:00', 'yearly'), '14-03-1985', '2027-03-14T09:00Z', '2028-03-14T09:00:00.000Z', '2028-03-14T00:00'],
    ['yearly: later the same day', spec(on, '10:00', 'yearly'), '14-03-1985', '2027-03-14T08:59Z', '2027-03-14T09:00:00.000Z', '2027-03-14T00:00'],
    ['a date-only value with no time: 09:00 local', spec(on, null, 'yearly'), '1985-07-01', '2027-01-01T00:00Z', '2027-07-01T07:00:00.000Z', '2027-07-01T00:00'],
    ['follow-up 2 days after 31 Dec: last year’s anniversary is due in January', spec(after(2, 'days'), '09:00', 'yearly'), '31.12.1990', '2027-01-01T00:00Z', '2027-01-02T08:00:00.000Z', '2026-12-31T00:00'],
    ['3 days before 2 Jan: due in December, key of the coming year', spec(before(3, 'days'), '09:00', 'yearly'), '02.01', '2026-12-01T00:00Z', '2026-12-30T08:00:00.000Z', '2027-01-02T00:00'],
    // Appointments (once) with their own time.
    ['reminder the day before, at the appointment’s time', spec(before(1, 'days'), null, 'once'), '01.12.2026 kl. 14.30', '2026-11-01T00:00Z', '2026-11-30T13:30:00.000Z', '2026-12-01T14:30'],
    ['reminder the day before, at 18:00', spec(before(1, 'days'), '18:00', 'once'), '2026-12-01 14:30', '2026-11-01T00:00Z', '2026-11-30T17:00:00.000Z', '2026-12-01T14:30'],
    ['reminder 2 hours before', spec(before(2, 'hours'), null, 'once'), '2026-12-01 14:30', '2026-11-01T00:00Z', '2026-12-01T11:30:00.000Z', '2026-12-01T14:30'],
    ['on the day, at its own time', spec(on, null, 'once'), '2026-12-01 14:30', '2026-11-01T00:00Z', '2026-12-01T13:30:00.000Z', '2026-12-01T14:30'],
    ['once: already past', spec(on, null, 'once'), '2026-12-01 14:30', '2026-12-01T13:30Z', null, null],
    ['once: no year, cannot be placed', spec(on, '09:00', 'once'), '14-03', '2026-01-01T00:00Z', null, null],
    ['once: the reminder’s time has passed though the appointment has not', spec(before(1, 'days'), null, 'once'), '2026-12-01 14:30', '2026-11-30T14:00Z', null, null],
    // Daylight saving in Copenhagen (29 March and 25 October 2026).
    ['on the spring-forward day at 02:30: 03:30 summer time', spec(on, null, 'once'), '2026-03-29 02:30', '2026-03-01T00:00Z', '2026-03-29T01:30:00.000Z', '2026-03-29T02:30'],
    ['on the autumn day at 02:30: the first 02:30', spec(on, null, 'once'), '2026-10-25 02:30', '2026-10-01T00:00Z', '2026-10-25T00:30:00.000Z', '2026-10-25T02:30'],
    ['yearly at 02:30 on 29 March: once, in the gap’s end', spec(on, '02:30', 'yearly'), '29.03.1970', '2026-03-01T00:00Z', '2026-03-29T01:30:00.000Z', '2026-03-29T00:00'],
    ['1 day before across spring-forward: same wall time (10:00 winter time)', spec(before(1, 'days'), null, 'once'), '2026-03-29 10:00', '2026-03-01T00:00Z', '2026-03-28T09:00:00.000Z', '2026-03-29T10:00'],
    ['24 hours before across spring-forward: real hours (09:00 winter time)', spec(before(24, 'hours'), null, 'once'), '2026-03-29 10:00', '2026-03-01T00:00Z', '2026-03-28T08:00:00.000Z', '2026-03-29T10:00'],
    ['1 day after across fall-back: same wall time', spec(after(1, 'days'), null, 'once'), '2026-10-24 10:00', '2026-10-01T00:00Z', '2026-10-25T09:00:00.000Z', '2026-10-24T10:00'],
    ['24 hours after across fall-back: real hours (09:00 winter time)', spec(after(24, 'hours'), null, 'once'), '2026-10-24 10:00', '2026-10-01T00:00Z', '2026-10-25T08:00:00.000Z', '2026-10-24T10:00'],
  ])('%s', (_what, s, raw, afterIso, due, key) => {
    const r = dateFieldOccurrence(s, CPH, value(raw), iso(afterIso));
    if (due === null) expect(r).toBeNull();
    else expect(r).toEqual({ dueMs: iso(due), occurrence: key });
  });

  it('the day-before reminder and the day itself share the occurrence key', () => {
    const v = value('2026-12-01 14:30');
    const a = dateFieldOccurrence(spec(before(1, 'days'), '18:00', 'once'), CPH, v, 0);
    const b = dateFieldOccurrence(spec(on, null, 'once'), CPH, v, 0);
    expect(a?.occurrence).toBe(b?.occurrence);
    expect(a!.dueMs).toBeLessThan(b!.dueMs);
  });

  it('scanning a birthday over years with a clock that jumps back and forth finds each year once, with one key per year', () => {
    const s = spec(on, '09:00', 'yearly');
    const v = value('29-02-2000');
    const h = 3_600_000;
    const keys = new Map<string, Set<number>>();
    let now = iso('2026-01-01T00:00Z');
    const steps = [40 * 24 * h, -20 * 24 * h, 400 * 24 * h, -h, 2 * h, 90 * 24 * h, -200 * 24 * h, 365 * 24 * h];
    for (let i = 0; now < iso('2031-01-01T00:00Z'); i++) {
      // A scan asks what is next after now; the runner records it when due.
      const r = dateFieldOccurrence(s, CPH, v, now);
      if (r) keys.set(r.occurrence, (keys.get(r.occurrence) ?? new Set()).add(r.dueMs));
      now += steps[i % steps.length]!;
    }
    for (const [, dues] of keys) expect(dues.size).toBe(1);
    // Walking after each due finds them all, in order, exactly once.
    const walked: string[] = [];
    for (let t = iso('2026-01-01T00:00Z'), r = dateFieldOccurrence(s, CPH, v, t); r && r.dueMs < iso('2031-01-01T00:00Z'); t = r.dueMs, r = dateFieldOccurrence(s, CPH, v, t)) {
      walked.push(r.occurrence);
    }
    expect(walked).toEqual(['2026-02-28T00:00', '2027-02-28T00:00', '2028-02-29T00:00', '2029-02-28T00:00', '2030-02-28T00:00']);
  });
});
