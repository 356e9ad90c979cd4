// Renderer entry: makes sure window.besked exists (Electron's preload or the web bridge), then mounts the app.
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';
import { i18n } from './i18n';
import { installWebBridge } from './bridge/web-preload';
import { installLibraryPatches } from './a11y/library-patches';
import './styles.css';
import './responsive.css';

if (!('besked' in window)) installWebBridge();

createApp(App).use(createPinia()).use(createAppRouter()).use(i18n).mount('#app');
installLibraryPatches();
