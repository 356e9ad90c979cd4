// Local wall time in an IANA time zone ↔ UTC instants (luxon), with one rule for the hour daylight saving skips or repeats.
import { DateTime, IANAZone } from 'luxon';

/** A local calendar date and time of day, as a clock on the wall in the zone shows it. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DAY_MS = 86_400_000;

/** Whether luxon (the platform's IANA database) knows the zone; the store refuses others (automation.badTimeZone). */
export function isKnownTimeZone(timeZone: string): boolean {
  return IANAZone.isValidZone(timeZone);
}

function zoneOf(timeZone: string): IANAZone {
  const zone = IANAZone.create(timeZone);
  // A rule with an unknown zone cannot have been saved (the store checks); reaching here is a programming error.
  if (!zone.isValid) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return zone;
}

/** Per zone and UTC day: the offsets at its start and end (minutes). luxon's offset asks Intl each time (~10 µs). */
const dayOffsets = new Map<string, Map<number, readonly [number, number]>>();
const MAX_CACHED_DAYS = 50_000;

/**
 * The zone's offset at an instant. A day whose offset is the same at both ends has no change inside it (no zone
 * changes its offset and back within a day), so it is read once per day: scanning 100,000 birthdays stays fast.
 */
function offsetAt(zone: IANAZone, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  let days = dayOffsets.get(zone.name);
  if (!days) dayOffsets.set(zone.name, (days = new Map()));
  let ends = days.get(day);
  if (!ends) {
    if (days.size >= MAX_CACHED_DAYS) days.clear();
    ends = [zone.offset(day * DAY_MS), zone.offset((day + 1) * DAY_MS)];
    days.set(day, ends);
  }
  return ends[0] === ends[1] ? ends[0] : zone.offset(ms);
}

/** The wall time as if it were UTC: calendar arithmetic on it (rrule, adding days) needs no zone. */
export function floatingMs(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
}

export function wallTimeOfFloating(ms: number): WallTime {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/**
 * The UTC instant a wall time names in the zone. Daylight saving makes two cases: a time in the spring-forward gap
 * (02:30 on the last Sunday of March in Copenhagen) does not exist and moves forward by the gap (03:30 summer time,
 * 01:30 UTC); a time in the repeated autumn hour (02:30 on the last Sunday of October) exists twice and takes the
 * first, earlier instant (02:30 summer time, 00:30 UTC). Either way a rule fires once that day, at a defined instant.
 */
export function wallTimeToInstant(timeZone: string, w: WallTime): number {
  const zone = zoneOf(timeZone);
  const floating = floatingMs(w);
  // The offsets either side of the day; no zone changes its offset twice within two days.
  const before = offsetAt(zone, floating - DAY_MS);
  const after = offsetAt(zone, floating + DAY_MS);
  const valid = [before, after].map((o) => floating - o * 60_000).filter((t) => offsetAt(zone, t) * 60_000 === floating - t);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: read with the offset in force before it, which lands as far past the gap's start as the time was.
  return floating - before * 60_000;
}

export function instantToWallTime(timeZone: string, ms: number): WallTime {
  const zone = zoneOf(timeZone);
  const d = DateTime.fromMillis(ms, { zone });
  return { year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute };
}

/** The wall time of an instant, as floating ms (see floatingMs). */
export function instantToFloating(timeZone: string, ms: number): number {
  return ms + offsetAt(zoneOf(timeZone), ms) * 60_000;
}

/** Parses a LocalDate (YYYY-MM-DD) and a LocalTime (HH:mm) of the contract into a wall time. */
export function wallTimeOf(date: string, time: string): WallTime {
  const [year = NaN, month = NaN, day = NaN] = date.split('-').map(Number);
  const [hour = NaN, minute = NaN] = time.split(':').map(Number);
  return { year, month, day, hour, minute };
}
