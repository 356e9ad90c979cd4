// Why a recipient was left out, in the UI's language. The core gives its English words only (Exclusion.detail, and a
// campaign recipient's reason); those come from a few fixed sentences and the shared phone rejections, so each is
// recognised whole and translated, and anything else is shown as it came.
import { phoneRejectionMessage, type PhoneRejection } from '../../../src-shared/phone';

interface Translator {
  t(key: string, named?: Record<string, string>): string;
  te(key: string): boolean;
}

const PHONE_REJECTIONS: readonly PhoneRejection[] = ['empty', 'not_a_number', 'scientific', 'too_short', 'too_long', 'unknown_country_code', 'needs_country', 'invalid'];
/** src-main/core/campaigns/recipients/recipients.ts words these two. */
const OPTED_OUT = 'This number has opted out of messages.';
const DUPLICATE = /^Already in the list as (.+)\.$/;

export function exclusionDetail(detail: string, i18n: Translator): string {
  if (detail === OPTED_OUT) return i18n.t('compose.recipients.detail.optedOut');
  const duplicate = DUPLICATE.exec(detail);
  if (duplicate) return i18n.t('compose.recipients.detail.duplicate', { as: duplicate[1]! });
  const phone = PHONE_REJECTIONS.find((r) => phoneRejectionMessage(r) === detail);
  if (phone && i18n.te(`errors.phone.${phone}`)) return i18n.t(`errors.phone.${phone}`);
  return detail;
}
