// The audit trail as a CSV file for the owner: one row per entry, written by the one CSV writer of every export
// (BOM, CRLF, formula defence).
import type { AuditEntry, FileDownload } from '../../../src-shared/contract';
import { csvFile, type CsvCell } from '../downloads/csv-file';

const HEADER = ['id', 'at', 'user', 'role', 'address', 'action', 'call', 'detail', 'outcome', 'error'];

export function auditCsv(entries: readonly AuditEntry[], today: string): FileDownload {
  const rows: CsvCell[][] = [
    HEADER,
    ...entries.map((e) => [e.id, e.at, e.userName, e.role ?? '', e.address, e.action, e.call, e.detail, e.outcome, e.error ?? '']),
  ];
  return csvFile(`besked-audit-${today}.csv`, rows, { whatToDo: 'Choose a shorter period and export again.' });
}
