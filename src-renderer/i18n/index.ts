// The i18n instance with one message file per language, and the one place that switches the UI's language.
import { ref } from 'vue';
import { createI18n } from 'vue-i18n';
import { en } from './en';
import { da } from './da';
import type { UiLocale } from './locale';

export const i18n = createI18n({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages: { en, da },
});

/** The Intl locale for numbers, money and dates (e.g. en-GB, da-DK); useFormat reads it, so formatted text follows a switch. */
export const formatLocaleTag = ref('en-GB');

/** Switches strings, formatting and the document's language at once, so screen readers pronounce the text in its language. */
export function applyLocale(ui: UiLocale, formatTag: string): void {
  i18n.global.locale.value = ui;
  formatLocaleTag.value = formatTag;
  if (typeof document !== 'undefined') document.documentElement.lang = ui;
}
