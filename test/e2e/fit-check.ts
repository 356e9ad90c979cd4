// What the responsive walk measures on a page (issue 29): page-level horizontal scroll, interactive elements cut off
// by the viewport's edge (unless a scrolling box of their own holds them), and tap targets smaller than 44 × 44 px.
import type { Page } from 'playwright-core';

export interface FitReport {
  scrollWidth: number;
  innerWidth: number;
  /** Interactive elements past the viewport's left or right edge, outside any scrolling box. */
  cutOff: string[];
  /** Interactive elements smaller than 44 px either way (only counted when asked, at phone sizes). */
  small: string[];
}

/** Where an interactive element can be tapped; the component library's parts are measured by their visible box. */
const INTERACTIVE =
  'button, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], .n-input, .n-base-selection, .n-input-number, select';

export async function measureFit(page: Page, opts: { minTarget: number | null }): Promise<FitReport> {
  return page.evaluate(
    ([selector, min]) => {
      const W = window.innerWidth;
      const describe = (el: Element) => {
        const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const b = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${label}" ${Math.round(b.left)}..${Math.round(b.right)} ${Math.round(b.width)}×${Math.round(b.height)}`;
      };
      /** A box of its own that scrolls sideways (a wide table, a row of tabs), itself inside the viewport. */
      const scrollingBox = (el: Element): Element | null => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const s = getComputedStyle(p);
          if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && p.scrollWidth > p.clientWidth + 1) return p;
        }
        return null;
      };
      const visible = (el: Element) => {
        const b = el.getBoundingClientRect();
        if (b.width === 0 || b.height === 0) return false;
        const s = getComputedStyle(el);
        return s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[hidden], .sr-only, [aria-hidden="true"]');
      };
      /** A link inside a sentence is exempt from the target size (WCAG 2.5.8's inline exception). */
      const inline = (el: Element) => el.tagName === 'A' && getComputedStyle(el).display === 'inline';
      const seen = new Set<Element>();
      const cutOff: string[] = [];
      const small: string[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        // A button inside an input (clear, eye) is measured with its input.
        if (seen.has(el) || !visible(el)) continue;
        seen.add(el);
        const b = el.getBoundingClientRect();
        if (b.right > W + 1 || b.left < -1) {
          const box = scrollingBox(el);
          const boxRect = box?.getBoundingClientRect();
          if (!box || !boxRect || boxRect.right > W + 1 || boxRect.left < -1) cutOff.push(describe(el));
        }
        if (min !== null && !inline(el) && (b.width < min - 0.5 || b.height < min - 0.5)) {
          // Parts of a bigger control (the clear button in a field, a tag's close) are tapped through the control.
          if (el.parentElement?.closest(selector)) continue;
          small.push(describe(el));
        }
      }
      return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: W, cutOff, small };
    },
    [INTERACTIVE, opts.minTarget] as const,
  );
}

/** A list's row action buttons (Pause, Stop sending, Copy, Delete) that are not in sight without scrolling sideways. */
export async function actionsOutOfSight(page: Page, table: string): Promise<string[]> {
  return page.evaluate((testid) => {
    const box = document.querySelector(`[data-testid="${testid}"]`);
    if (!box) return [`no ${testid}`];
    const edge = Math.min(box.getBoundingClientRect().right, window.innerWidth);
    return Array.from(box.querySelectorAll('td button'))
      .filter((b) => b.getBoundingClientRect().right > edge + 1)
      .map((b) => `${b.getAttribute('data-testid')} "${(b.textContent ?? '').trim()}" ends at ${Math.round(b.getBoundingClientRect().right)} > ${Math.round(edge)}`);
  }, table);
}
