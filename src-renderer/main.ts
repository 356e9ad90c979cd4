// Renderer entry: makes sure window.besked exists (Electron's preload or the web bridge), loads the texts of the
// language the computer speaks, then mounts the app (Settings may switch the language once they are read). While the
// texts load, the router already fetches the first view's code and the core is asked who this is: on a phone over
// mobile data each is a round trip that would otherwise wait for the one before (phone.inbox_ready_ms).
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';
import { useTeamStore } from './stores/team';
import { useInboxStore } from './stores/inbox';
import { gateScreen } from './components/team/gate-screen';
import { applyLocale, i18n } from './i18n';
import { formatLocale, resolveUiLocale } from './i18n/locale';
import { formatterFor } from './composables/useFormat';
import { installWebBridge } from './bridge/web-preload';
import { installLibraryPatches } from './a11y/library-patches';
import './styles.css';
import './responsive.css';

const bridge = 'besked' in window ? null : installWebBridge();

const system = navigator.languages.length ? [...navigator.languages] : [navigator.language];
const first = resolveUiLocale('system', system);
const pinia = createPinia();
// Installing the router starts the first navigation, which fetches the view's lazily loaded code.
const router = createAppRouter();
const app = createApp(App).use(pinia).use(router).use(i18n);
const team = useTeamStore(pinia);
const opening = router.resolve(window.location.hash.slice(1) || '/').name;
// Opened on the inbox (a phone's home screen) by someone who may see it: its list is asked for now, not once mounted.
// In a browser likely let in (web-preload.ts) it is asked together with who this is: on mobile data the answer to
// who this is waits behind the app's downloads, and the list would wait behind it. An answer the gate does not let
// the page show is dropped, and the view asks anew once signed in.
const inbox = useInboxStore(pinia);
const teamLoaded = team.load();
const askedAtOnce = opening === 'inbox' && bridge?.likelyLetIn === true;
if (askedAtOnce) inbox.loadEarly();
void teamLoaded.then(() => {
  const letIn = gateScreen(team.status, team.ready, opening) === 'app';
  if (!letIn) inbox.dropEarly();
  else if (opening === 'inbox' && !askedAtOnce) inbox.loadEarly();
});
// Mounting waits for the first texts, so no screen ever shows a text's key; should they not load, the app still mounts.
const formatTag = formatLocale(first, system);
void applyLocale(first, formatTag)
  .catch((err: unknown) => console.error('Besked: could not load the texts', err))
  .finally(() => {
    app.mount('#app');
    installLibraryPatches();
  });
// While the texts download the page has nothing else to do. A locale's first date formats load its data (a few hundred
// ms on a slow phone, profiled in the inbox's first list), so the ones lists use (compact: today's time, this year's
// day and month, another year's date) are made now rather than while the list renders.
const warm = formatterFor(formatTag);
const now = new Date();
for (const daysAgo of [0, 2, 400]) warm.compact(new Date(now.getTime() - daysAgo * 86_400_000), now);
