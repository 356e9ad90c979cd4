// Times as the composer and the campaigns views write them: a price list's age, an ETA, a scheduled time.
// Without a locale given they follow the UI's active locale (useFormat's), so a language switch reaches them.
import { formatLocaleTag } from '../i18n';
import { formatterFor } from './useFormat';

/** "3 minutes", "2 hours", "5 days": a duration in words. */
export function durationWords(seconds: number, locale: string = formatLocaleTag.value): string {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const s = Math.max(0, Math.round(seconds));
  for (const [unit, size] of units) {
    if (s >= size || unit === 'second') {
      const n = Math.max(1, Math.round(s / size));
      try {
        return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
      } catch {
        return `${n} ${unit}${n === 1 ? '' : 's'}`;
      }
    }
  }
  return `${s} s`;
}

/** "5 minutes ago", "yesterday": how long ago an ISO time was. */
export function ago(iso: string, now = Date.now(), locale: string = formatLocaleTag.value): string {
  const s = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86_400), 'day');
}

export function dateTime(iso: string | null): string {
  return iso ? formatterFor(formatLocaleTag.value).dateTime(iso) : '';
}
