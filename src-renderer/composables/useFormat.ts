// Numbers, money, dates, times, relative times and country names written the way the active locale writes them
// (1.234,50 kr. and Tyskland in Danish, DKK 1,234.50 and Germany in English); every view formats through here so a
// language switch changes them all.
import { formatLocaleTag } from '../i18n';

type When = string | number | Date;

export interface Formatter {
  /** An amount in a currency, at most 2 decimals (or up to 4 with precise, for per-part prices); an unknown currency code is written after the number. */
  money(amount: number, currency: string, opts?: { precise?: boolean }): string;
  /** A plain number with the locale's grouping and decimal separator. */
  number(n: number, opts?: { minDecimals?: number; maxDecimals?: number }): string;
  /** 22 Nov 2026 / 22. nov. 2026. A calendar day (2026-11-22) stays that day in every time zone. */
  date(when: When): string;
  /** 22/11 / 22.11: a day in a short series (a chart's axis), without the year. */
  dayMonth(when: When): string;
  /** 14:05 (or 2:05 pm where the locale says so). */
  time(when: When): string;
  /** 14:05:09: a moment in a series over minutes (a chart's axis), where 14:05 would repeat. */
  timeSeconds(when: When): string;
  /**
   * 22 Nov 2026, 14:05; in the time zone given (an automation's, so its runs read as its set-up does), else this
   * computer's. An unknown zone falls back to this computer's.
   */
  dateTime(when: When, timeZone?: string): string;
  /** The time when it is today, else the date (with the year only when it is not this year): for lists. */
  compact(when: When, now?: Date): string;
  /** "3 minutes ago", "in 2 hours", "yesterday"; below 10 seconds either way, justNow. */
  relative(when: When, now: number, justNow: string): string;
  /** A country's name from its two-letter code (DK → Danmark / Denmark); the code itself when Intl has no name for it. */
  country(code: string): string;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(when: When): Date | null {
  // A bare day is read as noon local time, so no time zone moves it to the day before or after.
  const d = typeof when === 'string' && DAY_ONLY.test(when) ? new Date(`${when}T12:00:00`) : new Date(when);
  return Number.isNaN(d.getTime()) ? null : d;
}

type IntlFormat = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames;
const cache = new Map<string, IntlFormat>();
function cached<T extends IntlFormat>(key: string, make: () => T): T {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f as T;
}

const formatters = new Map<string, Formatter>();

/** The formatter for one Intl locale tag (en-GB, da-DK, …); pure, so tests can pin the locale. */
export function formatterFor(tag: string): Formatter {
  let f = formatters.get(tag);
  if (!f) formatters.set(tag, (f = build(tag)));
  return f;
}

function build(tag: string): Formatter {
  const number: Formatter['number'] = (n, opts = {}) => {
    const min = opts.minDecimals ?? 0;
    const max = Math.max(min, opts.maxDecimals ?? 3);
    return cached(`${tag}|num|${min}|${max}`, () => new Intl.NumberFormat(tag, { minimumFractionDigits: min, maximumFractionDigits: max })).format(n);
  };
  const dtf = (name: string, opts: Intl.DateTimeFormatOptions) => cached(`${tag}|dt|${name}`, () => new Intl.DateTimeFormat(tag, opts));
  const withDate = (when: When, f: (d: Date) => string) => {
    const d = toDate(when);
    return d ? f(d) : '';
  };
  return {
    money(amount, currency, opts = {}) {
      const max = opts.precise ? 4 : 2;
      try {
        return cached(`${tag}|money|${currency}|${max}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: max })).format(amount);
      } catch {
        // Not an ISO 4217 code: still show the number the locale's way, with the code as given.
        return `${number(amount, { minDecimals: 2, maxDecimals: max })} ${currency}`;
      }
    },
    number,
    date: (when) => withDate(when, (d) => dtf('date', { dateStyle: 'medium' }).format(d)),
    dayMonth: (when) => withDate(when, (d) => dtf('dayMonthNumeric', { day: 'numeric', month: 'numeric' }).format(d)),
    time: (when) => withDate(when, (d) => dtf('time', { timeStyle: 'short' }).format(d)),
    timeSeconds: (when) => withDate(when, (d) => dtf('timeSeconds', { timeStyle: 'medium' }).format(d)),
    dateTime: (when, timeZone) =>
      withDate(when, (d) => {
        const local = () => dtf('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
        if (!timeZone) return local();
        try {
          return dtf(`dateTime|${timeZone}`, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
        } catch {
          return local();
        }
      }),
    compact: (when, now = new Date()) =>
      withDate(when, (d) => {
        if (d.toDateString() === now.toDateString()) return dtf('time', { timeStyle: 'short' }).format(d);
        return d.getFullYear() === now.getFullYear()
          ? dtf('dayMonth', { day: 'numeric', month: 'short' }).format(d)
          : dtf('date', { dateStyle: 'medium' }).format(d);
      }),
    relative(when, now, justNow) {
      const d = toDate(when);
      if (!d) return '';
      const s = Math.round((d.getTime() - now) / 1000);
      const abs = Math.abs(s);
      if (abs < 10) return justNow;
      const rtf = cached(`${tag}|rel`, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
      if (abs < 60) return rtf.format(s, 'second');
      if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
      if (abs < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
      return rtf.format(Math.round(s / 86_400), 'day');
    },
    country(code) {
      const names = cached(`${tag}|region`, () => new Intl.DisplayNames(tag, { type: 'region', fallback: 'code' }));
      try {
        return names.of(code.trim().toUpperCase()) ?? code;
      } catch {
        // Not a region code at all (a gateway's own label, say): show it as it came.
        return code;
      }
    },
  };
}

/**
 * The formatter for the active locale. Each call reads the locale when it runs, so a template or computed that
 * formats re-renders when the language changes.
 */
export function useFormat(): Formatter {
  const current = () => formatterFor(formatLocaleTag.value);
  return {
    money: (...a) => current().money(...a),
    number: (...a) => current().number(...a),
    date: (...a) => current().date(...a),
    dayMonth: (...a) => current().dayMonth(...a),
    time: (...a) => current().time(...a),
    timeSeconds: (...a) => current().timeSeconds(...a),
    dateTime: (...a) => current().dateTime(...a),
    compact: (...a) => current().compact(...a),
    relative: (...a) => current().relative(...a),
    country: (...a) => current().country(...a),
  };
}
