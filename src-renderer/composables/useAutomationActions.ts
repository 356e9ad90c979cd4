// What an automation's buttons do in the list and the editor: switch on (after saying what it will send and,
// live, that real texts go out), pause and delete (after asking; then saying what could not be withdrawn) and
// duplicate, each with its outcome told as a toast.
import { h } from 'vue';
import { useDialog, useMessage } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import type { Automation, AutomationDraft, Mode, NextSends } from '../../src-shared/contract';
import { call, errorMessage } from '../api';
import { useAutomationsStore } from '../stores/automations';
import { useSettingsStore } from '../stores/settings';
import { switchOnConfirmation } from '../automations/switch-on-confirmation';
import { useFormat } from './useFormat';
import { useWords } from './useWords';
import { useConfirmAction } from './useConfirmAction';

export function useAutomationActions() {
  const store = useAutomationsStore();
  const settings = useSettingsStore();
  const dialog = useDialog();
  const toast = useMessage();
  const { t } = useI18n();
  const fmt = useFormat();
  const words = useWords();

  async function run<T>(action: () => Promise<T>, ok?: string): Promise<T | undefined> {
    try {
      const v = await action();
      if (ok) toast.success(ok);
      return v;
    } catch (err) {
      toast.error(errorMessage(err));
      return undefined;
    }
  }

  function tellNotWithdrawn(n: number) {
    if (n > 0) toast.warning(t('automations.notWithdrawn', { n: fmt.number(n) }, n), { duration: 10_000 });
  }

  /** Switched on; after a pause, how many runs due meanwhile the history lists as skipped (none was sent). */
  function tellSwitchedOn(skipped: number) {
    if (skipped === 0) toast.success(t('automations.resumed'));
    else toast.success(t('automationHistory.resumedSkipped', { n: fmt.number(skipped) }, skipped), { duration: 10_000 });
  }

  /** Live or sandbox as the core says now: the live warning must not depend on a stale answer. */
  async function mode(): Promise<Mode> {
    if (!settings.view) await settings.load();
    return settings.view!.connection.mode;
  }

  /**
   * Asks before switching on, with what it will send (the next sends shown, or worked out now); resolves once
   * switched on (true) or not (false).
   */
  async function switchOn(a: Pick<Automation, 'id'>, draft: AutomationDraft, next: NextSends | null = null): Promise<boolean> {
    const m = await run(mode);
    if (!m) return false;
    const known = next ?? (await call('automations.preview', { draft, id: a.id }).catch(() => null));
    const c = switchOnConfirmation(draft.name, m, known, words);
    const warning = c.warning;
    return new Promise((resolve) => {
      (warning ? dialog.warning : dialog.info)({
        title: c.title,
        // Live, the warning is its own paragraph, first: it is what the user must not miss.
        content: warning ? () => [h('p', { 'data-testid': 'live-warning', style: 'margin-top: 0' }, warning), h('p', c.body)] : c.body,
        positiveText: c.positiveText,
        negativeText: t('common.cancel'),
        positiveButtonProps: { 'data-testid': 'confirm-switch-on' } as never,
        onPositiveClick: async () => {
          const r = await run(() => store.activate(a.id, c.liveAcknowledged));
          if (r) tellSwitchedOn(r.skippedWhilePaused);
          resolve(r !== undefined);
        },
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
      });
    });
  }

  const confirmAction = useConfirmAction();
  /** Asks with a title that says what happens and a button that names the action. */
  const ask = (kind: 'pauseAutomation' | 'deleteAutomation', content: string, action: () => Promise<unknown>) => confirmAction(kind, content, action, 'confirm-yes');

  function pause(a: Pick<Automation, 'id'>) {
    ask('pauseAutomation', t('automations.pauseConfirm'), async () => {
      const r = await run(() => store.pause(a.id));
      if (!r) return;
      toast.success(r.withdrawn > 0 ? t('automationHistory.pausedWithdrawn', { n: fmt.number(r.withdrawn) }, r.withdrawn) : t('automations.paused'));
      tellNotWithdrawn(r.notWithdrawn);
    });
  }

  /** Asks, deletes, then runs `after` (the editor goes back to the list). */
  function remove(a: Pick<Automation, 'id'>, after?: () => unknown) {
    ask('deleteAutomation', t('automations.deleteConfirm'), async () => {
      const r = await run(() => store.remove(a.id), t('automations.deleted'));
      if (r) {
        tellNotWithdrawn(r.notWithdrawn);
        await after?.();
      }
    });
  }

  const duplicate = (a: Pick<Automation, 'id'>) => run(() => store.duplicate(a.id), t('automations.duplicated'));

  return { run, switchOn, pause, remove, duplicate, tellNotWithdrawn };
}
