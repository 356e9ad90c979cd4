// The gateway message id behind each shown campaign recipient that has one (SMS interface), and the link from such a
// row to that message's page; follows the rows as pages, filters and statuses change.
import { h, shallowRef, watch, type Ref, type VNode } from 'vue';
import { RouterLink } from 'vue-router';
import { useThemeVars } from 'naive-ui';
import type { CampaignRecipientRow } from '../../src-shared/contract';
import { useMessagesStore } from '../stores/messages';

export function useMessageLinks(campaignId: Ref<number>, rows: () => readonly CampaignRecipientRow[]) {
  const messages = useMessagesStore();
  const theme = useThemeVars();
  const ids = shallowRef(new Map<number, number>());
  let asked = 0;
  watch(rows, async (list) => {
    const mine = ++asked;
    // Only accepted recipients have reached the gateway, so only they can have a message there.
    const accepted = list.filter((r) => r.state === 'accepted').map((r) => r.id);
    // Without the ids the rows simply have no link; the table itself is unaffected.
    const found = await messages.idsOfRecipients(campaignId.value, accepted).catch(() => new Map<number, number>());
    if (mine === asked) ids.value = found;
  });
  /** The link for a row, or nothing; in the theme's link colour (the browser's blue is unreadable on dark). */
  const link = (recipientId: number): VNode | string => {
    const g = ids.value.get(recipientId);
    if (g === undefined) return '';
    return h(
      RouterLink,
      { to: { name: 'message', params: { id: String(g) } }, style: { color: theme.value.primaryColor }, 'data-testid': 'recipient-message-link' },
      { default: () => String(g) },
    );
  };
  return { ids, link };
}
