// The GSM 03.38 default alphabet and its extension table, as a septet-cost lookup by UTF-16 code unit.

/** The basic table in septet order 0x00–0x7F; 0x1B is the escape to the extension table, not a character. */
export const GSM7_BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';

/** Characters reached through the escape (form feed ^ { } \ [ ~ ] | €): each costs two septets. */
export const GSM7_EXTENSION_CHARS = '\f^{}\\[~]|€';

const ESCAPE = 0x1b;

/** Every GSM-7 character is below U+20AD (€ is the highest), so a small dense table covers them all. */
export const GSM7_COST_TABLE_SIZE = 0x20ad;

/** Septets per UTF-16 code unit: 1 basic, 2 extension, 0 not representable in GSM-7. */
export const GSM7_COST: Uint8Array = (() => {
  const table = new Uint8Array(GSM7_COST_TABLE_SIZE);
  for (let i = 0; i < GSM7_BASIC_TABLE.length; i++) {
    const c = GSM7_BASIC_TABLE.charCodeAt(i);
    if (c !== ESCAPE) table[c] = 1;
  }
  for (let i = 0; i < GSM7_EXTENSION_CHARS.length; i++) table[GSM7_EXTENSION_CHARS.charCodeAt(i)] = 2;
  return table;
})();

/** Septets for one UTF-16 code unit, 0 when GSM-7 cannot represent it. */
export function gsm7Cost(code: number): number {
  return code < GSM7_COST_TABLE_SIZE ? GSM7_COST[code]! : 0;
}
