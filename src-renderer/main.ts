// Renderer entry: makes sure window.besked exists (Electron's preload or the web bridge), loads the texts of the
// language the computer speaks, then mounts the app (Settings may switch the language once they are read). While the
// texts load, the router already fetches the first view's code and the core is asked who this is: on a phone over
// mobile data each is a round trip that would otherwise wait for the one before (phone.inbox_ready_ms).
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';
import { useTeamStore } from './stores/team';
import { applyLocale, i18n } from './i18n';
import { formatLocale, resolveUiLocale } from './i18n/locale';
import { installWebBridge } from './bridge/web-preload';
import { installLibraryPatches } from './a11y/library-patches';
import './styles.css';
import './responsive.css';

if (!('besked' in window)) installWebBridge();

const system = navigator.languages.length ? [...navigator.languages] : [navigator.language];
const first = resolveUiLocale('system', system);
const pinia = createPinia();
// Installing the router starts the first navigation, which fetches the view's lazily loaded code.
const app = createApp(App).use(pinia).use(createAppRouter()).use(i18n);
void useTeamStore(pinia).load();
// Mounting waits for the first texts, so no screen ever shows a text's key; should they not load, the app still mounts.
void applyLocale(first, formatLocale(first, system))
  .catch((err: unknown) => console.error('Besked: could not load the texts', err))
  .finally(() => {
    app.mount('#app');
    installLibraryPatches();
  });
