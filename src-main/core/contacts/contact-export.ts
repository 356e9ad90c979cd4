// Contacts out to a spreadsheet: CSV (UTF-8 with a byte order mark, so Excel shows æøå) or XLSX. Every
// text cell is defused against formula injection; in XLSX the number is a number cell shown as +4520123456.
import { PassThrough } from 'node:stream';
import type { Db } from '../db/database';
import type { FileDownload } from '../../../src-shared/contract';
import { defuseCell } from '../downloads/formula-defuse';
import { parseCustom, type StoredContact } from './contact-columns';
import { csvFile } from '../downloads/csv-file';
import { fileDownload, XLSX_MIME } from '../downloads/file-download';
import { computerClock } from '../clock';
import { nextTurn } from '../event-loop-turns';

/** A stored contact as the export reads it: its columns, whether it opted out, and its groups by name. */
interface ExportRow extends Omit<StoredContact, 'search_phone'> {
  opted_out: number;
  groups: string | null;
}

const HEADERS = ['First name', 'Last name', 'Phone', 'Email', 'Company', 'Groups', 'Opted out', 'Notes', 'Created', 'Updated'];
const BATCH = 2000;
const SMALLER = 'Export a group or a search result at a time.';

/** The contacts with these ids, in this order, batch by batch. */
function* rowsInOrder(db: Db, ids: readonly number[]): Generator<ExportRow> {
  const stmt = db.prepare(
    `SELECT c.id, c.first_name, c.last_name, c.e164, c.msisdn, c.email, c.company, c.custom, c.notes, c.created_at, c.updated_at,
       EXISTS (SELECT 1 FROM opt_outs o WHERE o.msisdn = c.msisdn) AS opted_out,
       (SELECT group_concat(g.name, ', ') FROM contact_group_members m JOIN contact_groups g ON g.id = m.group_id WHERE m.contact_id = c.id) AS groups
     FROM json_each(?) j JOIN contacts c ON c.id = j.value ORDER BY j.key`,
  );
  for (let i = 0; i < ids.length; i += BATCH) {
    yield* stmt.iterate(JSON.stringify(ids.slice(i, i + BATCH))) as IterableIterator<ExportRow>;
  }
}

function customColumns(db: Db): { key: string; label: string }[] {
  return db.prepare('SELECT key, label FROM contact_fields ORDER BY label COLLATE NOCASE').all() as { key: string; label: string }[];
}

function cellsOf(r: ExportRow, custom: { key: string }[]): { texts: string[]; msisdn: number } {
  const values = parseCustom(r.custom);
  return {
    msisdn: r.msisdn,
    texts: [
      r.first_name,
      r.last_name,
      r.e164,
      r.email,
      r.company,
      r.groups ?? '',
      r.opted_out ? 'yes' : '',
      r.notes,
      r.created_at,
      r.updated_at,
      ...custom.map((c) => values[c.key] ?? ''),
    ],
  };
}

/** The day a file is made, in its name: this computer's date (a file on this computer, not a message's time). */
export function fileStamp(ms = computerClock.now()): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function exportCsv(db: Db, ids: readonly number[], delimiter: ',' | ';'): FileDownload {
  const custom = customColumns(db);
  const data: string[][] = [[...HEADERS, ...custom.map((c) => c.label)]];
  for (const r of rowsInOrder(db, ids)) data.push(cellsOf(r, custom).texts);
  return csvFile(`besked-contacts-${fileStamp()}.csv`, data, { delimiter, whatToDo: SMALLER, tooLargeCode: 'contact.exportTooLarge' });
}

export async function exportXlsx(db: Db, ids: readonly number[]): Promise<FileDownload> {
  // Loaded on first use: a large library that most sessions never need.
  const { default: ExcelJS } = await import('exceljs');
  const custom = customColumns(db);
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Contacts', { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = [...HEADERS, ...custom.map((c) => c.label)];
  ws.columns = headers.map((h, i) => ({
    header: defuseCell(h),
    key: `c${i}`,
    width: i === 2 ? 16 : Math.min(40, Math.max(12, h.length + 2)),
    ...(i === 2 ? { style: { numFmt: '+0' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  let n = 0;
  for (const r of rowsInOrder(db, ids)) {
    const { texts, msisdn } = cellsOf(r, custom);
    const values: (string | number)[] = texts.map(defuseCell);
    // A number cell can never be run as a formula, and Excel shows it with the + through the format.
    values[2] = msisdn;
    ws.addRow(values).commit();
    // Let other calls through while a big workbook is written.
    if (++n % 5000 === 0) await nextTurn();
  }
  ws.commit();
  await wb.commit();
  await done;
  const bytes = Buffer.concat(chunks);
  return fileDownload(`besked-contacts-${fileStamp()}.xlsx`, XLSX_MIME, bytes, SMALLER, 'contact.exportTooLarge');
}
