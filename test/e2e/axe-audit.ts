// The accessibility walk's parts shared by its files: a view opened by its address and judged by axe-core (the WCAG
// 2.1 A/AA and best-practice rules), where overlays live, how findings are printed, and the style that keeps
// transitions and toasts out of what axe measures.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Opens a page of the app by its address, as a link or reload would, and waits for the view. */
export async function open(page: Page, hash: string, view: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
  // Exactly the one view: the one before must be gone, or axe would judge a mix of both.
  await page.waitForFunction((v) => {
    const views = document.querySelectorAll('[data-view]');
    return views.length === 1 && views[0]!.getAttribute('data-view') === v;
  }, view);
  // Lists and panels load from the core after the view appears.
  await page.waitForTimeout(500);
}

export async function axe(page: Page, name: string, scope?: string): Promise<Finding[]> {
  // Not the email preview's frame: it is sandboxed without scripts (axe would wait for it forever), and what it
  // shows is the user's own email, not Besked's UI.
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude('iframe[sandbox=""]');
  const result = await (scope ? builder.include(scope) : builder).analyze();
  return result.violations.map((v) => ({
    page: name,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`),
  }));
}

/** Where the component library puts what opens over a page: modals and dialogs, drawers, popovers and menus. */
export const OVERLAYS = '.n-modal-container, .n-drawer-container, .v-binder-follower-container';
/** Something is open over the page. */
export const OPEN_OVERLAY = '.n-modal, .n-dialog, .n-drawer, .n-popover';

/** Transitions would let axe measure colours halfway through a theme change; toasts would cover what it checks. */
export const STEADY = '*, *::before, *::after { transition: none !important; animation: none !important; } .n-message-container { visibility: hidden !important; }';

export const SEVERE = new Set(['serious', 'critical']);
export const describeFinding = (f: Finding) => `[${f.impact}] ${f.page}: ${f.id} (${f.help})\n      ${f.nodes.join('\n      ')}`;
