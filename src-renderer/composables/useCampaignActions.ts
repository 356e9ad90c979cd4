// What a campaign's buttons do in any view: run the action and toast its success or the error in words, or ask first.
import { useDialog, useMessage } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import { errorMessage } from '../api';

export function useCampaignActions() {
  const toast = useMessage();
  const dialog = useDialog();
  const { t } = useI18n();

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

  return { run, confirm };
}
