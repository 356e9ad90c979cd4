// Applies the UI language from Settings (or the OS's, with "system"; on a server's sign-in screens the shop's, from
// team.status) and keeps it applied as either changes;
// gives the component library its matching built-in strings (without its bare defaults) and date locale.
import { computed, onBeforeUnmount, ref, watchEffect } from 'vue';
import { useSettingsStore } from '../stores/settings';
import { useTeamStore } from '../stores/team';
import { applyLocale } from '../i18n';
import { formatLocale, resolveUiLocale, type UiLocale } from '../i18n/locale';
import { useI18n } from 'vue-i18n';
import { libraryLocale } from '../i18n/library-locale';

const systemLanguages = (): string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages.length ? [...navigator.languages] : [navigator.language];

/** Call once, in App.vue: watches Settings and the OS's language for as long as the app lives. */
export function useLocale() {
  const settings = useSettingsStore();
  const team = useTeamStore();
  const system = ref(systemLanguages());
  const onLanguageChange = () => (system.value = systemLanguages());
  window.addEventListener('languagechange', onLanguageChange);
  onBeforeUnmount(() => window.removeEventListener('languagechange', onLanguageChange));

  // Before signing in to a server the settings may not be read; team.status tells the shop's language meanwhile.
  const ui = computed(() => resolveUiLocale(settings.view?.settings.language ?? team.status?.language ?? 'system', system.value));
  watchEffect(() => void applyLocale(ui.value, formatLocale(ui.value, system.value)));

  // The library follows the language the texts are in (i18n's locale changes once that language has loaded).
  const { locale, t } = useI18n();
  const library = computed(() => libraryLocale(locale.value as UiLocale, t('library.empty')));
  return {
    ui,
    naiveLocale: computed(() => library.value.locale),
    naiveDateLocale: computed(() => library.value.dateLocale),
  };
}
