// The audit trail as a CSV file for the owner: one row per entry, written by the one CSV writer of every export
// (BOM, CRLF, formula defence), and a last line saying whether the whole trail's hash chain held when it was made.
import type { AuditEntry, AuditVerification, FileDownload } from '../../../src-shared/contract';
import { csvFile, type CsvCell } from '../downloads/csv-file';

const HEADER = ['id', 'at', 'user', 'role', 'address', 'action', 'call', 'detail', 'outcome', 'error'];

/** The file's last line: the chain's state in words a reader of the file (and a script) can take at face value. */
export function chainLine(v: AuditVerification): CsvCell[] {
  if (v.ok) return ['chain', v.checkedAt, `verified: all ${v.entries} entries of the trail are unbroken`];
  const b = v.broken!;
  return [
    'chain',
    v.checkedAt,
    b.reason === 'mismatch'
      ? `BROKEN at entry ${b.id}: it or the entry before it was added, changed or removed outside Besked`
      : `BROKEN: the newest entries from ${b.id} on were removed outside Besked`,
  ];
}

export function auditCsv(entries: readonly AuditEntry[], today: string, chain: AuditVerification): FileDownload {
  const rows: CsvCell[][] = [
    HEADER,
    ...entries.map((e) => [e.id, e.at, e.userName, e.role ?? '', e.address, e.action, e.call, e.detail, e.outcome, e.error ?? '']),
    chainLine(chain),
  ];
  return csvFile(`besked-audit-${today}.csv`, rows, { whatToDo: 'Choose a shorter period and export again.' });
}
