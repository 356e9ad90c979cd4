// How a number field writes and reads amounts in the UI's locale (1.234,50 in Danish, 1,234.50 in English), for
// NInputNumber's format and parse: the library's own shows and expects a point whatever the language.
import { formatLocaleTag } from '../i18n';
import { formatterFor } from './useFormat';

export interface NumberInput {
  format(value: number | null): string;
  /** null for an empty field; NaN for text that is not a number (the field then shows it as invalid). */
  parse(text: string): number | null;
}

function separators(tag: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
  return { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** For one Intl locale tag, with a fixed number of decimals; pure, so tests can pin the locale. */
export function numberInputFor(tag: string, decimals: number): NumberInput {
  const { group, decimal } = separators(tag);
  return {
    format: (value) => (value === null ? '' : formatterFor(tag).number(value, { minDecimals: decimals, maxDecimals: decimals })),
    parse(text) {
      let s = text.replace(/[\s\u00a0\u202f]/g, '');
      if (s === '') return null;
      const groupRun = new RegExp(escape(group), 'g');
      if (s.includes(decimal)) s = s.replace(groupRun, '');
      // No decimal separator of the locale: a lone group separator before one or two digits is someone's decimal
      // point ("12.5" typed in Danish), any other is grouping ("1.000").
      else if (decimals > 0 && new RegExp(`^-?\\d+${escape(group)}\\d{1,2}$`).test(s)) s = s.replace(group, decimal);
      else s = s.replace(groupRun, '');
      s = s.replace(decimal, '.');
      return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
    },
  };
}

/** The active locale's; reads it on every call, so a language switch reaches the field's next render. */
export function useNumberInput(decimals: number): NumberInput {
  return {
    format: (value) => numberInputFor(formatLocaleTag.value, decimals).format(value),
    parse: (text) => numberInputFor(formatLocaleTag.value, decimals).parse(text),
  };
}
