// A run's reading step: every row of the file into the import's staging database, the header kept, blank
// lines counted, and each row mapped and accepted or rejected with the row number a spreadsheet shows.
import type { ColumnTarget, MergeRule } from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { readCsvFile } from './csv-reader';
import { isBlank, mapRow } from './row-mapping';
import type { Staging } from './staging';
import type { ReadOptions } from './preview';
import { readError } from './import-errors';

/**
 * Bytes per piece of the file: each piece's rows are mapped and staged in one synchronous run. About 300 rows keep
 * that run near 15 ms on a quiet machine: 64 KB (about 600 rows) held the core 50–60 ms at a time (the import's p99
 * in bench core.max_loop_block_ms: 55 ms; 15–16 ms with 32 KB), and 16 KB made the reading 0.25 s slower at
 * 100,000 rows (each piece is a file read and a turn of papaparse's stream).
 */
const STAGE_READ_BYTES = 32 * 1024;

export interface StageInput {
  file: string;
  read: ReadOptions;
  mapping: ColumnTarget[];
  defaultCountry: CountryCode;
  mergeRule: MergeRule;
  shouldStop: () => boolean;
  onProgress: (bytesRead: number) => void;
}

export interface Staged {
  /** The header row's cells, when the file has one. */
  headers: string[] | null;
  blankLines: number;
  /** The read was cancelled before the end of the file. */
  stopped: boolean;
}

export async function stageRows(staging: Staging, input: StageInput): Promise<Staged> {
  const opts = input.read;
  let headers: string[] | null = null;
  let blankLines = 0;
  const ctx = { defaultCountry: input.defaultCountry, delimiter: opts.delimiter };
  let read;
  try {
    read = await readCsvFile({
      path: input.file,
      encoding: opts.encoding,
      delimiter: opts.delimiter,
      readBytes: STAGE_READ_BYTES,
      shouldStop: input.shouldStop,
      onProgress: input.onProgress,
      onRun: (run) =>
        staging.batch(() => {
          run.rows.forEach((cells, i) => {
            const record = run.firstRecord + i;
            if (opts.hasHeader && record === 0) {
              headers = cells.map((c) => c.replace(/^\ufeff/, '').trim());
              return;
            }
            if (isBlank(cells)) {
              blankLines++;
              return;
            }
            // The row number a spreadsheet shows (the header, when there is one, is row 1).
            const rowNo = record + 1;
            if (run.badQuotes.has(i)) {
              staging.reject(rowNo, 'bad_quotes', 'A quote (") in this row is misplaced: a value in quotes must end with the quote.', cells);
              return;
            }
            const r = mapRow(cells, input.mapping, ctx);
            if (r.ok) staging.accept(rowNo, r.row, input.mergeRule);
            else staging.reject(rowNo, r.reason, r.message, cells);
          });
        }),
    });
  } catch (err) {
    throw readError(err);
  }
  return { headers, blankLines, stopped: read.stopped };
}
