// Reading a contact's date field: the raw text CSV import stored, in the formats Danish shops' files use, day first.

/** A date (year null: a birthday given without one) and, for a date-time field, its time of day. */
export interface ParsedDate {
  year: number | null;
  month: number;
  day: number;
  hour: number | null;
  minute: number | null;
}

const MONTHS: Readonly<Record<string, number>> = {
  januar: 1, january: 1, jan: 1,
  februar: 2, february: 2, feb: 2,
  marts: 3, march: 3, mar: 3,
  april: 4, apr: 4,
  maj: 5, may: 5,
  juni: 6, june: 6, jun: 6,
  juli: 7, july: 7, jul: 7,
  august: 8, aug: 8,
  september: 9, sept: 9, sep: 9,
  oktober: 10, october: 10, okt: 10, oct: 10,
  november: 11, nov: 11,
  december: 12, dec: 12,
};

// An optional time after the date: " 14:30", "T14:30", " kl. 14.30", ", 14:30:00".
const TIME = String.raw`(?:(?:,?\s+|t)(?:kl\.?\s*)?(\d{1,2})[:.](\d{2})(?:[:.](\d{2})(?:\.\d+)?)?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`);
/** 14-03-1985, 14.03.1985, 14/3-1985, 14/3, 14.03. — a year, when given, must have four digits (checked below). */
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[-./](\d{1,2})(?:[-./](\d+))?\.?${TIME}$`);
/** 14. marts 1985, 14 March 1985, 14-mar-1985, 14. marts */
const DAY_MONTH_NAME = new RegExp(String.raw`^(\d{1,2})\.?[\s-]*(\p{L}+)\.?(?:[\s-]+(\d+))?${TIME}$`, 'u');
/** March 14, 1985 (the English order; the month's name makes it unambiguous). */
const MONTH_NAME_DAY = new RegExp(String.raw`^(\p{L}+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d+)${TIME}$`, 'u');

function daysInMonth(year: number | null, month: number): number {
  // Without a year, 29 February is a valid birthday (a leap year stands in).
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
}

function build(year: string | undefined, month: number | undefined, day: string, hour?: string, minute?: string, second?: string): ParsedDate | null {
  if (month === undefined) return null;
  // Two-digit years are refused: 14.3.85 could be 1985 or 2085, and a wrong guess sends on the wrong day.
  if (year !== undefined && !/^\d{4}$/.test(year)) return null;
  const y = year === undefined ? null : Number(year);
  if (y !== null && y < 1000) return null;
  const d = Number(day);
  if (month < 1 || month > 12 || d < 1 || d > daysInMonth(y, month)) return null;
  if (hour === undefined || minute === undefined) return { year: y, month, day: d, hour: null, minute: null };
  const h = Number(hour);
  const m = Number(minute);
  if (h > 23 || m > 59 || (second !== undefined && Number(second) > 59)) return null;
  return { year: y, month, day: d, hour: h, minute: m };
}

/** A cell's date (and time), or null when it is not one (text, a date that does not exist, a two-digit year, empty). */
export function parseDateValue(raw: string): ParsedDate | null {
  const s = raw.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  if (s === '') return null;
  let m = ISO.exec(s);
  if (m) return build(m[1], Number(m[2]), m[3]!, m[4], m[5], m[6]);
  m = DAY_FIRST.exec(s);
  if (m) return build(m[3], Number(m[2]), m[1]!, m[4], m[5], m[6]);
  m = DAY_MONTH_NAME.exec(s);
  if (m) return build(m[3], MONTHS[m[2]!], m[1]!, m[4], m[5], m[6]);
  m = MONTH_NAME_DAY.exec(s);
  if (m) return build(m[3], MONTHS[m[1]!], m[2]!, m[4], m[5], m[6]);
  return null;
}
