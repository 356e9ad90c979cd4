// The preview of an uploaded file before anything is imported: what the file is, its encoding, delimiter
// and header, its first rows, a guessed (or remembered) mapping, and warnings worth a look.
import { open } from 'node:fs/promises';
import type { Db } from '../../db/database';
import type { ImportDelimiter, ImportEncoding, ImportNotice, ImportPreview } from '../../../../src-shared/contract';
import { coded } from '../../../../src-shared/error-codes';
import { sniffNotCsv } from './file-sniff';
import { createDecoder, encodingFromBom, looksDoubleEncoded, unreadableShare, utf16WithoutBom, Utf8Validator } from './encoding';
import { detectDelimiter } from './delimiter';
import { guessHasHeader, guessMapping, headerSignature } from './column-guess';
import { readCsvFile } from './csv-reader';
import { isBlank } from './row-mapping';
import type { Upload } from './uploads';
import { emptyFile, headerOnly, notCsv, notUtf8, readError, unreadable } from './import-errors';
import { defaultCountry, rememberedMapping } from '../contact-prefs';
import { customFieldKey } from '../merge-field-keys';

const SAMPLE_BYTES = 256 * 1024;
const PREVIEW_ROWS = 10;

/** How the file is read: what the preview settled, and what a run uses. */
export interface ReadOptions {
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
  hasHeader: boolean;
}

/** The preview of an upload, with the read options it settled (what the owner chose, else what was detected). */
export async function previewUpload(db: Db, u: Upload, want: Partial<ReadOptions>): Promise<{ preview: ImportPreview; options: ReadOptions }> {
  const head = await readHead(u.file, SAMPLE_BYTES);
  const found = sniffNotCsv(head, u.fileName);
  if (found) throw notCsv(found);
  const detected = await detectEncoding(u.file, head);
  const encoding = want.encoding ?? detected;
  if (encoding === 'utf-8' && detected !== 'utf-8' && !encodingFromBom(head)) throw notUtf8();
  const sample = decodeSample(encoding, head);
  if (unreadableShare(sample) > 0.001) throw unreadable();
  if (sample.trim() === '' && u.bytes <= SAMPLE_BYTES) throw emptyFile();
  const delimiter = want.delimiter ?? detectDelimiter(sample);

  const rows: string[][] = [];
  let wholeFile = false;
  try {
    const r = await readCsvFile({
      path: u.file,
      encoding,
      delimiter,
      maxBytes: SAMPLE_BYTES,
      onRun: (run) => {
        for (const cells of run.rows) if (!isBlank(cells) && rows.length <= PREVIEW_ROWS) rows.push(cells);
      },
    });
    wholeFile = !r.truncated;
  } catch (err) {
    throw readError(err);
  }
  if (rows.length === 0) throw emptyFile();
  const country = defaultCountry(db);
  const hasHeader = want.hasHeader ?? guessHasHeader(rows[0]!, country);
  const dataRows = hasHeader ? rows.slice(1) : rows;
  if (hasHeader && dataRows.length === 0 && wholeFile) throw headerOnly();
  // With a header, the header says how many columns there are; longer rows are rejected on import.
  const columns = hasHeader ? rows[0]!.length : Math.max(...rows.map((r) => r.length));
  const headers = Array.from({ length: columns }, (_, i) => {
    const h = hasHeader ? (rows[0]![i] ?? '').replace(/^\ufeff/, '').trim() : '';
    return h || `Column ${i + 1}`;
  });
  const remembered = hasHeader ? rememberedMapping(db, headerSignature(headers), columns) : null;
  const mapping = remembered ?? guessMapping(headers, dataRows, hasHeader, country);

  // Codes the UI says in its language; the English stays as the message (logs, an older window).
  const warnings: ImportNotice[] = [];
  if (!want.encoding && detected === 'windows-1252') {
    warnings.push({ ...coded('import.readAsWindows1252'), message: 'Read as Windows-1252 (Latin-1), as Excel saves CSV files. If letters like æ, ø and å look wrong below, choose another encoding.' });
  }
  if (looksDoubleEncoded(sample)) {
    warnings.push({ ...coded('import.doubleEncoded'), message: 'Letters like "Ã¸" suggest the file was converted to UTF-8 twice. Check the names below; export the file again if they look wrong.' });
  }
  if (!mapping.includes('phone')) warnings.push({ ...coded('import.choosePhoneColumn'), message: 'Choose the column that holds the phone numbers.' });

  return {
    options: { encoding, delimiter, hasHeader },
    preview: {
      importId: u.id,
      fileName: u.fileName,
      bytes: u.bytes,
      encoding,
      delimiter,
      hasHeader,
      headers,
      rows: dataRows.slice(0, PREVIEW_ROWS),
      mapping,
      customKeys: headers.map((h) => customFieldKey(h)),
      mappingRemembered: remembered !== null,
      defaultCountry: country,
      warnings,
    },
  };
}

async function readHead(path: string, n: number): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A byte order mark decides; then UTF-16's zero bytes; then whether the whole file is valid UTF-8. */
async function detectEncoding(path: string, head: Uint8Array): Promise<ImportEncoding> {
  const marked = encodingFromBom(head) ?? utf16WithoutBom(head);
  if (marked) return marked;
  const v = new Utf8Validator();
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(1024 * 1024);
    for (let pos = 0; ; ) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      if (!v.push(buf.subarray(0, bytesRead))) return 'windows-1252';
    }
  } finally {
    await fh.close();
  }
  return v.end() ? 'utf-8' : 'windows-1252';
}

/**
 * The head decoded for detection. A UTF-8 byte order mark settles the encoding without the rest being checked, so
 * bytes after it that are not UTF-8 are refused here as the reading refuses them (readError), not as a fault.
 */
function decodeSample(encoding: ReadOptions['encoding'], head: Uint8Array): string {
  try {
    return createDecoder(encoding).decode(head);
  } catch (err) {
    throw readError(err);
  }
}
