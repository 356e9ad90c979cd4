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
