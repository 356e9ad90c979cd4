// Which dates to ask GET /rest/mosms for, so that no incoming message is missed across midnight, time zones or a restart.

/**
 * The gateway filters incoming messages by calendar date (YYYY-MM-DD) without saying in which time zone its day
 * starts. It may be UTC or Danish local time, so a date range is widened to cover both calendars, and overlaps the
 * previous poll by a whole day on each side (which also absorbs clock skew between this computer and the gateway).
 * Messages seen twice are dropped by their mosms_id.
 */
export const MOSMS_WINDOW = {
  /** Calendars whose day boundary the gateway might use. */
  zones: ['UTC', 'Europe/Copenhagen'] as readonly string[],
  overlapDays: 1,
  /** On the very first poll, how far back to fetch replies that arrived before Besked was set up. */
  firstLookbackDays: 30,
};

export interface MosmsWindowInput {
  /** When the last complete poll started (epoch ms), or null when none has completed yet. */
  lastCompleteStart: number | null;
  now: number;
}

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
export function calendarDate(epochMs: number, timeZone: string): string {
  const parts = dateFormatter(timeZone).formatToParts(new Date(epochMs));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The date range for the next poll: from the earliest calendar date (in any zone) of the last complete poll's start,
 * minus the overlap, to the latest calendar date of now, plus the overlap (in case the gateway's `to` is exclusive
 * or its clock runs ahead).
 */
export function mosmsWindow(input: MosmsWindowInput, rules = MOSMS_WINDOW): DateRange {
  const since = Math.min(input.lastCompleteStart ?? input.now - rules.firstLookbackDays * DAY_MS, input.now);
  const fromDates = rules.zones.map((z) => calendarDate(since, z)).sort();
  const toDates = rules.zones.map((z) => calendarDate(input.now, z)).sort();
  return {
    from: addDays(fromDates[0]!, -rules.overlapDays),
    to: addDays(toDates[toDates.length - 1]!, rules.overlapDays),
  };
}

/** Keeps the first of each mosms_id, dropping ids already stored and repeats within the batch (pages shift while read). */
export function unseenMessages<T extends { mosms_id: number }>(batch: readonly T[], alreadyStored: ReadonlySet<number>): T[] {
  const seen = new Set<number>(alreadyStored);
  const out: T[] = [];
  for (const m of batch) {
    if (seen.has(m.mosms_id)) continue;
    seen.add(m.mosms_id);
    out.push(m);
  }
  return out;
}
