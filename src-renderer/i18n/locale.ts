// Which language the UI speaks and which locale formats its numbers and dates, from Settings and the OS's languages.
import type { Settings } from '../../src-shared/contract';

export const UI_LOCALES = ['en', 'da'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

/** The region a language is formatted for when the OS names none of it: Danish is Denmark's, English the UK's (24-hour clock, day before month, like Denmark). */
const DEFAULT_REGION: Record<UiLocale, string> = { en: 'en-GB', da: 'da-DK' };

const base = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The UI language: the one chosen in Settings; with "system", Danish when the OS's preferred language is Danish
 * (da-DK, da, or Norwegian/Swedish users who chose Danish first), else English.
 */
export function resolveUiLocale(language: Settings['language'], systemLanguages: readonly string[]): UiLocale {
  if (language !== 'system') return language;
  return base(systemLanguages[0] ?? '') === 'da' ? 'da' : 'en';
}

/**
 * The locale numbers, money and dates are formatted with: the OS's own tag when it is of the UI's language (so an
 * en-US user keeps their month/day order), else the language's default region. Always a tag Intl accepts.
 */
export function formatLocale(ui: UiLocale, systemLanguages: readonly string[]): string {
  for (const tag of systemLanguages) {
    if (base(tag) !== ui) continue;
    const normalised = tag.trim().replace(/_/g, '-');
    try {
      return Intl.getCanonicalLocales(normalised)[0] ?? DEFAULT_REGION[ui];
    } catch {
      // A malformed tag from the OS: fall through to the next one.
    }
  }
  return DEFAULT_REGION[ui];
}
