// Repairs the few places where the component library (Naive UI 2.45) renders ARIA that screen readers and axe
// reject, once for every view: card titles, decorative icons, unnamed buttons, unscrollable tables, tabs the
// keyboard cannot reach, dialogs and drawers without a name and table selection boxes without one.
// Each patch is idempotent, and re-runs on every DOM change and language switch.
import { watch } from 'vue';
import { i18n } from '../i18n';

const t = (key: string, params: Record<string, string> = {}) => i18n.global.t(key, params);

/**
 * - NCard marks both its header row and the title inside it role="heading" without a level; the row also holds
 *   the card's buttons. The row becomes a plain container, the title a level-2 heading under the view's h1.
 * - NIcon always says role="img" but never has a name; every icon in Besked sits beside or inside a labelled
 *   control, so an unnamed one is decoration and is hidden from screen readers.
 * - NInputNumber's +/- buttons and NDynamicTags' + button have no name; they get one in the UI's language.
 * - NDataTable's virtual scroll box cannot be scrolled from the keyboard when its rows hold nothing focusable.
 * - NModal, NDialog and NDrawer are role="dialog" without a name: a screen reader announces "dialog" and nothing
 *   else. Each is named by its own title.
 * - NDataTable's selection column has checkboxes that point at a label that is never rendered; each gets a name:
 *   "select all" in the header, "select" and the row's first cell in the rows.
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
    // Minus comes first in the DOM whether both sit on the right or one on each side.
    const buttons = input.querySelectorAll<HTMLElement>('.n-input__prefix .n-button, .n-input__suffix .n-button');
    if (buttons.length !== 2) continue;
    label(buttons[0]!, t('a11y.decrease'));
    label(buttons[1]!, t('a11y.increase'));
  }
  // A dynamic-tags list's own "+" button, where a view did not give it a trigger with a name.
  for (const add of root.querySelectorAll<HTMLElement>('.n-dynamic-tags .n-button:is(:not([aria-label]), [data-a11y-patched])')) {
    if ((add.textContent ?? '').trim() === '') label(add, t('a11y.add'));
  }
  patchTabs(root);
  // A virtual list's scroll box: rows of plain text give the keyboard nothing to land on, so the box itself
  // takes focus and scrolls with the arrow keys.
  for (const box of root.querySelectorAll<HTMLElement>('.n-data-table .v-vl:not([tabindex])')) box.tabIndex = 0;
  patchDialogNames(root);
  patchSelectionBoxes(root);
}

const DIALOG_TITLES = '.n-dialog__title, .n-card-header__main, .n-drawer-header__main';
let titleIds = 0;

/** A dialog without a name is named by its title (the first one that is its own, not a nested card's). */
function patchDialogNames(root: ParentNode): void {
  for (const dialog of root.querySelectorAll<HTMLElement>('[role="dialog"]:not([aria-label])')) {
    const title = [...dialog.querySelectorAll<HTMLElement>(DIALOG_TITLES)].find((el) => el.closest('[role="dialog"]') === dialog && (el.textContent ?? '').trim() !== '');
    if (!title) continue;
    if (!title.id) title.id = `besked-dialog-title-${++titleIds}`;
    setAttr(dialog, 'aria-labelledby', title.id);
  }
}

function patchSelectionBoxes(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>('.n-data-table-th--selection .n-checkbox[role="checkbox"]')) label(box, t('a11y.selectAll'));
  for (const box of root.querySelectorAll<HTMLElement>('.n-data-table-td--selection .n-checkbox[role="checkbox"]')) {
    const cell = box.closest('td');
    const row = (cell?.nextElementSibling?.textContent ?? '').trim();
    label(box, row ? t('a11y.selectRow', { row }) : t('a11y.select'));
  }
}

/**
 * NTabs renders its tabs as plain clickable divs: no roles, and Tab never reaches them. They become a tablist with
 * a roving tabindex (only the selected tab is a Tab stop); the arrow keys, Home and End move between tabs and
 * select them, Enter and Space select the focused one (onTabKeydown).
 */
function patchTabs(root: ParentNode): void {
  // The segment style's sliding highlight is a copy of a tab inside a "capsule": decoration, not a tab.
  for (const capsule of root.querySelectorAll<HTMLElement>('.n-tabs-capsule')) setAttr(capsule, 'aria-hidden', 'true');
  const lists = [...root.querySelectorAll<HTMLElement>('.n-tabs-rail, .n-tabs-wrapper')].filter((el) => !inCapsule(el));
  for (const list of lists) {
    setAttr(list, 'role', 'tablist');
    for (const filler of list.querySelectorAll<HTMLElement>('.n-tabs-tab-wrapper, .n-tabs-tab-pad, .n-tabs-bar')) setAttr(filler, 'role', 'none');
    const tabs = realTabs(list);
    const selected = tabs.find((tab) => tab.classList.contains('n-tabs-tab--active')) ?? tabs[0];
    for (const tab of tabs) {
      const isSelected = tab === selected && tab.classList.contains('n-tabs-tab--active');
      setAttr(tab, 'role', 'tab');
      setAttr(tab, 'aria-selected', String(isSelected));
      setAttr(tab, 'tabindex', tab === selected ? '0' : '-1');
      if (tab.classList.contains('n-tabs-tab--disabled')) setAttr(tab, 'aria-disabled', 'true');
    }
  }
}

const inCapsule = (el: Element) => el.closest('.n-tabs-capsule') !== null;
const realTabs = (list: Element) => [...list.querySelectorAll<HTMLElement>('.n-tabs-tab')].filter((tab) => !inCapsule(tab));

const TAB_MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

function onTabKeydown(e: KeyboardEvent): void {
  const tab = (e.target as Element | null)?.closest?.<HTMLElement>('.n-tabs-tab[role="tab"]');
  const list = tab?.closest<HTMLElement>('[role="tablist"]');
  if (!tab || !list) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    tab.click();
    return;
  }
  const move = TAB_MOVES[e.key];
  if (!move) return;
  e.preventDefault();
  const tabs = realTabs(list).filter((t) => !t.classList.contains('n-tabs-tab--disabled'));
  const next = tabs[move(Math.max(0, tabs.indexOf(tab)), tabs.length)];
  if (!next) return;
  next.click();
  next.focus();
}

function setAttr(el: HTMLElement, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Names an element, marked as ours so a language switch renames it. */
function label(el: HTMLElement, name: string): void {
  if (el.getAttribute('aria-label') === name) return;
  el.setAttribute('aria-label', name);
  el.setAttribute('data-a11y-patched', '');
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
  // class: a tab's selection shows only as a class change. characterData: a virtual list reuses its rows and only
  // their text changes, which renames their selection boxes.
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['role', 'class'] });
  document.addEventListener('keydown', onTabKeydown);
  const stopWatch = watch(i18n.global.locale, () => patchLibraryAccessibility(document));
  schedule();
  return () => {
    document.removeEventListener('keydown', onTabKeydown);
    observer.disconnect();
    stopWatch();
  };
}
