// Money, numbers, dates and relative times are written the way each locale writes them.
import { afterEach, describe, expect, it } from 'vitest';
import { formatterFor, useFormat } from '../../../src-renderer/composables/useFormat';
import { formatMoney } from '../../../src-renderer/composables/useMoney';
import { applyLocale } from '../../../src-renderer/i18n';

// Intl uses narrow no-break spaces in some places; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const da = formatterFor('da-DK');
const en = formatterFor('en-GB');

describe('money', () => {
  it.each([
    ['da-DK', 1234.5, 'DKK', '1.234,50 kr.'],
    ['en-GB', 1234.5, 'DKK', 'DKK 1,234.50'],
    ['da-DK', 0.1, 'EUR', '0,10 €'],
    ['en-GB', -12, 'EUR', '-€12.00'],
    ['da-DK', 1000000, 'DKK', '1.000.000,00 kr.'],
  ] as const)('%s: %d %s is %s', (tag, amount, currency, out) => {
    expect(plain(formatterFor(tag).money(amount, currency))).toBe(out);
  });

  it('keeps up to 4 decimals when asked to be precise (per-part prices)', () => {
    expect(plain(da.money(0.1234, 'DKK', { precise: true }))).toBe('0,1234 kr.');
    expect(plain(da.money(0.1234, 'DKK'))).toBe('0,12 kr.');
    expect(plain(en.money(0.13, 'EUR', { precise: true }))).toBe('€0.13');
  });

  it('writes an unknown currency code after a locale-formatted number instead of failing', () => {
    expect(plain(da.money(1234.5, 'credits'))).toBe('1.234,50 credits');
  });
});

describe('numbers', () => {
  it.each([
    ['da-DK', 1234567, {}, '1.234.567'],
    ['en-GB', 1234567, {}, '1,234,567'],
    ['da-DK', 0.5, { minDecimals: 2 }, '0,50'],
    ['en-GB', 3.14159, { maxDecimals: 2 }, '3.14'],
    ['da-DK', 2.5, { minDecimals: 3, maxDecimals: 1 }, '2,500'],
  ] as const)('%s: %d with %j is %s', (tag, n, opts, out) => {
    expect(formatterFor(tag).number(n, opts)).toBe(out);
  });
});

describe('dates and times', () => {
  const at = new Date(2026, 10, 22, 14, 5); // 22 Nov 2026, 14:05 local time

  it('writes dates, times and both in the locale’s order and words', () => {
    expect(plain(da.date(at))).toBe('22. nov. 2026');
    expect(plain(en.date(at))).toBe('22 Nov 2026');
    expect(da.time(at)).toBe('14.05');
    expect(en.time(at)).toBe('14:05');
    expect(plain(formatterFor('en-US').time(at))).toBe('2:05 PM');
    expect(plain(da.dateTime(at))).toBe('22. nov. 2026, 14.05');
    expect(plain(en.dateTime(at))).toBe('22 Nov 2026, 14:05');
  });

  it.each([
    // An automation's run at 09:00 in Copenhagen reads 09:00 whatever zone this computer is in, summer and winter.
    ['2026-11-26T08:00:00.000Z', 'Europe/Copenhagen', '26. nov. 2026, 09.00', '26 Nov 2026, 09:00'],
    ['2026-07-01T07:00:00.000Z', 'Europe/Copenhagen', '1. jul. 2026, 09.00', '1 Jul 2026, 09:00'],
    ['2026-11-26T08:00:00.000Z', 'America/New_York', '26. nov. 2026, 03.00', '26 Nov 2026, 03:00'],
  ])('writes %s in the time zone %s', (iso, zone, inDanish, inEnglish) => {
    expect(plain(da.dateTime(iso, zone))).toBe(inDanish);
    expect(plain(en.dateTime(iso, zone))).toBe(inEnglish);
  });

  it('writes a time in this computer’s zone when the zone given is unknown', () => {
    expect(en.dateTime(at, 'Mars/Olympus')).toBe(en.dateTime(at));
  });

  it('writes a time with seconds for a chart axis over minutes', () => {
    const later = new Date(2026, 10, 22, 14, 5, 9);
    expect(da.timeSeconds(later)).toBe('14.05.09');
    expect(en.timeSeconds(later)).toBe('14:05:09');
    expect(plain(formatterFor('en-US').timeSeconds(later))).toBe('2:05:09 PM');
  });

  it('writes a short day and month for a chart axis', () => {
    expect(da.dayMonth('2026-10-24')).toBe('24.10');
    expect(en.dayMonth('2026-10-24')).toBe('24/10');
    expect(formatterFor('en-US').dayMonth('2026-10-24')).toBe('10/24');
  });

  it('keeps a calendar day on that day whatever the time zone', () => {
    expect(plain(da.date('2026-03-01'))).toBe('1. mar. 2026');
  });

  it('writes nothing for an unreadable date rather than "Invalid Date"', () => {
    expect(da.date('not a date')).toBe('');
    expect(en.dateTime('')).toBe('');
    expect(da.relative('garbage', Date.now(), 'lige nu')).toBe('');
  });

  it('gives the time for today, the day for this year and the full date before', () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(da.compact(at, now)).toBe('14.05');
    expect(plain(da.compact(new Date(2026, 0, 3, 9, 0), now))).toBe('3. jan.');
    expect(plain(en.compact(new Date(2025, 11, 31, 9, 0), now))).toBe('31 Dec 2025');
  });

  it.each([
    ['da-DK', 5_000, 'lige nu'],
    ['da-DK', -30_000, 'for 30 sekunder siden'],
    ['da-DK', -3 * 60_000, 'for 3 minutter siden'],
    ['da-DK', 2 * 3600_000, 'om 2 timer'],
    ['da-DK', -86_400_000, 'i går'],
    ['en-GB', -3 * 60_000, '3 minutes ago'],
    ['en-GB', -86_400_000, 'yesterday'],
  ] as const)('%s: %d ms from now is %s', (tag, offset, out) => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect(formatterFor(tag).relative(new Date(now + offset), now, 'lige nu')).toBe(out);
  });
});

describe('country names', () => {
  it.each([
    ['da-DK', 'DK', 'Danmark'],
    ['da-DK', 'de', 'Tyskland'],
    ['da-DK', 'AT', 'Østrig'],
    ['en-GB', 'DK', 'Denmark'],
    ['en-GB', ' se ', 'Sweden'],
  ] as const)('%s: %s is %s', (tag, code, name) => {
    expect(formatterFor(tag).country(code)).toBe(name);
  });

  it('shows what is not a region code as it came instead of failing', () => {
    expect(da.country('Denmark (mobile)')).toBe('Denmark (mobile)');
    expect(da.country('')).toBe('');
  });
});

describe('the active locale', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it('is followed by useFormat and formatMoney from the moment it switches', async () => {
    const fmt = useFormat();
    await applyLocale('en', 'en-GB');
    expect(plain(fmt.money(1234.5, 'DKK'))).toBe('DKK 1,234.50');
    await applyLocale('da', 'da-DK');
    expect(plain(fmt.money(1234.5, 'DKK'))).toBe('1.234,50 kr.');
    expect(plain(formatMoney(1234.5, 'DKK'))).toBe('1.234,50 kr.');
    expect(fmt.number(1234)).toBe('1.234');
    expect(fmt.country('SE')).toBe('Sverige');
  });
});
