// Reads a CSV file from disk in pieces: decodes the bytes and hands the text to papaparse's stream mode
// (csv-records.ts), which gives the caller each piece's complete records as one run. The caller handles
// each run synchronously; between runs the event loop turns (every piece is a separate file read), so the
// core keeps answering while a big file is read.
import { open } from 'node:fs/promises';
import type { ImportDelimiter, ImportEncoding } from '../../../../src-shared/contract';
import { LineEnds, parseCsvStream, type CsvRun } from './csv-records';
import { createDecoder } from './encoding';

export type { CsvRun } from './csv-records';

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
  /** Awaited before each read (before shouldStop is asked): a reader in a thread waits here for its runs to be taken. */
  beforeRead?(): Promise<void>;
}

export interface ReadCsvResult {
  records: number;
  bytesRead: number;
  stopped: boolean;
  /** The file was longer than maxBytes. */
  truncated: boolean;
}

export async function readCsvFile(opts: ReadCsvOptions): Promise<ReadCsvResult> {
  const fh = await open(opts.path, 'r');
  const decoder = createDecoder(opts.encoding);
  const lineEnds = new LineEnds();
  const size = opts.readBytes ?? 1024 * 1024;
  const buffer = Buffer.allocUnsafe(size);
  let bytesRead = 0;
  let stopped = false;
  let truncated = false;
  // The next piece is read only once papaparse has taken the previous one, so progress follows the parse.
  async function* pieces(): AsyncGenerator<string> {
    for (;;) {
      if (opts.beforeRead) await opts.beforeRead();
      if (opts.shouldStop?.()) {
        stopped = true;
        return;
      }
      const want = opts.maxBytes !== undefined ? Math.min(size, opts.maxBytes - bytesRead) : size;
      const { bytesRead: n } = want > 0 ? await fh.read(buffer, 0, want, bytesRead) : { bytesRead: 0 };
      if (n === 0) {
        if (opts.maxBytes !== undefined && bytesRead >= opts.maxBytes) {
          truncated = (await fh.stat()).size > bytesRead;
        }
        if (!truncated) {
          const last = lineEnds.push(decoder.decode(new Uint8Array(0), true), true);
          if (last !== '') yield last;
        }
        return;
      }
      bytesRead += n;
      const text = lineEnds.push(decoder.decode(buffer.subarray(0, n)));
      if (text !== '') yield text;
      opts.onProgress?.(bytesRead);
    }
  }
  try {
    // A preview ends at the last complete record, and so does a stopped read: the cut-off one is not shown.
    const records = await parseCsvStream(pieces(), { delimiter: opts.delimiter, onRun: opts.onRun, endIsTorn: () => stopped || truncated });
    return { records, bytesRead, stopped, truncated };
  } finally {
    await fh.close();
  }
}
