// What a campaign's buttons do in any view: run the action and toast its success or the error in words, or ask first.
// Which buttons a campaign gets is the shared state machine's answer (components/campaigns/campaign-facts.ts).
import { useMessage } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import type { CampaignSummary } from '../../src-shared/contract';
import { errorMessage } from '../api';
import { cancelQuestionKey, offeredActions } from '../components/campaigns/campaign-facts';
import { useCampaignsStore } from '../stores/campaigns';
import type { ConfirmKind } from '../i18n/confirm-en';
import { useConfirmAction } from './useConfirmAction';

export function useCampaignActions() {
  const toast = useMessage();
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

  /** Asks with a warning whose title says what happens and whose button names the action; runs it only then. */
  const confirmAction = useConfirmAction();
  function confirm(kind: ConfirmKind, content: string, action: () => Promise<unknown>): void {
    confirmAction(kind, content, () => run(action));
  }

  /** Asks what cancelling this campaign takes back (a scheduled one, messages waiting at the gateway…), then cancels. */
  function cancel(c: Pick<CampaignSummary, 'id' | 'state'>): void {
    const question = cancelQuestionKey(c);
    const kind = question === 'campaigns.cancelScheduledConfirm' ? 'cancelScheduled' : question === 'campaigns.cancelPendingConfirm' ? 'withdrawPending' : 'cancelCampaign';
    confirm(kind, t(question), () => store.cancel(c.id));
  }

  return { run, confirm, cancel, offered: offeredActions };
}
