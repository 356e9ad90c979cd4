// fast-check generators for SMS texts: mostly GSM-7 with the characters that change the count mixed in.
import fc from 'fast-check';
import { GSM7_BASIC_TABLE, GSM7_EXTENSION_CHARS } from '../../../src-shared/sms/segments';

export const gsmBasicChar = fc.constantFrom(...[...GSM7_BASIC_TABLE].filter((c) => c !== '\x1b'));
export const gsmExtensionChar = fc.constantFrom(...GSM7_EXTENSION_CHARS);
export const bmpNonGsmChar = fc.constantFrom('ж', '“', '”', '—', '漢', 'ç', '\u00a0', '`', '\t', 'á');
export const astralChar = fc.constantFrom('😀', '👍', '𝄞', '🇩🇰', '👍🏽');
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
export const anyCodePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

/** Texts made only of GSM-7 characters, long enough to cross several part boundaries ('max' spreads lengths evenly). */
export const gsmText = fc.string({
  unit: fc.oneof({ arbitrary: gsmBasicChar, weight: 8 }, { arbitrary: gsmExtensionChar, weight: 1 }),
  maxLength: 700,
  size: 'max',
});

export const smsChar = fc.oneof(
  { arbitrary: gsmBasicChar, weight: 40 },
  { arbitrary: gsmExtensionChar, weight: 4 },
  { arbitrary: bmpNonGsmChar, weight: 1 },
  { arbitrary: astralChar, weight: 1 },
  { arbitrary: loneSurrogate, weight: 1 },
  { arbitrary: anyCodePoint, weight: 1 },
);

/** Any text, including broken UTF-16, biased towards what users type. */
export const smsText = fc.oneof(
  fc.string({ unit: smsChar, maxLength: 400, size: 'max' }),
  fc.string({ unit: smsChar, maxLength: 20 }),
);
