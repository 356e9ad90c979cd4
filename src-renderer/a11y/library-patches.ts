// Repairs the few places where the component library (Naive UI 2.45) renders ARIA that screen readers and axe
// reject, once for every view: card titles, decorative icons, and the number inputs' +/- buttons.
// Each patch is idempotent, and re-runs on every DOM change and language switch.
import { watch } from 'vue';
import { i18n } from '../i18n';

const t = (key: string) => i18n.global.t(key);

/**
 * - NCard marks both its header row and the title inside it role="heading" without a level; the row also holds
 *   the card's buttons. The row becomes a plain container, the title a level-2 heading under the view's h1.
 * - NIcon always says role="img" but never has a name; every icon in Besked sits beside or inside a labelled
 *   control, so an unnamed one is decoration and is hidden from screen readers.
 * - NInputNumber's +/- buttons have no name; they get "Increase"/"Decrease" in the UI's language.
 */
export function patchLibraryAccessibility(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>('.n-card-header[role="heading"]')) row.setAttribute('role', 'none');
  for (const title of root.querySelectorAll<HTMLElement>('.n-card-header__main[role="heading"]')) {
    if (!title.hasAttribute('aria-level')) title.setAttribute('aria-level', '2');
  }
  for (const icon of root.querySelectorAll<HTMLElement>('.n-icon[role="img"]:not([aria-hidden])')) {
    if (!icon.hasAttribute('aria-label') && !icon.hasAttribute('aria-labelledby') && !icon.hasAttribute('title')) icon.setAttribute('aria-hidden', 'true');
  }
  for (const input of root.querySelectorAll<HTMLElement>('.n-input-number')) {
    const minus = input.querySelector<HTMLElement>('.n-input__prefix button, .n-input__suffix button:first-child');
    const plus = input.querySelector<HTMLElement>('.n-input__suffix button:last-child');
    if (minus && minus !== plus && minus.getAttribute('aria-label') !== t('a11y.decrease')) minus.setAttribute('aria-label', t('a11y.decrease'));
    if (plus && plus.getAttribute('aria-label') !== t('a11y.increase')) plus.setAttribute('aria-label', t('a11y.increase'));
  }
}

/** Call once at start-up: patches what is on the page now and everything that appears later (views, dialogs, popovers). */
export function installLibraryPatches(): () => void {
  let queued = false;
  const run = () => {
    queued = false;
    patchLibraryAccessibility(document);
  };
  // One pass per batch of changes, however many nodes a virtual list swaps in.
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(run);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  const stopWatch = watch(i18n.global.locale, () => patchLibraryAccessibility(document));
  schedule();
  return () => {
    observer.disconnect();
    stopWatch();
  };
}
