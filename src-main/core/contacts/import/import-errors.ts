// Why a file cannot be imported, as the coded errors the owner reads: not CSV, not UTF-8, empty, a header
// only, unreadable text, or a quote that never closes.
import { BeskedError } from '../../errors';
import { coded, type ErrorCode } from '../../../../src-shared/error-codes';
import type { NotCsv } from './file-sniff';
import { encodingLabel } from './encoding';
import { UnclosedQuoteError } from './csv-records';

/** The translatable code for each kind of file that is not CSV ('binary' has no advice of its own). */
const NOT_CSV_CODES: Partial<Record<NotCsv['kind'], Extract<ErrorCode, `import.notCsv.${string}`>>> = {
  excel: 'import.notCsv.excel',
  'old-excel': 'import.notCsv.oldExcel',
  spreadsheet: 'import.notCsv.spreadsheet',
  archive: 'import.notCsv.archive',
  pdf: 'import.notCsv.pdf',
  image: 'import.notCsv.image',
  'web-page': 'import.notCsv.webPage',
  rtf: 'import.notCsv.rtf',
  json: 'import.notCsv.json',
};

export function notCsv(found: NotCsv): BeskedError {
  const code = NOT_CSV_CODES[found.kind];
  return new BeskedError('validation', found.message, code ? coded(code) : {});
}

export function notUtf8(): BeskedError {
  return new BeskedError('validation', 'This file is not UTF-8 text. Choose Windows-1252 (Latin-1) as its encoding, or let Besked detect it.', coded('import.notUtf8'));
}

export function emptyFile(): BeskedError {
  return new BeskedError('validation', 'The file is empty: there are no rows in it. Choose the file with your contacts.', coded('import.noRows'));
}

export function headerOnly(): BeskedError {
  return new BeskedError('validation', 'The file has a header row but no contacts under it. Choose the file with your contacts.', coded('import.headerOnly'));
}

export function unreadable(): BeskedError {
  return new BeskedError(
    'validation',
    `Besked cannot read the text in this file: it is not ${encodingLabel('utf-8')}, UTF-16 or ${encodingLabel('windows-1252')} text. In Excel choose File › Save As › "CSV UTF-8", then import that file.`,
    coded('import.unreadable'),
  );
}

/** What a failed read of the file tells the owner; an error that is not about the file passes unchanged. */
export function readError(err: unknown): unknown {
  if (err instanceof UnclosedQuoteError) {
    return new BeskedError(
      'validation',
      `Row ${err.record} opens a quote (") that never closes, so Besked cannot tell where the row ends. Fix the quotes in that row (or save the file again from Excel) and import again. Nothing was imported.`,
      coded('import.unclosedQuote', { row: err.record }),
    );
  }
  if (err instanceof TypeError && /decode|encoded/i.test(err.message)) {
    return new BeskedError('validation', 'This file is not UTF-8 text throughout. Choose Windows-1252 (Latin-1) as its encoding and import again.', coded('import.notUtf8Throughout'));
  }
  return err;
}
