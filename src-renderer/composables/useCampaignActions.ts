// What a campaign's buttons do in any view: run the action and toast its success or the error in words, or ask first.
// Which buttons a campaign gets is the shared state machine's answer (components/campaigns/campaign-facts.ts).
import { useDialog, useMessage } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import type { CampaignSummary } from '../../src-shared/contract';
import { errorMessage } from '../api';
import { cancelQuestionKey, offeredActions } from '../components/campaigns/campaign-facts';
import { useCampaignsStore } from '../stores/campaigns';

export function useCampaignActions() {
  const toast = useMessage();
  const dialog = useDialog();
  const { t } = useI18n();
  const store = useCampaignsStore();

  async function run(action: () => Promise<unknown>, ok?: string): Promise<void> {
    try {
      await action();
      if (ok) toast.success(ok);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }

  /** Asks with a warning titled `title`; runs the action only on yes. */
  function confirm(title: string, content: string, action: () => Promise<unknown>): void {
    dialog.warning({ title, content, positiveText: t('campaigns.confirmYes'), negativeText: t('campaigns.confirmNo'), onPositiveClick: () => run(action) });
  }

  /** Asks what cancelling this campaign takes back (a scheduled one, messages waiting at the gateway…), then cancels. */
  function cancel(c: Pick<CampaignSummary, 'id' | 'state'>, title: string): void {
    confirm(title, t(cancelQuestionKey(c)), () => store.cancel(c.id));
  }

  return { run, confirm, cancel, offered: offeredActions };
}
