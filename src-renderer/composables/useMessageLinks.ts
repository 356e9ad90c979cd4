// The gateway message id behind each shown campaign recipient that has one (SMS interface), so a row can open the
// message's page; follows the rows as pages, filters and statuses change.
import { shallowRef, watch, type Ref } from 'vue';
import type { CampaignRecipientRow } from '../../src-shared/contract';
import { useMessagesStore } from '../stores/messages';

export function useMessageLinks(campaignId: Ref<number>, rows: () => readonly CampaignRecipientRow[]) {
  const messages = useMessagesStore();
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
  return ids;
}
