// The messaging interface's `expiration` field: four accepted formats, a default and a 5-day maximum.

export const MAX_EXPIRATION_S = 432_000;
/** Absolute expirations may overshoot the maximum by this much, for clock skew between client and service. */
const ABSOLUTE_SLACK_S = 60;

export type ExpirationResult = { ok: true; expiresAt: number } | { ok: false; msg: string };

const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|z|[+-]\d{2}:?\d{2})?$/;
const NUMERIC = /^\d+(?:\.\d+)?$/;

/** Seconds per unit of an ISO 8601 duration; years and months are taken as 365 and 30 days. */
const UNIT_S = [365 * 86_400, 30 * 86_400, 7 * 86_400, 86_400, 3_600, 60, 1] as const;

const FORMATS_MSG =
  'Value error, expiration must be an ISO 8601 duration (e.g. PT1H), a date-time (YYYY-MM-DDTHH:MM:SS with optional fraction and offset), a Unix timestamp in seconds or a number of seconds up to 432000';

/** Resolves `expiration` (undefined = default P5D) to an absolute epoch-ms instant, or says why it is invalid. */
export function parseExpiration(value: unknown, now: number): ExpirationResult {
  if (value === undefined) return { ok: true, expiresAt: now + MAX_EXPIRATION_S * 1000 };
  if (typeof value === 'number') return fromNumber(value, now);
  if (typeof value !== 'string') return { ok: false, msg: FORMATS_MSG };
  if (NUMERIC.test(value)) return fromNumber(Number(value), now);
  if (value.startsWith('P') || value.startsWith('p')) return fromDuration(value, now);
  const m = DATE_TIME.exec(value);
  if (m) return fromDateTime(m, now);
  return { ok: false, msg: FORMATS_MSG };
}

function relative(seconds: number, now: number): ExpirationResult {
  if (!(seconds > 0)) return { ok: false, msg: 'Value error, expiration must be a positive duration' };
  if (seconds > MAX_EXPIRATION_S) return tooLong();
  return { ok: true, expiresAt: now + seconds * 1000 };
}

function absolute(epochMs: number, now: number): ExpirationResult {
  if (epochMs <= now) return { ok: false, msg: 'Value error, expiration lies in the past' };
  if (epochMs > now + (MAX_EXPIRATION_S + ABSOLUTE_SLACK_S) * 1000) return tooLong();
  return { ok: true, expiresAt: epochMs };
}

function tooLong(): ExpirationResult {
  return { ok: false, msg: 'Value error, expiration must be at most 5 days (P5D, 432000 seconds) from now' };
}

function fromNumber(n: number, now: number): ExpirationResult {
  if (!Number.isFinite(n)) return { ok: false, msg: FORMATS_MSG };
  // The spec's rule: up to 432000 is an offset in seconds, anything larger a Unix timestamp.
  if (n <= MAX_EXPIRATION_S) return relative(n, now);
  return absolute(n * 1000, now);
}

function fromDuration(value: string, now: number): ExpirationResult {
  const m = DURATION.exec(value);
  // "P" and "PT" alone carry no amount.
  if (!m || /^P(T)?$/i.test(value) || /T$/i.test(value)) return { ok: false, msg: FORMATS_MSG };
  let seconds = 0;
  for (let i = 0; i < UNIT_S.length; i++) {
    const g = m[i + 1];
    if (g !== undefined) seconds += Number(g.replace(',', '.')) * UNIT_S[i]!;
  }
  return relative(seconds, now);
}

function fromDateTime(m: RegExpExecArray, now: number): ExpirationResult {
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const ms = frac ? Math.floor(Number('0.' + frac) * 1000) : 0;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(utc);
  // Date.UTC rolls 2025-02-30 over into March; a real calendar date maps back onto itself.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return { ok: false, msg: 'Value error, expiration is not a valid date-time' };
  }
  let offsetMin = 0;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return { ok: false, msg: 'Value error, expiration has an invalid UTC offset' };
    offsetMin = sign * (oh * 60 + om);
  }
  // A date-time without an offset is taken as UTC.
  return absolute(utc - offsetMin * 60_000, now);
}
