// The i18n instance, the one place that switches the UI's language, and the loading of each language's texts: a
// language's texts are a chunk of their own, fetched the first time it is used, so a phone's first view carries only
// the language it speaks (issue 29).
import { ref } from 'vue';
import { createI18n } from 'vue-i18n';
import type { da as DaMessages } from './da';
import type { UiLocale } from './locale';

// Danish is typed as a translation of English (every key, any wording), which English itself also is.
type Messages = typeof DaMessages;

const loaders: Record<UiLocale, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  da: () => import('./da').then((m) => m.da),
};

export const i18n = createI18n({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages: {} as Record<UiLocale, Messages>,
});

/** The Intl locale for numbers, money and dates (e.g. en-GB, da-DK); useFormat reads it, so formatted text follows a switch. */
export const formatLocaleTag = ref('en-GB');

const loading = new Map<UiLocale, Promise<void>>();

/** Fetches a language's texts once; later calls wait for the same fetch. */
export function loadLanguage(ui: UiLocale): Promise<void> {
  let pending = loading.get(ui);
  if (!pending) {
    pending = loaders[ui]().then((messages) => i18n.global.setLocaleMessage(ui, messages));
    // A failed fetch (the server went away mid-load) may be tried again by the next switch.
    pending.catch(() => loading.delete(ui));
    loading.set(ui, pending);
  }
  return pending;
}

let latest = 0;

/**
 * Switches strings, formatting and the document's language at once, so screen readers pronounce the text in its
 * language. The texts are loaded first; when two switches overlap, the later one wins.
 */
export async function applyLocale(ui: UiLocale, formatTag: string): Promise<void> {
  const ticket = ++latest;
  await loadLanguage(ui);
  if (ticket !== latest) return;
  i18n.global.locale.value = ui;
  formatLocaleTag.value = formatTag;
  if (typeof document !== 'undefined') document.documentElement.lang = ui;
}
