// The text a legacy recipient gets and how many parts it takes: GSM-7 or UCS-2 as the encoding field asks,
// cut at max_parts, or a binary payload counted in bytes.
import { countSegments, splitIntoParts } from '../src-shared/sms/segments';

/** Binary SMS: one part carries 140 bytes; concatenated parts 134 (6 go to the concatenation header). */
const BINARY_SINGLE = 140;
const BINARY_MULTI = 134;

export interface Rendered {
  text: string;
  parts: number;
  encoding: 'GSM-7' | 'UCS-2';
}

/**
 * The text a recipient gets and its parts. With encoding UTF8 the text travels as GSM-7, so characters
 * GSM-7 lacks arrive as '?'; with UCS2 it is counted as the shared segment module counts it.
 */
export function render(text: string, encoding: 'UTF8' | 'UCS2', maxParts: number | null): Rendered {
  let count = countSegments(text);
  if (encoding === 'UTF8' && count.encoding === 'UCS-2') {
    for (const ch of count.nonGsmChars) text = text.split(ch).join('?');
    count = countSegments(text);
  }
  let parts = Math.max(1, count.segments);
  if (maxParts !== null && parts > maxParts) {
    // Only max_parts parts are sent (and charged); the rest of the text is dropped.
    text = splitIntoParts(text).slice(0, maxParts).join('');
    parts = maxParts;
  }
  return { text, parts, encoding: count.encoding };
}

/** Binary SMS parts: the payload and its UDH counted in bytes. */
export function binaryParts(payload: string, udh: string | null): number {
  const bytes = Buffer.byteLength(payload, 'base64') + (udh ? Buffer.byteLength(udh, 'base64') : 0);
  return bytes <= BINARY_SINGLE ? 1 : Math.ceil(bytes / BINARY_MULTI);
}
