// Formats amounts of the account's currency for the UI's locale. Kept for the views that still import it;
// new code uses useFormat().money, which this now delegates to.
import { formatLocaleTag } from '../i18n';
import { formatterFor } from './useFormat';

export function formatMoney(amount: number, currency: string, locale: string = formatLocaleTag.value): string {
  return formatterFor(locale).money(amount, currency);
}
