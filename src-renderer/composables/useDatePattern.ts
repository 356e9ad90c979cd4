// The pattern the date pickers show and read dates in, from the UI's locale (23.11.2026 05.09 in Danish, 23/11/2026
// 05:09 in British English, 11/23/2026 05:09 AM in American): the component library's own is ISO with seconds.
import { formatLocaleTag } from '../i18n';

const TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'dd', month: 'MM', year: 'yyyy', minute: 'mm', dayPeriod: 'a' };
const cache = new Map<string, string>();

/** A date-fns pattern (what NDatePicker's format takes) for one Intl locale tag; pure, so tests can pin the locale. */
export function datePatternFor(tag: string, withTime: boolean): string {
  const key = `${tag}|${withTime}`;
  let pattern = cache.get(key);
  if (pattern === undefined) {
    const fields: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}) };
    const f = new Intl.DateTimeFormat(tag, fields);
    const twelveHour = f.resolvedOptions().hour12 === true;
    pattern = f
      .formatToParts(new Date(2026, 10, 23, 5, 9))
      .map((p) => (p.type === 'hour' ? (twelveHour ? 'hh' : 'HH') : (TOKENS[p.type] ?? quote(p.value))))
      .join('');
    cache.set(key, pattern);
  }
  return pattern;
}

/**
 * Literal text between the fields: Intl's no-break spaces become plain ones (what people type), and letters are
 * quoted so date-fns does not read them as fields.
 */
function quote(literal: string): string {
  const plain = literal.replace(/[\u00a0\u202f]/g, ' ');
  return /[A-Za-z]/.test(plain) ? `'${plain.replace(/'/g, "''")}'` : plain;
}

export function useDatePattern(withTime: boolean): () => string {
  return () => datePatternFor(formatLocaleTag.value, withTime);
}
