// The question before an action that cannot be undone: a warning titled with what happens, a button that names the
// action and one that goes back (never Yes/No); the action runs only from that button.
import { useDialog } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import type { ConfirmKind } from '../i18n/confirm-en';

export function useConfirmAction() {
  const dialog = useDialog();
  const { t } = useI18n();
  /** `testId` names the action's button for tests. */
  return (kind: ConfirmKind, content: string, action: () => unknown, testId = 'confirm-action') => {
    dialog.warning({
      title: t(`confirm.${kind}.title`),
      content,
      positiveText: t(`confirm.${kind}.act`),
      negativeText: t('confirm.back'),
      positiveButtonProps: { 'data-testid': testId } as never,
      onPositiveClick: () => void action(),
    });
  };
}
