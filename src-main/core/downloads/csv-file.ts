// The one CSV writer of every export (contacts, consent log, import report, campaign results, usage): UTF-8
// with a byte order mark so Excel shows æøå, CRLF between lines, every text cell defused against formula
// injection, and the file handed over as a size-checked FileDownload.
import Papa from 'papaparse';
import type { FileDownload } from '../../../src-shared/contract';
import { CSV_MIME, fileDownload } from './file-download';
import { defuseCell } from './formula-defuse';

/** Text is defused; a number (a count, a cost) is written as it is, so a spreadsheet can add it up. */
export type CsvCell = string | number;

export type CsvDelimiter = ',' | ';' | '\t' | '|';

/** The file's text: BOM, then the rows; no line end after the last row. */
export function csvText(rows: readonly (readonly CsvCell[])[], delimiter: CsvDelimiter = ','): string {
  const cells = rows.map((row) => row.map((c) => (typeof c === 'string' ? defuseCell(c) : c)));
  return '\ufeff' + Papa.unparse(cells, { delimiter, newline: '\r\n' });
}

export interface CsvFileOptions {
  delimiter?: CsvDelimiter | undefined;
  /** What the user can do instead when the file is too big to hand over. */
  whatToDo: string;
  /** The translatable refusal, when `whatToDo` is the contact export's advice. */
  tooLargeCode?: 'contact.exportTooLarge' | undefined;
}

export function csvFile(fileName: string, rows: readonly (readonly CsvCell[])[], opts: CsvFileOptions): FileDownload {
  return csvDownload(fileName, csvText(rows, opts.delimiter), opts);
}

/** A CSV text made by csvText, handed over as a file. */
export function csvDownload(fileName: string, text: string, opts: Pick<CsvFileOptions, 'whatToDo' | 'tooLargeCode'>): FileDownload {
  return fileDownload(fileName, CSV_MIME, Buffer.from(text, 'utf8'), opts.whatToDo, opts.tooLargeCode);
}
