// What an import did: the report a finished run returns, and its rows as CSV files (the rejected rows with
// their original columns, or every row with its outcome).
import type { FileDownload, ImportDelimiter, ImportRejectedRow, ImportReport } from '../../../../src-shared/contract';
import type { Staging } from './staging';
import type { ApplyResult } from './apply';
import type { Upload } from './uploads';
import { fileStamp } from '../contact-export';
import { csvFile } from '../../downloads/csv-file';

const REJECTED_SAMPLE = 100;

/** A saved import, kept until it is discarded so its rows can still be downloaded. */
export interface Finished {
  staging: Staging;
  apply: ApplyResult;
  headers: string[] | null;
  delimiter: ImportDelimiter;
  report: ImportReport;
}

export interface ReportInput {
  upload: Upload;
  staging: Staging;
  apply: ApplyResult;
  blankLines: number;
  /** When the run started, on the monotonic timer (performance.now()). */
  started: number;
}

export function importReport({ upload: u, staging, apply, blankLines, started }: ReportInput): ImportReport {
  const updated = [...apply.existing.values()].filter((v) => v === 'updated').length;
  return {
    importId: u.id,
    fileName: u.fileName,
    rows: staging.accepted + staging.rejected,
    created: apply.created,
    updated,
    merged: staging.accepted - apply.created - updated,
    rejected: staging.rejected,
    optedOut: apply.optedOut,
    blankLines,
    group: apply.group,
    columnGroups: apply.columnGroups,
    reasons: staging.reasons(),
    rejectedSample: [...staging.rejectedRows(REJECTED_SAMPLE)].map(toRejected),
    durationMs: Math.round(performance.now() - started),
  };
}

/** The rejected rows (original columns plus row and reason), or every row with its outcome, as CSV. */
export function reportRowsFile(f: Finished, which: 'rejected' | 'all'): FileDownload {
  const base = f.report.fileName.replace(/\.[^.]*$/, '') || 'import';
  const data: string[][] = [];
  if (which === 'rejected') {
    const width = Math.max(f.headers?.length ?? 0, 1);
    if (f.headers) data.push([...f.headers, 'Row', 'Reason']);
    for (const line of f.staging.rejectedRows()) {
      const cells = JSON.parse(line.cells ?? '[]') as string[];
      while (cells.length < width) cells.push('');
      data.push([...cells, String(line.row_no), line.message ?? '']);
    }
  } else {
    data.push(['Row', 'Outcome', 'Phone', 'First name', 'Last name', 'Reason']);
    for (const l of f.staging.allRows()) {
      if (l.sid === null) {
        data.push([String(l.row_no), 'rejected', '', '', '', l.message ?? '']);
        continue;
      }
      const first = l.first_row === l.row_no;
      const outcome = first ? (f.apply.existing.get(l.sid) ?? 'created') : 'merged';
      const why = !first
        ? `Same number as row ${l.first_row}`
        : outcome === 'updated'
          ? 'The number was already a contact; its details were updated'
          : outcome === 'merged'
            ? 'The number was already a contact; nothing new to add'
            : '';
      data.push([String(l.row_no), outcome, l.e164 ?? '', l.first_name ?? '', l.last_name ?? '', why]);
    }
  }
  return csvFile(`${base}-${which === 'rejected' ? 'rejected' : 'report'}-${fileStamp()}.csv`, data, {
    delimiter: f.delimiter,
    whatToDo: 'Fix the most common problems (see the reasons above) and import the file again.',
  });
}

function toRejected(l: { row_no: number; reason: string | null; message: string | null; cells: string | null }): ImportRejectedRow {
  return {
    row: l.row_no,
    reason: l.reason as ImportRejectedRow['reason'],
    message: l.message ?? '',
    values: (JSON.parse(l.cells ?? '[]') as string[]).slice(0, 50).map((v) => v.slice(0, 200)),
  };
}
