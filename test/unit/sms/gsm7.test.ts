// The GSM 03.38 tables, checked character by character against the standard's layout.
import { describe, expect, it } from 'vitest';
import { GSM7_BASIC_TABLE, GSM7_EXTENSION_CHARS, gsm7Cost } from '../../../src-shared/sms/segments';

describe('GSM 03.38 tables', () => {
  it('basic table has 128 positions with ESC at 0x1B', () => {
    expect(GSM7_BASIC_TABLE).toHaveLength(128);
    expect(GSM7_BASIC_TABLE.charCodeAt(0x1b)).toBe(0x1b);
  });

  it.each([
    [0x00, '@'],
    [0x01, '£'],
    [0x02, '$'],
    [0x09, 'Ç'],
    [0x0a, '\n'],
    [0x0d, '\r'],
    [0x10, 'Δ'],
    [0x11, '_'],
    [0x1c, 'Æ'],
    [0x24, '¤'],
    [0x40, '¡'],
    [0x5b, 'Ä'],
    [0x5f, '§'],
    [0x60, '¿'],
    [0x7f, 'à'],
  ])('septet 0x%s is %s', (septet, ch) => {
    expect(GSM7_BASIC_TABLE[septet]).toBe(ch);
  });

  it('every basic character except ESC costs one septet', () => {
    for (const ch of GSM7_BASIC_TABLE) expect(gsm7Cost(ch.charCodeAt(0))).toBe(ch === '\x1b' ? 0 : 1);
  });

  it('every extension character costs two septets', () => {
    expect([...GSM7_EXTENSION_CHARS]).toEqual(['\f', '^', '{', '}', '\\', '[', '~', ']', '|', '€']);
    for (const ch of GSM7_EXTENSION_CHARS) expect(gsm7Cost(ch.charCodeAt(0))).toBe(2);
  });

  it.each(['`', '\t', 'ç', 'á', 'ô', 'ã', 'Œ', 'α', 'ж', '漢', '“', '–', '…', '\u00a0', '\ud83d'])(
    '%s is not GSM-7',
    (ch) => {
      expect(gsm7Cost(ch.charCodeAt(0))).toBe(0);
    },
  );

  it('exactly 127 + 10 characters are GSM-7', () => {
    let n = 0;
    for (let c = 0; c < 0x10000; c++) if (gsm7Cost(c) > 0) n++;
    expect(n).toBe(137);
  });
});
