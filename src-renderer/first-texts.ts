// Started by index.html beside the app's script (scripts/first-texts-plugin.ts): asks for the texts of the language
// the app starts in (the same rule as main.ts, i18n/locale.ts) while the app's own script still downloads, so on slow
// mobile data the app mounts as soon as it has run (phone.inbox_ready_ms). Only the browser's cache is touched:
// should this not run, main.ts loads the texts as before.
import { resolveUiLocale, type UiLocale } from './i18n/locale';

const meta = document.querySelector<HTMLMetaElement>('meta[name="besked-first-texts"]');
const files = meta ? (JSON.parse(meta.content) as Partial<Record<UiLocale, string[]>>) : {};
const system = navigator.languages.length ? [...navigator.languages] : [navigator.language];
for (const href of files[resolveUiLocale('system', system)] ?? []) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
