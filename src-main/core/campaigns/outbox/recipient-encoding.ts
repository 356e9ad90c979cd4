// Whether a frozen recipient's text needs UCS-2, told from the template and its stored tag values without reading
// or counting the rendered text: the outbox asks this for every recipient of every chunk.
import { countSegments } from '../../../../src-shared/sms/segments';

/** Printable ASCII but the backtick and the backslash: every one of these is a GSM-7 character, unescaped in JSON. */
const PLAIN_GSM_JSON = /^[\x20-\x5b\x5d-\x5f\x61-\x7e]*$/;

/**
 * A text made of the template with tag values put in needs UCS-2 exactly when the template's own characters or one
 * of the values do (merge-field names are ASCII). `templateUcs2` is the template's encoding, counted once.
 */
export function recipientNeedsUcs2(templateUcs2: boolean, tagvaluesJson: string | null): boolean {
  if (templateUcs2) return true;
  if (tagvaluesJson === null || PLAIN_GSM_JSON.test(tagvaluesJson)) return false;
  const values = JSON.parse(tagvaluesJson) as unknown;
  return Array.isArray(values) && values.some((v) => typeof v === 'string' && countSegments(v).encoding === 'UCS-2');
}
