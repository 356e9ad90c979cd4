// Runs before the app's script has arrived (scripts/first-view-preload-plugin.ts puts it in index.html): asks at once
// for the texts of the language the app will speak and, opened on the inbox (a phone's home screen), for the inbox
// view's code, which the app would otherwise ask for only once its own script had downloaded and run. Fetched early
// they share the phone's bandwidth with that script instead of waiting for it (phone.inbox_ready_ms).
import { resolveUiLocale } from './i18n/locale';

type Plan = Record<'inbox' | 'en' | 'da', string[]>;

function preload(href: string) {
  const link = document.createElement('link');
  // As Vite's own preloading does, so the app's later import() and style sheet find them fetched.
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}

const content = document.querySelector<HTMLMetaElement>('meta[name="besked-first-view"]')?.content;
if (content) {
  const plan = JSON.parse(content) as Plan;
  // The language main.ts mounts with: the computer's (Settings may switch it once they are read).
  const system = navigator.languages.length ? [...navigator.languages] : [navigator.language];
  const wanted = [...plan[resolveUiLocale('system', system)]];
  if (/^#\/inbox(?:[/?]|$)/.test(window.location.hash)) wanted.push(...plan.inbox);
  for (const href of new Set(wanted)) preload(href);
}
