// The import of a contacts file from upload to report: sniffs what the file is, detects its encoding,
// delimiter and header, previews it with a guessed (or remembered) mapping, reads every row into a staging
// database with progress and cancel, then saves all of it in one transaction and says what happened to
// each row. A file that cannot be read is refused with a reason, and nothing stored is changed.
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events';
import type { Logger } from '../../log';
import { BeskedError } from '../../errors';
import type {
  ColumnTarget,
  FileDownload,
  ImportDelimiter,
  ImportEncoding,
  ImportGroup,
  ImportPreview,
  ImportProgress,
  ImportRejectedRow,
  ImportReport,
  MergeRule,
} from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { sniffNotCsv, type NotCsv } from './file-sniff';
import { createDecoder, encodingFromBom, encodingLabel, looksDoubleEncoded, unreadableShare, utf16WithoutBom, Utf8Validator } from './encoding';
import { detectDelimiter } from './delimiter';
import { guessHasHeader, guessMapping, headerSignature } from './column-guess';
import { readCsvFile } from './csv-reader';
import { UnclosedQuoteError } from './csv-records';
import { mapRow } from './row-mapping';
import { Staging } from './staging';
import { applyStaged, type ApplyResult } from './apply';
import { Uploads, type Upload } from './uploads';
import { defaultCountry, rememberedMapping, rememberMapping, setDefaultCountry } from '../contact-prefs';
import { fileStamp } from '../contact-export';
import { customFieldKey } from '../merge-field-keys';
import { csvFile } from '../../downloads/csv-file';
import { coded, type Coded, type ErrorCode } from '../../../../src-shared/error-codes';

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

const SAMPLE_BYTES = 256 * 1024;
const PREVIEW_ROWS = 10;
const REJECTED_SAMPLE = 100;
const PROGRESS_EVERY_MS = 100;

interface ReadOptions {
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
  hasHeader: boolean;
}

interface Finished {
  staging: Staging;
  apply: ApplyResult;
  headers: string[] | null;
  delimiter: ImportDelimiter;
  report: ImportReport;
}

export interface RunInput {
  importId: string;
  encoding?: ImportEncoding;
  delimiter?: ImportDelimiter;
  hasHeader?: boolean;
  mapping: ColumnTarget[];
  defaultCountry: CountryCode;
  mergeRule: MergeRule;
  group: ImportGroup;
}

// A line of only separators (";;;", as spreadsheets write empty rows) is blank too, whatever the delimiter.
const isBlank = (cells: readonly string[]) => cells.every((c) => /^[\s;,|]*$/.test(c));

export class ContactImporter {
  readonly uploads: Uploads;
  private readonly options = new Map<string, ReadOptions>();
  private readonly running = new Map<string, { cancel: boolean }>();
  private readonly finished = new Map<string, Finished>();

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    dir: string,
    private readonly log: Logger,
    /** Makes the saved contacts searchable; resolves when they are. */
    private readonly indexSaved: () => Promise<void> = async () => undefined,
  ) {
    this.uploads = new Uploads(dir, (id) => this.running.has(id));
  }

  async preview(importId: string, want: Partial<ReadOptions>): Promise<ImportPreview> {
    const u = this.uploads.complete(importId);
    const head = await readHead(u.file, SAMPLE_BYTES);
    const notCsv = sniffNotCsv(head, u.fileName);
    if (notCsv) {
      const code = NOT_CSV_CODES[notCsv.kind];
      throw new BeskedError('validation', notCsv.message, code ? coded(code) : {});
    }
    const detected = await detectEncoding(u.file, head);
    const encoding = want.encoding ?? detected;
    if (encoding === 'utf-8' && detected !== 'utf-8' && !encodingFromBom(head)) {
      throw new BeskedError('validation', 'This file is not UTF-8 text. Choose Windows-1252 (Latin-1) as its encoding, or let Besked detect it.', coded('import.notUtf8'));
    }
    const sample = createDecoder(encoding).decode(head);
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
      throw this.readError(err);
    }
    if (rows.length === 0) throw emptyFile();
    const country = defaultCountry(this.db);
    const hasHeader = want.hasHeader ?? guessHasHeader(rows[0]!, country);
    const dataRows = hasHeader ? rows.slice(1) : rows;
    if (hasHeader && dataRows.length === 0 && wholeFile) throw headerOnly();
    // With a header, the header says how many columns there are; longer rows are rejected on import.
    const columns = hasHeader ? rows[0]!.length : Math.max(...rows.map((r) => r.length));
    const headers = Array.from({ length: columns }, (_, i) => {
      const h = hasHeader ? (rows[0]![i] ?? '').replace(/^\ufeff/, '').trim() : '';
      return h || `Column ${i + 1}`;
    });
    const remembered = hasHeader ? rememberedMapping(this.db, headerSignature(headers), columns) : null;
    const mapping = remembered ?? guessMapping(headers, dataRows, hasHeader, country);

    const warnings: string[] = [];
    if (!want.encoding && detected === 'windows-1252') {
      warnings.push('Read as Windows-1252 (Latin-1), as Excel saves CSV files. If letters like æ, ø and å look wrong below, choose another encoding.');
    }
    if (looksDoubleEncoded(sample)) {
      warnings.push('Letters like "Ã¸" suggest the file was converted to UTF-8 twice. Check the names below; export the file again if they look wrong.');
    }
    if (!mapping.includes('phone')) warnings.push('Choose the column that holds the phone numbers.');

    this.options.set(importId, { encoding, delimiter, hasHeader });
    return {
      importId,
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
    };
  }

  async run(input: RunInput): Promise<ImportReport> {
    const u = this.uploads.complete(input.importId);
    if (this.running.has(u.id)) throw new BeskedError('conflict', 'This file is being imported already.', coded('import.running'));
    if (this.finished.has(u.id)) throw new BeskedError('conflict', 'This file has been imported already. Choose it again to import it once more.', coded('import.alreadyDone'));
    checkMapping(input.mapping);
    checkGroup(this.db, input.group);
    const opts = await this.readOptions(u, input);
    const state = { cancel: false };
    this.running.set(u.id, state);
    const started = Date.now();
    const stagingPath = join(u.dir, 'staging.db');
    await rm(stagingPath, { force: true });
    const staging = new Staging(stagingPath);
    let headers: string[] | null = null;
    let blankLines = 0;
    let lastEmit = 0;
    const progress = (phase: ImportProgress['phase'], bytesDone: number, force = false) => {
      const now = Date.now();
      if (!force && now - lastEmit < PROGRESS_EVERY_MS) return;
      lastEmit = now;
      this.events.emit('contacts.importProgress', {
        importId: u.id,
        phase,
        bytesDone,
        bytesTotal: u.bytes,
        rows: staging.accepted + staging.rejected,
        rejected: staging.rejected,
      });
    };
    const ctx = { defaultCountry: input.defaultCountry, delimiter: opts.delimiter };
    try {
      progress('reading', 0, true);
      let read;
      try {
        read = await readCsvFile({
          path: u.file,
          encoding: opts.encoding,
          delimiter: opts.delimiter,
          shouldStop: () => state.cancel,
          onProgress: (bytes) => progress('reading', bytes),
          onRun: (run) =>
            staging.batch(() => {
              run.rows.forEach((cells, i) => {
                const record = run.firstRecord + i;
                if (opts.hasHeader && record === 0) {
                  headers = cells.map((c) => c.replace(/^\ufeff/, '').trim());
                  return;
                }
                if (isBlank(cells)) {
                  blankLines++;
                  return;
                }
                // The row number a spreadsheet shows (the header, when there is one, is row 1).
                const rowNo = record + 1;
                if (run.badQuotes.has(i)) {
                  staging.reject(rowNo, 'bad_quotes', 'A quote (") in this row is misplaced: a value in quotes must end with the quote.', cells);
                  return;
                }
                const r = mapRow(cells, input.mapping, ctx);
                if (r.ok) staging.accept(rowNo, r.row, input.mergeRule);
                else staging.reject(rowNo, r.reason, r.message, cells);
              });
            }),
        });
      } catch (err) {
        throw this.readError(err);
      }
      if (read.stopped) throw new BeskedError('cancelled', 'Import cancelled. Nothing was changed.', coded('import.cancelled'));
      if (staging.accepted + staging.rejected === 0) throw opts.hasHeader ? headerOnly() : emptyFile();

      progress('saving', u.bytes, true);
      // Let the "saving" event leave before the (short, synchronous) transaction holds the core.
      await new Promise((res) => setImmediate(res));
      const by = `import of ${u.fileName}`;
      const apply = applyStaged(this.db, {
        stagingPath,
        rule: input.mergeRule,
        group: input.group,
        by,
        customFields: input.mapping.flatMap((t) => (typeof t === 'object' ? [{ key: t.custom, label: t.label }] : [])),
        now: new Date().toISOString(),
      });
      // Saved. What follows cannot undo that, so it must not turn the import into a failure.
      try {
        // Searchable, in steps that let other calls through.
        await this.indexSaved();
        if (opts.hasHeader && headers) rememberMapping(this.db, headerSignature(padHeaders(headers, input.mapping.length)), input.mapping);
        setDefaultCountry(this.db, input.defaultCountry);
      } catch (err) {
        this.log.warn('after saving an import', { err });
      }

      const updated = [...apply.existing.values()].filter((v) => v === 'updated').length;
      const report: ImportReport = {
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
        reasons: staging.reasons(),
        rejectedSample: [...staging.rejectedRows(REJECTED_SAMPLE)].map(toRejected),
        durationMs: Date.now() - started,
      };
      this.finished.set(u.id, { staging, apply, headers, delimiter: opts.delimiter, report });
      progress('done', u.bytes, true);
      this.events.emit('contacts.changed', { reason: 'imported' });
      this.log.info('contacts imported', { rows: report.rows, created: report.created, updated, rejected: report.rejected, ms: report.durationMs });
      return report;
    } catch (err) {
      staging.close();
      await rm(stagingPath, { force: true });
      const cancelled = err instanceof BeskedError && err.kind === 'cancelled';
      progress(cancelled ? 'cancelled' : 'failed', 0, true);
      throw err;
    } finally {
      this.running.delete(u.id);
    }
  }

  cancel(importId: string): boolean {
    const s = this.running.get(importId);
    if (!s) return false;
    s.cancel = true;
    return true;
  }

  /** The rejected rows (original columns plus row and reason), or every row with its outcome, as CSV. */
  rowsFile(importId: string, which: 'rejected' | 'all'): FileDownload {
    const f = this.finished.get(importId);
    if (!f) throw new BeskedError('not_found', 'The report of this import is no longer available.', coded('import.reportGone'));
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

  async discard(importId: string): Promise<boolean> {
    this.cancel(importId);
    this.finished.get(importId)?.staging.close();
    this.finished.delete(importId);
    this.options.delete(importId);
    return this.uploads.discard(importId);
  }

  /** The options the run uses: as given, else as the preview settled them, else detected now. */
  private async readOptions(u: Upload, input: RunInput): Promise<ReadOptions> {
    const seen = this.options.get(u.id);
    const encoding = input.encoding ?? seen?.encoding;
    const delimiter = input.delimiter ?? seen?.delimiter;
    const hasHeader = input.hasHeader ?? seen?.hasHeader;
    if (encoding && delimiter && hasHeader !== undefined) return { encoding, delimiter, hasHeader };
    const p = await this.preview(u.id, {
      ...(encoding ? { encoding } : {}),
      ...(delimiter ? { delimiter } : {}),
      ...(hasHeader !== undefined ? { hasHeader } : {}),
    });
    return { encoding: p.encoding, delimiter: p.delimiter, hasHeader: p.hasHeader };
  }

  private readError(err: unknown): unknown {
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
}

function toRejected(l: { row_no: number; reason: string | null; message: string | null; cells: string | null }): ImportRejectedRow {
  return {
    row: l.row_no,
    reason: l.reason as ImportRejectedRow['reason'],
    message: l.message ?? '',
    values: (JSON.parse(l.cells ?? '[]') as string[]).slice(0, 50).map((v) => v.slice(0, 200)),
  };
}

function padHeaders(headers: string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => headers[i] || `Column ${i + 1}`);
}

function checkMapping(mapping: ColumnTarget[]): void {
  const fail = (message: string, code: Coded) => {
    throw new BeskedError('validation', message, { fields: [{ path: ['mapping'], message }], ...code });
  };
  const phone = mapping.filter((t) => t === 'phone').length;
  if (phone === 0) fail('Choose the column that holds the phone numbers.', coded('import.mapping.noPhone'));
  if (phone > 1) fail('Only one column can be the phone number. Set the others to a custom field or "Skip".', coded('import.mapping.twoPhones'));
  const seen = new Set<string>();
  for (const t of mapping) {
    if (t === 'ignore') continue;
    const key = typeof t === 'string' ? t : `custom:${t.custom}`;
    const field = typeof t === 'string' ? t : t.label;
    if (seen.has(key)) fail(`Two columns go to the same field (${field}). Choose a different field for one of them.`, coded('import.mapping.sameField', { field }));
    seen.add(key);
  }
}

function checkGroup(db: Db, g: ImportGroup): void {
  if (g.kind === 'existing' && !db.prepare('SELECT 1 FROM contact_groups WHERE id = ?').get(g.id)) {
    throw new BeskedError('not_found', 'The chosen group no longer exists. Choose another group.', coded('import.groupGone'));
  }
  if (g.kind === 'new') {
    const taken = db.prepare('SELECT name FROM contact_groups WHERE name = ?').get(g.name) as { name: string } | undefined;
    if (taken) throw new BeskedError('conflict', `There is already a group called "${taken.name}". Choose it as an existing group, or another name.`, coded('import.groupNameTaken', { name: taken.name }));
  }
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

function emptyFile(): BeskedError {
  return new BeskedError('validation', 'The file is empty: there are no rows in it. Choose the file with your contacts.', coded('import.noRows'));
}

function headerOnly(): BeskedError {
  return new BeskedError('validation', 'The file has a header row but no contacts under it. Choose the file with your contacts.', coded('import.headerOnly'));
}

function unreadable(): BeskedError {
  return new BeskedError(
    'validation',
    `Besked cannot read the text in this file: it is not ${encodingLabel('utf-8')}, UTF-16 or ${encodingLabel('windows-1252')} text. In Excel choose File › Save As › "CSV UTF-8", then import that file.`,
    coded('import.unreadable'),
  );
}
