// The UI's words for the pure text builders (the send and switch-on confirmations): vue-i18n's t with an optional
// plural count, and numbers, money and times in the UI's locale. Call in setup, as any composable.
import { useI18n } from 'vue-i18n';
import type { ConfirmationWords } from '../components/compose/send-confirmation';
import { useFormat } from './useFormat';

export function useWords(): ConfirmationWords {
  const { t } = useI18n();
  const fmt = useFormat();
  return {
    t: (k, n, plural) => (plural === undefined ? t(k, n ?? {}) : t(k, n ?? {}, plural)),
    number: (n) => fmt.number(n),
    money: (n, c) => fmt.money(n, c),
    dateTime: (iso) => fmt.dateTime(iso),
  };
}
