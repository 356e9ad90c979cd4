// A list row's small action button (pause, delete, …): its click does its action only, never also the row's own
// click, which opens the row.
import { h, type VNode } from 'vue';
import { NButton } from 'naive-ui';

export function rowAction(label: string, onClick: () => void, testid: string, type?: 'error' | 'primary'): VNode {
  return h(NButton, { size: 'tiny', secondary: true, type, 'data-testid': testid, onClick: (e: MouseEvent) => (e.stopPropagation(), onClick()) }, { default: () => label });
}

/**
 * The narrowest a list with row actions is laid out (campaigns, automations): its columns share the pane's width
 * (a fixed table layout, so a long text's preview is cut with an ellipsis instead of pushing the actions off the
 * right edge), and below this width the table scrolls sideways in its own box, never the page.
 */
export const LIST_MIN_WIDTH = 1000;
