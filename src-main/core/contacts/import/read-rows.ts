// A run's reading of the file, wherever it runs (the import's thread, else the core's): read, decoded and parsed
// (csv-reader.ts), the header kept, blank lines counted, each row mapped (row-mapping.ts) into the columns it is staged
// with (contact-columns.ts) or rejected with a reason, and handed on a piece of the file at a time, with the row number
// a spreadsheet shows. The staging (stage-rows.ts) is the caller's: on the core's thread, beside its own database.
import type { ColumnTarget, ImportRejectReason } from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { toColumns, type ContactColumns } from '../contact-columns';
import { readCsvFile, type CsvRun } from './csv-reader';
import { isBlank, mapRow } from './row-mapping';
import type { ReadOptions } from './preview';

/**
 * Bytes per piece of the file: each piece's rows are mapped and handed on in one synchronous run. About 300 rows keep
 * that run near 15 ms on a quiet machine where the core's thread reads: 64 KB (about 600 rows) held the core 50–60 ms
 * at a time (the import's p99 in bench core.max_loop_block_ms: 55 ms; 15–16 ms with 32 KB), and 16 KB made the
 * reading 0.25 s slower at 100,000 rows (each piece is a file read and a turn of papaparse's stream).
 */
export const READ_PIECE_BYTES = 32 * 1024;

export interface ReadRequest {
  file: string;
  read: ReadOptions;
  mapping: ColumnTarget[];
  defaultCountry: CountryCode;
}

/** A row that describes a contact, as it is staged. */
export interface StagedInput {
  columns: ContactColumns;
  optOut: boolean;
  groups: string[];
}

export type RowOutcome =
  | { row: number; staged: StagedInput }
  | { row: number; reason: ImportRejectReason; message: string; cells: string[] };

/** One piece of the file's rows, mapped, and how far into the file the reading is. */
export interface MappedRun {
  rows: RowOutcome[];
  /** Blank lines in the piece. */
  blankLines: number;
  /** The header row's cells, when the piece holds it. */
  headers?: string[];
  bytesRead: number;
}

export interface ReadEnd {
  /** The read was cancelled before the end of the file. */
  stopped: boolean;
}

export interface ReadHooks {
  onRun(run: MappedRun): void;
  shouldStop(): boolean;
}

/** A piece's records mapped: the header kept, blank lines counted, each row staged or rejected. */
export function mapPiece(piece: CsvRun, req: Pick<ReadRequest, 'read' | 'mapping' | 'defaultCountry'>, bytesRead: number): MappedRun {
  const out: MappedRun = { rows: [], blankLines: 0, bytesRead };
  const ctx = { defaultCountry: req.defaultCountry, delimiter: req.read.delimiter };
  piece.rows.forEach((cells, i) => {
    const record = piece.firstRecord + i;
    if (req.read.hasHeader && record === 0) {
      out.headers = cells.map((c) => c.replace(/^\ufeff/, '').trim());
      return;
    }
    if (isBlank(cells)) {
      out.blankLines++;
      return;
    }
    // The row number a spreadsheet shows (the header, when there is one, is row 1).
    const row = record + 1;
    if (piece.badQuotes.has(i)) {
      out.rows.push({ row, reason: 'bad_quotes', message: 'A quote (") in this row is misplaced: a value in quotes must end with the quote.', cells });
      return;
    }
    const r = mapRow(cells, req.mapping, ctx);
    if (r.ok) out.rows.push({ row, staged: { columns: toColumns(r.row.phone, r.row.fields), optOut: r.row.optOut, groups: r.row.groups } });
    else out.rows.push({ row, reason: r.reason, message: r.message, cells });
  });
  return out;
}

/** The file's pieces as they are parsed, and how far into the file each ends. */
export interface PieceHooks {
  onPiece(piece: CsvRun, bytesRead: number): void;
  /** Awaited before each piece is read: where a reader in a thread waits for its pieces to be taken. */
  beforeRead?(): Promise<void>;
  shouldStop(): boolean;
}

/** Reads the whole file a piece at a time; rejects with what readCsvFile rejects with (import-errors.ts readError). */
export async function readPieces(req: Pick<ReadRequest, 'file' | 'read'>, hooks: PieceHooks): Promise<ReadEnd> {
  let bytesRead = 0;
  const read = await readCsvFile({
    path: req.file,
    encoding: req.read.encoding,
    delimiter: req.read.delimiter,
    readBytes: READ_PIECE_BYTES,
    shouldStop: hooks.shouldStop,
    ...(hooks.beforeRead ? { beforeRead: hooks.beforeRead } : {}),
    onProgress: (bytes) => (bytesRead = bytes),
    onRun: (piece) => hooks.onPiece(piece, bytesRead),
  });
  return { stopped: read.stopped };
}

/** Reads and maps the whole file here. */
export function readRows(req: ReadRequest, hooks: ReadHooks): Promise<ReadEnd> {
  return readPieces(req, { onPiece: (piece, bytesRead) => hooks.onRun(mapPiece(piece, req, bytesRead)), shouldStop: hooks.shouldStop });
}
