// When a recurring campaign runs: its recurrence as an RFC 5545 rule (rrule) over local dates, placed in its time zone.
import * as rruleModule from 'rrule';
import type { Options, Weekday as RRuleWeekday } from 'rrule';
import type { Recurrence, RecurringSpec, Weekday } from '../contract/automations';
import { floatingMs, instantToFloating, wallTimeOf, wallTimeOfFloating, wallTimeToInstant } from './wall-time';

// rrule ships CommonJS to Node (whose ESM import then sees only a default export) and ES modules to bundlers; the
// default is read by name at run time so a bundler does not warn that the ES build has none.
type RRuleModule = typeof rruleModule;
const rrule: RRuleModule = 'RRule' in rruleModule ? rruleModule : (Reflect.get(rruleModule, 'default') as RRuleModule);
const { RRule } = rrule;

const DAY_MS = 86_400_000;
/** Far enough for "the next N occurrences" to end by count, not by this bound. */
const FAR_FUTURE_MS = Date.UTC(9000, 0, 1);

const WEEKDAYS: Record<Weekday, RRuleWeekday> = {
  mo: RRule.MO,
  tu: RRule.TU,
  we: RRule.WE,
  th: RRule.TH,
  fr: RRule.FR,
  sa: RRule.SA,
  su: RRule.SU,
};

function frequencyOptions(r: Recurrence): Partial<Options> {
  switch (r.every) {
    case 'day':
      return { freq: RRule.DAILY, interval: r.interval };
    case 'week':
      return { freq: RRule.WEEKLY, interval: r.interval, byweekday: [...new Set(r.weekdays)].map((d) => WEEKDAYS[d]) };
    case 'month':
      if (r.on.kind === 'lastWeekday') return { freq: RRule.MONTHLY, interval: r.interval, byweekday: [WEEKDAYS[r.on.weekday].nth(-1)] };
      if (r.on.day <= 28) return { freq: RRule.MONTHLY, interval: r.interval, bymonthday: [r.on.day] };
      // Day 29–31: the last of 28…day the month has, so day 31 is the month's last day in shorter months (30 April,
      // 28 or 29 February) rather than RFC 5545's skipping of those months.
      return {
        freq: RRule.MONTHLY,
        interval: r.interval,
        bymonthday: Array.from({ length: r.on.day - 27 }, (_, i) => 28 + i),
        bysetpos: [-1],
      };
  }
}

/**
 * Where rrule starts iterating (floating ms): the start date, or for a rule without a run count a later start in
 * the same phase (whole periods of the interval) at or before `lo`, because rrule walks every run from its start and
 * a daily rule ten years old would cost tens of ms a scan. Runs between the two starts are before `lo`.
 */
function iterationStart(spec: RecurringSpec, lo: number): number {
  const start = floatingMs(wallTimeOf(spec.startDate, spec.time));
  if (spec.end.kind === 'after' || lo <= start) return start;
  const r = spec.recurrence;
  if (r.every !== 'month') {
    const period = (r.every === 'day' ? 1 : 7) * r.interval * DAY_MS;
    return start + Math.floor((lo - start) / period) * period;
  }
  const s = new Date(start);
  const l = new Date(lo);
  const months = (l.getUTCFullYear() - s.getUTCFullYear()) * 12 + l.getUTCMonth() - s.getUTCMonth();
  const shift = Math.floor(months / r.interval) * r.interval;
  // From the first of a month the interval's phase reaches: the month's runs all come after it.
  return shift <= 0 ? start : Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + shift, 1, s.getUTCHours(), s.getUTCMinutes());
}

/** The rule over floating local dates (UTC stands for the wall clock): rrule does the calendar, luxon the zone. */
function ruleOf(spec: RecurringSpec, lo: number): InstanceType<typeof RRule> {
  const options: Partial<Options> = {
    ...frequencyOptions(spec.recurrence),
    // Weeks start on Monday (a Danish calendar): "every 2 weeks" counts weeks from the start date's Monday.
    wkst: RRule.MO,
    dtstart: new Date(iterationStart(spec, lo)),
  };
  // 'on': the end date inclusive; 'after': N runs counted from the first occurrence on or after the start date.
  if (spec.end.kind === 'on') options.until = new Date(floatingMs(wallTimeOf(spec.end.date, '23:59')) + 59_999);
  if (spec.end.kind === 'after') options.count = spec.end.runs;
  return new RRule(options);
}

/**
 * The UTC instants (epoch ms, ascending) of every run t with fromMs < t <= toMs, at most `limit` of them. Runs are
 * at spec.time on the wall clock of `timeZone`; a time daylight saving skips or repeats fires once (see
 * wallTimeToInstant). Monthly day 31 (or 29, 30) is the month's last day in shorter months. Consecutive windows
 * (a, b], (b, c] find every run exactly once.
 */
export function occurrencesBetween(spec: RecurringSpec, timeZone: string, fromMs: number, toMs: number, limit = Infinity): number[] {
  const out: number[] = [];
  if (!(toMs > fromMs) || limit <= 0) return out;
  // Wall times and instants differ by the zone's offset (under a day): widen, then filter on the instants.
  const lo = new Date(instantToFloating(timeZone, Math.max(fromMs, -FAR_FUTURE_MS)) - DAY_MS);
  const hi = new Date(instantToFloating(timeZone, Math.min(toMs, FAR_FUTURE_MS)) + DAY_MS);
  ruleOf(spec, lo.getTime()).between(lo, hi, true, (d) => {
    const t = wallTimeToInstant(timeZone, wallTimeOfFloating(d.getTime()));
    if (t > fromMs && t <= toMs) out.push(t);
    return out.length < limit;
  });
  return out;
}

/** The next n runs strictly after afterMs (fewer when the rule ends). */
export function nextOccurrences(spec: RecurringSpec, timeZone: string, afterMs: number, n: number): number[] {
  return occurrencesBetween(spec, timeZone, afterMs, FAR_FUTURE_MS, n);
}

/** A recurring run's occurrence key in automation_occurrences: its UTC instant in ISO form. */
export function recurringOccurrenceKey(dueMs: number): string {
  return new Date(dueMs).toISOString();
}
