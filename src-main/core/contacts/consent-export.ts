// The consent log as a CSV file: every opt-in and opt-out with when, how and by whom, for the owner's
// records (and anyone who asks how a customer's consent was handled).
import type { Db } from '../db/database';
import type { FileDownload } from '../../../src-shared/contract';
import { consentLogRows } from './consent';
import { fileStamp } from './contact-export';
import { csvFile } from '../downloads/csv-file';

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
  return csvFile(`besked-consent-log-${fileStamp()}.csv`, data, { whatToDo: 'Please report this: the consent log has grown unusually large.' });
}
