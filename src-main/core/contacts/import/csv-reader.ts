// Reads a CSV file from disk in pieces: decodes the bytes, cuts them into complete records and parses each
// run of records with papaparse. The caller handles each run synchronously; between runs the event loop
// turns (every piece is a separate file read), so the core keeps answering while a big file is read.
import { open } from 'node:fs/promises';
import Papa from 'papaparse';
import type { ImportDelimiter, ImportEncoding } from '../../../../src-shared/contract';
import { RecordSplitter } from './record-splitter';
import { createDecoder } from './encoding';

export interface CsvRun {
  rows: string[][];
  /** 0-based index in the file of rows[0]'s record (blank lines count). */
  firstRecord: number;
  /** Indexes into rows of records with a misplaced quote (papaparse's InvalidQuotes). */
  badQuotes: Set<number>;
}

export interface ReadCsvOptions {
  path: string;
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
  /** Bytes per file read; the run handler sees about this much text at a time. */
  readBytes?: number;
  /** Stop after this many bytes (for a preview). */
  maxBytes?: number;
  onRun(run: CsvRun): void;
  onProgress?(bytesRead: number): void;
  /** Checked before each read; true stops reading. */
  shouldStop?(): boolean;
}

export interface ReadCsvResult {
  records: number;
  bytesRead: number;
  stopped: boolean;
  /** The file was longer than maxBytes. */
  truncated: boolean;
}

/** Parses complete records (text ending in '\n') into rows; the trailing line end makes no extra row. */
export function parseRecords(text: string, delimiter: ImportDelimiter): { rows: string[][]; badQuotes: Set<number> } {
  if (text === '') return { rows: [], badQuotes: new Set() };
  const r = Papa.parse<string[]>(text, { delimiter, newline: '\n', quoteChar: '"', skipEmptyLines: false });
  const rows = r.data;
  rows.pop();
  const badQuotes = new Set<number>();
  for (const e of r.errors) if (e.code === 'InvalidQuotes' && e.row !== undefined) badQuotes.add(e.row);
  return { rows, badQuotes };
}

export async function readCsvFile(opts: ReadCsvOptions): Promise<ReadCsvResult> {
  const fh = await open(opts.path, 'r');
  const decoder = createDecoder(opts.encoding);
  const splitter = new RecordSplitter(opts.delimiter);
  const size = opts.readBytes ?? 1024 * 1024;
  const buffer = Buffer.allocUnsafe(size);
  let bytesRead = 0;
  let records = 0;
  let stopped = false;
  let truncated = false;
  const deliver = (text: string) => {
    const { rows, badQuotes } = parseRecords(text, opts.delimiter);
    if (rows.length === 0) return;
    opts.onRun({ rows, firstRecord: records, badQuotes });
    records += rows.length;
  };
  try {
    for (;;) {
      if (opts.shouldStop?.()) {
        stopped = true;
        break;
      }
      const want = opts.maxBytes !== undefined ? Math.min(size, opts.maxBytes - bytesRead) : size;
      const { bytesRead: n } = want > 0 ? await fh.read(buffer, 0, want, bytesRead) : { bytesRead: 0 };
      if (n === 0) {
        if (opts.maxBytes !== undefined && bytesRead >= opts.maxBytes) {
          truncated = (await fh.stat()).size > bytesRead;
        }
        if (truncated) {
          // A preview ends at the last complete record; the cut-off one is not shown.
          deliver(splitter.push(''));
        } else {
          deliver(splitter.push(decoder.decode(new Uint8Array(0), true), true));
        }
        break;
      }
      bytesRead += n;
      deliver(splitter.push(decoder.decode(buffer.subarray(0, n))));
      opts.onProgress?.(bytesRead);
    }
  } finally {
    await fh.close();
  }
  return { records, bytesRead, stopped, truncated };
}
