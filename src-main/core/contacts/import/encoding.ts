// Which text encoding a file is in: a byte order mark decides; otherwise UTF-8 when every byte sequence is
// valid UTF-8, else Windows-1252 (what Excel in Denmark writes as "CSV"). UTF-16 without a mark is spotted
// by its zero bytes. Text that decodes to control characters is in none of these and is refused.
import type { ImportEncoding } from '../../../../src-shared/contract';

export function encodingFromBom(head: Uint8Array): ImportEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 text of mostly Latin letters has a zero in every other byte. */
export function utf16WithoutBom(head: Uint8Array): ImportEncoding | null {
  const n = Math.min(head.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Feeds a file's bytes in order and says whether all of it is valid UTF-8. */
export class Utf8Validator {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private valid = true;

  push(chunk: Uint8Array): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
    return this.valid;
  }

  end(): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode();
    } catch {
      this.valid = false;
    }
    return this.valid;
  }
}

// NUL and C0 controls other than tab, LF, CR; and C1 controls, which Windows-1252 decoding yields only
// for its five undefined bytes.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Whether decoded text looks like real text rather than another encoding read wrongly. */
export function unreadableShare(text: string): number {
  if (text.length === 0) return 0;
  const m = text.match(CONTROL);
  return (m?.length ?? 0) / text.length;
}

/** UTF-8 read twice ("SÃ¸ren" for "Søren"): the file was converted once too often. */
export function looksDoubleEncoded(text: string): boolean {
  const m = text.match(/[ÃÂ][\u0080-\u00bf]/g);
  return (m?.length ?? 0) >= 3;
}

export function encodingLabel(e: ImportEncoding): string {
  return { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252 (Latin-1)', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16 (big-endian)' }[e];
}

// Node's TextDecoder reads 'windows-1252' as ISO-8859-1, so €, curly quotes and dashes (0x80–0x9F) would
// come out as control characters. These are the WHATWG Windows-1252 code points for that range; the five
// bytes the encoding leaves undefined stay control characters (and make the text count as unreadable).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
const C1 = /[\u0080-\u009f]/g;

export interface TextChunkDecoder {
  /** Decodes the next bytes; a character cut at the end of `bytes` waits for the next call unless `final`. */
  decode(bytes: Uint8Array, final?: boolean): string;
}

export function createDecoder(encoding: ImportEncoding): TextChunkDecoder {
  if (encoding === 'windows-1252') {
    return {
      decode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(C1, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!)),
    };
  }
  // Fatal for UTF-8: the file was checked to be valid UTF-8 throughout, so an error here is a real fault.
  const d = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  return { decode: (bytes, final = false) => d.decode(bytes, { stream: !final }) };
}
