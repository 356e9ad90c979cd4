// The consent log as a CSV file: every opt-in and opt-out with when, how and by whom, for the owner's
// records (and anyone who asks how a customer's consent was handled).
import Papa from 'papaparse';
import type { Db } from '../db/database';
import type { FileDownload } from '../../../src-shared/contract';
import { consentLogRows } from './consent';
import { defuseCell } from './formula-defuse';
import { fileStamp } from './contact-export';
import { CSV_MIME, fileDownload } from './file-download';

const HOW: Record<string, string> = { manual: 'by hand', keyword: 'keyword reply', import: 'file import' };

export function consentLogCsv(db: Db): FileDownload {
  const data: string[][] = [['When', 'Phone', 'Contact', 'Action', 'How', 'By', 'Note']];
  for (const r of consentLogRows(db)) {
    data.push([
      r.at,
      `+${r.msisdn}`,
      `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
      r.action === 'opt_out' ? 'opted out' : 'opted in',
      HOW[r.source] ?? r.source,
      r.by,
      r.note,
    ]);
  }
  const text = '\ufeff' + Papa.unparse(data.map((row) => row.map(defuseCell)), { newline: '\r\n' }) + '\r\n';
  const bytes = Buffer.from(text, 'utf8');
  return fileDownload(`besked-consent-log-${fileStamp()}.csv`, CSV_MIME, bytes, 'Please report this: the consent log has grown unusually large.');
}
