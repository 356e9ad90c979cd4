// When a date-field message is due for one contact: the next anniversary (or the one date) of their value, offset.
import type { DateFieldSpec } from '../contract/automations';
import type { ParsedDate } from './date-values';
import { floatingMs, wallTimeOfFloating, wallTimeToInstant, type WallTime } from './wall-time';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A date-only value with no time set on the rule goes at 09:00 local. */
const DEFAULT_HOUR = 9;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The contact's date in a given year: 29 February is 28 February in a year without one. */
function anchorIn(value: ParsedDate, year: number): WallTime {
  const day = value.month === 2 && value.day === 29 && !isLeap(year) ? 28 : value.day;
  return { year, month: value.month, day, hour: value.hour ?? 0, minute: value.minute ?? 0 };
}

/** The occurrence key: the anchor's local date-time, whatever the rule's offset and time (so edits keep the key). */
function keyOf(a: WallTime): string {
  return `${pad(a.year, 4)}-${pad(a.month)}-${pad(a.day)}T${pad(a.hour)}:${pad(a.minute)}`;
}

function sendTimeOf(spec: DateFieldSpec, value: ParsedDate): { hour: number; minute: number } {
  if (spec.time !== null) {
    const [hour = DEFAULT_HOUR, minute = 0] = spec.time.split(':').map(Number);
    return { hour, minute };
  }
  return value.hour !== null && value.minute !== null ? { hour: value.hour, minute: value.minute } : { hour: DEFAULT_HOUR, minute: 0 };
}

/** When the message for the anchor goes: days move the local date (the time of day stays), hours move the instant. */
function dueFor(spec: DateFieldSpec, timeZone: string, anchor: WallTime, time: { hour: number; minute: number }): number {
  const sign = spec.offset.direction === 'before' ? -1 : spec.offset.direction === 'after' ? 1 : 0;
  const amount = sign * spec.offset.amount;
  const base = floatingMs({ ...anchor, ...time });
  if (spec.offset.unit === 'days') return wallTimeToInstant(timeZone, wallTimeOfFloating(base + amount * DAY_MS));
  return wallTimeToInstant(timeZone, wallTimeOfFloating(base)) + amount * HOUR_MS;
}

/**
 * The first due instant strictly after afterMs for a contact whose field holds `value`, and the occurrence key it
 * belongs to (the contact's date-time for that year, `YYYY-MM-DDTHH:mm`: the day-before reminder and its appointment
 * share it, and a second scan finds the same key). Yearly: the next anniversary whose due time is after afterMs (29
 * February → 28 February in other years). Once: the date itself; null when its due time has passed or the value has
 * no year. Null too for a yearly value that never comes due (no such case with a valid ParsedDate).
 */
export function dateFieldOccurrence(
  spec: DateFieldSpec,
  timeZone: string,
  value: ParsedDate,
  afterMs: number,
): { dueMs: number; occurrence: string } | null {
  const time = sendTimeOf(spec, value);
  if (spec.repeat === 'once') {
    if (value.year === null) return null;
    const anchor = anchorIn(value, value.year);
    const dueMs = dueFor(spec, timeZone, anchor, time);
    return dueMs > afterMs ? { dueMs, occurrence: keyOf(anchor) } : null;
  }
  // An offset is at most 365 days (plus hours): the anniversary due next is within a year or two of afterMs's year.
  const startYear = new Date(afterMs).getUTCFullYear() - 2;
  for (let year = startYear; year <= startYear + 5; year++) {
    const anchor = anchorIn(value, year);
    const dueMs = dueFor(spec, timeZone, anchor, time);
    if (dueMs > afterMs) return { dueMs, occurrence: keyOf(anchor) };
  }
  return null;
}
