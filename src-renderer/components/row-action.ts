// A list row's small action button (pause, delete, …): its click does its action only, never also the row's own
// click, which opens the row.
import { h, type VNode } from 'vue';
import { NButton } from 'naive-ui';

export function rowAction(label: string, onClick: () => void, testid: string, type?: 'error' | 'primary'): VNode {
  return h(NButton, { size: 'tiny', secondary: true, type, 'data-testid': testid, onClick: (e: MouseEvent) => (e.stopPropagation(), onClick()) }, { default: () => label });
}
