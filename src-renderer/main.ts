// Renderer entry: makes sure window.besked exists (Electron's preload or the web bridge), loads the texts of the
// language the computer speaks, then mounts the app (Settings may switch the language once they are read).
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';
import { applyLocale, i18n } from './i18n';
import { formatLocale, resolveUiLocale } from './i18n/locale';
import { installWebBridge } from './bridge/web-preload';
import { installLibraryPatches } from './a11y/library-patches';
import './styles.css';
import './responsive.css';

if (!('besked' in window)) installWebBridge();

const system = navigator.languages.length ? [...navigator.languages] : [navigator.language];
const first = resolveUiLocale('system', system);
// Mounting waits for the first texts, so no screen ever shows a text's key; should they not load, the app still mounts.
void applyLocale(first, formatLocale(first, system))
  .catch((err: unknown) => console.error('Besked: could not load the texts', err))
  .finally(() => {
    createApp(App).use(createPinia()).use(createAppRouter()).use(i18n).mount('#app');
    installLibraryPatches();
  });
