// The accessibility walk's parts shared by its files: a view opened by its address and judged by axe-core (the WCAG
// 2.1 A/AA and best-practice rules), where overlays live, how findings are printed, and the style that keeps
// transitions and toasts out of what axe measures.
import axeCore, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { settle, watchForSettleIn } from './page-settle';

export interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Opens a page of the app by its address, as a link or reload would, and waits for the view. */
export async function open(page: Page, hash: string, view: string): Promise<void> {
  await watchForSettleIn(page);
  await page.evaluate((h) => (location.hash = h), hash);
  // Exactly the one view: the one before must be gone, or axe would judge a mix of both.
  await page.waitForFunction((v) => {
    const views = document.querySelectorAll('[data-view]');
    return views.length === 1 && views[0]!.getAttribute('data-view') === v;
  }, view);
  // Lists and panels load from the core after the view appears.
  await settle(page);
}

/** The rule sets judged: WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core over the page (or what `scope` selects), run in the page itself: injected once per document (the app
 * changes views by address without reloading), not for every look as @axe-core/playwright's analyze() does, which
 * also opens a blank page per look to merge its results (together two thirds of each look's 1.7–4.8 s in CI).
 * Not the email preview's frame: it is sandboxed without scripts, and what it shows is the user's own email, not
 * Besked's UI; the app has no other frame, so frames are not followed.
 */
export async function axe(page: Page, name: string, scope?: string, tags: readonly string[] = TAGS): Promise<Finding[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeCore.source);
  const context = { ...(scope ? { include: [[scope]] } : {}), exclude: [['iframe[sandbox=""]']] };
  const options = { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] };
  const result = (await page.evaluate(
    ([c, o]) => (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(c, o),
    [context, options] as const,
  )) as AxeResults;
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
