// Tells the user, wherever they are, when an automation needs them: a run held (cap, credit, sender), a run
// missed while Besked was closed, a handed-over send that could not be withdrawn. Its button opens the automation.
import { h, watch } from 'vue';
import { useRouter } from 'vue-router';
import { useI18n } from 'vue-i18n';
import { NButton, useNotification } from 'naive-ui';
import { useAutomationsStore } from '../stores/automations';
import { useErrorText } from './useErrorText';

export function useAutomationAttention(): void {
  const store = useAutomationsStore();
  const notification = useNotification();
  const router = useRouter();
  const { t } = useI18n();
  const errorText = useErrorText();
  watch(
    () => store.attention.length,
    (waiting) => {
      if (waiting === 0) return;
      for (const a of store.takeAttention()) {
        // Stays until closed: a held run waits for the user, it is not retried by itself.
        const notice = notification.warning({
          title: t('automations.attentionTitle', { name: a.name }),
          content: errorText({ kind: 'internal', message: a.message, ...(a.code ?? {}) }),
          closable: true,
          action: () =>
            h(
              NButton,
              {
                text: true,
                type: 'primary',
                onClick: () => {
                  notice.destroy();
                  void router.push({ name: 'automation', params: { id: String(a.id) } });
                },
              },
              { default: () => t('automations.edit') },
            ),
        });
      }
    },
  );
}
