// Cuts decoded CSV text into runs of complete records, so each run can be parsed on its own: follows
// quotes exactly as papaparse does (a quote opens only at the start of a field; inside, "" is a quote and
// a quote closes only before a delimiter, a line end or the end). It also catches a quote that never
// closes early, instead of letting it swallow the rest of a large file.
import type { ImportDelimiter } from '../../../../src-shared/contract';

/** No real contact row is this long; a longer one means a quote that never closes. */
export const MAX_RECORD_CHARS = 1_000_000;

export class UnclosedQuoteError extends Error {
  constructor(readonly record: number) {
    super(`record ${record} opens a quote that never closes`);
    this.name = 'UnclosedQuoteError';
  }
}

export class RecordSplitter {
  private buf = '';
  private pos = 0;
  private inQuotes = false;
  private fieldStart = true;
  private boundary = 0;
  private records = 0;
  private pendingCr = false;
  private readonly delim: number;

  constructor(delimiter: ImportDelimiter) {
    this.delim = delimiter.charCodeAt(0);
  }

  /**
   * Adds text; returns the complete records it finished (each ending in '\n', line ends normalised to
   * '\n'), or '' when none finished yet. With `final`, everything left is returned as the last record.
   */
  push(text: string, final = false): string {
    // Line ends become '\n'; a '\r' at the very end waits, as the next text may start with its '\n'.
    let t = (this.pendingCr ? '\r' : '') + text;
    this.pendingCr = !final && t.endsWith('\r');
    if (this.pendingCr) t = t.slice(0, -1);
    this.buf += t.replace(/\r\n?/g, '\n');
    this.scan(final);
    if (final) {
      if (this.inQuotes) throw new UnclosedQuoteError(this.records + 1);
      let rest = this.buf;
      this.buf = '';
      this.pos = this.boundary = 0;
      if (rest !== '' && !rest.endsWith('\n')) rest += '\n';
      return rest;
    }
    if (this.buf.length - this.boundary > MAX_RECORD_CHARS) throw new UnclosedQuoteError(this.records + 1);
    const done = this.buf.slice(0, this.boundary);
    this.buf = this.buf.slice(this.boundary);
    this.pos -= this.boundary;
    this.boundary = 0;
    return done;
  }

  private scan(final: boolean): void {
    const b = this.buf;
    const len = b.length;
    let pos = this.pos;
    while (pos < len) {
      if (this.inQuotes) {
        const q = b.indexOf('"', pos);
        if (q < 0) {
          pos = len;
          break;
        }
        if (q + 1 >= len && !final) {
          pos = q;
          break;
        }
        if (b.charCodeAt(q + 1) === 0x22) {
          pos = q + 2;
          continue;
        }
        let k = q + 1;
        while (k < len && b.charCodeAt(k) === 0x20) k++;
        if (k >= len) {
          if (!final) {
            pos = q;
            break;
          }
          this.inQuotes = false;
          pos = k;
          continue;
        }
        const c = b.charCodeAt(k);
        if (c === this.delim || c === 0x0a) {
          this.inQuotes = false;
          pos = k;
        } else {
          pos = q + 1; // a stray quote inside the quoted field: part of the value
        }
        continue;
      }
      if (this.fieldStart && b.charCodeAt(pos) === 0x22) {
        this.inQuotes = true;
        this.fieldStart = false;
        pos++;
        continue;
      }
      this.fieldStart = false;
      while (pos < len) {
        const c = b.charCodeAt(pos++);
        if (c === this.delim) {
          this.fieldStart = true;
          break;
        }
        if (c === 0x0a) {
          this.fieldStart = true;
          this.boundary = pos;
          this.records++;
          break;
        }
      }
    }
    this.pos = pos;
  }
}
