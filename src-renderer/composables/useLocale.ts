// Applies the UI language from Settings (or the OS's, with "system") and keeps it applied as either changes;
// gives the component library its matching built-in strings and date locale.
import { computed, onBeforeUnmount, ref, watchEffect } from 'vue';
import { daDK, dateDaDK, dateEnGB, enGB, type NDateLocale, type NLocale } from 'naive-ui';
import { useSettingsStore } from '../stores/settings';
import { applyLocale } from '../i18n';
import { formatLocale, resolveUiLocale, type UiLocale } from '../i18n/locale';

const library: Record<UiLocale, { locale: NLocale; dateLocale: NDateLocale }> = {
  en: { locale: enGB, dateLocale: dateEnGB },
  da: { locale: daDK, dateLocale: dateDaDK },
};

const systemLanguages = (): string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages.length ? [...navigator.languages] : [navigator.language];

/** Call once, in App.vue: watches Settings and the OS's language for as long as the app lives. */
export function useLocale() {
  const settings = useSettingsStore();
  const system = ref(systemLanguages());
  const onLanguageChange = () => (system.value = systemLanguages());
  window.addEventListener('languagechange', onLanguageChange);
  onBeforeUnmount(() => window.removeEventListener('languagechange', onLanguageChange));

  const ui = computed(() => resolveUiLocale(settings.view?.settings.language ?? 'system', system.value));
  watchEffect(() => applyLocale(ui.value, formatLocale(ui.value, system.value)));

  return {
    ui,
    naiveLocale: computed(() => library[ui.value].locale),
    naiveDateLocale: computed(() => library[ui.value].dateLocale),
  };
}
