// The link from a campaign recipient's row to its message's page, where the row has an SMS-interface message id.
import { h, type VNode } from 'vue';
import { RouterLink } from 'vue-router';
import { useThemeVars } from 'naive-ui';
import type { CampaignRecipientRow } from '../../src-shared/contract';

export function useMessageLinks() {
  const theme = useThemeVars();
  /** The link for a row, or nothing; in the theme's link colour (the browser's blue is unreadable on dark). */
  const link = (row: Pick<CampaignRecipientRow, 'messageId'>): VNode | string => {
    if (row.messageId === null) return '';
    return h(
      RouterLink,
      { to: { name: 'message', params: { id: String(row.messageId) } }, style: { color: theme.value.primaryColor }, 'data-testid': 'recipient-message-link' },
      { default: () => String(row.messageId) },
    );
  };
  return { link };
}
