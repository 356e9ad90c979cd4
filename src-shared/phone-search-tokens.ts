// How a stored number is searched for: its search tokens, apart from phone.ts so that what writes contacts' search
// columns (the import's save in its worker thread) does not load libphonenumber (90 of its 116 modules).
import type { Phone } from './phone';

/**
 * The ways someone may type the start of a stored number, as search tokens: with its country code
 * (4520123456) and without (20123456). A national trunk 0 (07911 …) is dropped from the query instead.
 */
export function phoneSearchTokens(phone: Pick<Phone, 'msisdn' | 'national'>): string {
  return `${phone.msisdn} ${phone.national}`;
}
