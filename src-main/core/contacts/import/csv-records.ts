// Turns CSV text that arrives in pieces into runs of rows with papaparse's own Node stream mode, which
// carries a record cut by a piece's end over to the next piece; the quote rules are papaparse's alone.
// Added here: line ends made '\n' first (a file may mix them), a quote that never closes caught early
// instead of swallowing the rest of a large file, and a record the text was cut off in dropped on request.
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { ImportDelimiter } from '../../../../src-shared/contract';

/** No real contact row is this long; a longer one means a quote that never closes. */
export const MAX_RECORD_CHARS = 1_000_000;

export class UnclosedQuoteError extends Error {
  constructor(readonly record: number) {
    super(`record ${record} opens a quote that never closes`);
    this.name = 'UnclosedQuoteError';
  }
}

export interface CsvRun {
  rows: string[][];
  /** 0-based index in the file of rows[0]'s record (blank lines count). */
  firstRecord: number;
  /** Indexes into rows of records with a misplaced quote (papaparse's InvalidQuotes). */
  badQuotes: Set<number>;
}

/**
 * Makes every line end '\n' (papaparse takes one line end per parse, and files mix them), also inside
 * quoted values. A '\r' at the end of a piece waits, as the next piece may start with its '\n'.
 */
export class LineEnds {
  private pendingCr = false;

  push(text: string, final = false): string {
    let t = (this.pendingCr ? '\r' : '') + text;
    this.pendingCr = !final && t.endsWith('\r');
    if (this.pendingCr) t = t.slice(0, -1);
    return t.replace(/\r\n?/g, '\n');
  }
}

export interface ParseCsvStreamOptions {
  delimiter: ImportDelimiter;
  /** Called once per piece of text with the records it completed, before the next piece is asked for. */
  onRun(run: CsvRun): void;
  /** Asked when the text has ended: true when it was cut short, so its unfinished last record is dropped. */
  endIsTorn?(): boolean;
}

/**
 * Parses text whose line ends are '\n' (see LineEnds), piece by piece as `source` yields it; resolves with
 * the number of records. Rejects with UnclosedQuoteError, or with whatever `source` or `onRun` threw.
 */
export function parseCsvStream(source: AsyncIterable<string>, opts: ParseCsvStreamOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = Readable.from(source);
    let fed = 0;
    let ended = false;
    let records = 0;
    // Registered before papaparse's own listeners, so they run before it parses the piece or the end.
    text.on('data', (piece: string) => (fed += piece.length));
    text.once('end', () => (ended = true));
    text.on('error', reject);
    Papa.parse<string[]>(text, {
      delimiter: opts.delimiter,
      newline: '\n',
      quoteChar: '"',
      skipEmptyLines: false,
      chunk(results) {
        if (ended && opts.endIsTorn?.()) return;
        const rows = results.data;
        const badQuotes = new Set<number>();
        for (const e of results.errors) {
          // An error about the record still open at the piece's end is found again when the next piece completes it.
          if (e.row === undefined || e.row >= rows.length) continue;
          if (e.code === 'MissingQuotes') throw new UnclosedQuoteError(records + e.row + 1);
          if (e.code === 'InvalidQuotes') badQuotes.add(e.row);
        }
        // Text after the last complete record waits for the next piece; this much of it is no contact row.
        if (fed - results.meta.cursor > MAX_RECORD_CHARS) throw new UnclosedQuoteError(records + rows.length + 1);
        if (rows.length === 0) return;
        opts.onRun({ rows, firstRecord: records, badQuotes });
        records += rows.length;
      },
      complete: () => resolve(records),
      error: (err: Error) => {
        text.destroy();
        reject(err);
      },
    });
  });
}
