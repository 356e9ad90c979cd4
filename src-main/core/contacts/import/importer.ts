// The import of a contacts file from upload to report, step by step: the preview (preview.ts), then a run
// that reads every row into a staging database with progress and cancel (stage-rows.ts; a large file's rows read and
// mapped in the import's thread, started with its upload), saves all of it in one transaction (apply.ts, in that
// worker thread: apply-thread.ts) and says what happened to each row (import-report.ts). A file that cannot be
// read is refused with a reason (import-errors.ts), and nothing stored is changed.
import { rm } from 'node:fs/promises';
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
  ImportReport,
  MergeRule,
} from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { headerSignature } from './column-guess';
import { Staging } from './staging';
import { startSaveThread, type SaveThread } from './apply-thread';
import { Uploads, type Upload } from './uploads';
import { previewUpload, type ReadOptions } from './preview';
import { stageRows } from './stage-rows';
import { checkGroup, checkMapping } from './import-choices';
import { importReport, reportRowsFile, type Finished } from './import-report';
import { emptyFile, headerOnly } from './import-errors';
import { requireConfirmedGroups } from './column-groups';
import { rememberMapping, setDefaultCountry } from '../contact-prefs';
import { coded } from '../../../../src-shared/error-codes';
import { computerClock, isoNow } from '../../clock';
import { nextTurn } from '../../event-loop-turns';
import { writeGate } from '../../db/write-gate';

const PROGRESS_EVERY_MS = 100;
/**
 * From this size on a file's rows are read and mapped in the import's thread while the core stages them, the two
 * halves of the work on two cores (bench contacts.import100k: the reading took 1.7 s on the core's thread alone), and
 * the thread is started with the upload's first chunk, so its start-up (0.3–0.45 s of CPU from source) is over when the run begins.
 * A smaller file is read on the core's thread in a fraction of that.
 */
export const READ_IN_THREAD_BYTES = 1024 * 1024;
/** A thread started with an upload whose run has not come ends after this long; the run starts another. */
const WARM_FOR_MS = 10 * 60_000;

export interface RunInput {
  importId: string;
  encoding?: ImportEncoding;
  delimiter?: ImportDelimiter;
  hasHeader?: boolean;
  mapping: ColumnTarget[];
  defaultCountry: CountryCode;
  mergeRule: MergeRule;
  group: ImportGroup;
  /** Groups a "groups" column names that the user agreed to create. */
  createGroups?: string[];
}

export class ContactImporter {
  readonly uploads: Uploads;
  private readonly options = new Map<string, ReadOptions>();
  private readonly running = new Map<string, { cancel: boolean }>();
  private readonly finished = new Map<string, Finished>();
  /** Save threads still at work (indexing or merging after their run answered), ended when Besked stops. */
  private readonly threads = new Set<SaveThread>();
  /** Set by stop(): what an import's thread leaves unindexed is left for the next start. */
  private stopping = false;
  /** Threads started with a large upload, waiting for its run. */
  private readonly warm = new Map<string, { thread: SaveThread; timer: NodeJS.Timeout }>();

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    dir: string,
    private readonly log: Logger,
    /** Makes the saved contacts searchable; resolves when they are. */
    private readonly indexSaved: () => Promise<void> = async () => undefined,
    private readonly now: () => number = computerClock.now,
    /** From this upload size on the rows are read in the import's thread (tests compare both ways). */
    private readonly readInThreadBytes = READ_IN_THREAD_BYTES,
  ) {
    this.uploads = new Uploads(
      dir,
      (id) => this.running.has(id),
      (id) => this.coolDown(id),
    );
  }

  /** A new upload. */
  begin(fileName: string, bytes: number): Upload {
    return this.uploads.begin(fileName, bytes);
  }

  /**
   * A chunk of an upload. A large upload has its thread started once its first chunk is in (READ_IN_THREAD_BYTES): not
   * at its announcement, or announcing uploads without sending them would start threads at no cost to the caller.
   */
  async append(importId: string, offset: number, base64: string): Promise<number> {
    const received = await this.uploads.append(importId, offset, base64);
    const u = this.uploads.get(importId);
    if (u.bytes >= this.readInThreadBytes && !this.warm.has(u.id) && !this.running.has(u.id) && !this.finished.has(u.id) && !this.db.memory) {
      const thread = startSaveThread(this.db, this.log);
      const timer = setTimeout(() => this.coolDown(u.id), WARM_FOR_MS);
      timer.unref();
      this.warm.set(u.id, { thread, timer });
    }
    return received;
  }

  /** How many threads wait for their upload's run. */
  waitingThreads(): number {
    return this.warm.size;
  }

  /** The upload's waiting thread, no longer waiting: ended (unless `keep`) or handed to its run. */
  private coolDown(id: string, keep = false): SaveThread | null {
    const w = this.warm.get(id);
    if (!w) return null;
    this.warm.delete(id);
    clearTimeout(w.timer);
    if (!keep) void w.thread.stop();
    return w.thread;
  }

  async preview(importId: string, want: Partial<ReadOptions>): Promise<ImportPreview> {
    const u = this.uploads.complete(importId);
    const { preview, options } = await previewUpload(this.db, u, want);
    this.options.set(importId, options);
    return preview;
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
    // How long it took is measured on the monotonic timer, not a clock that Sandbox can move.
    const started = performance.now();
    const stagingPath = join(u.dir, 'staging.db');
    await rm(stagingPath, { force: true });
    const staging = new Staging(stagingPath);
    let saver: SaveThread | null = null;
    let lastEmit = 0;
    const progress = (phase: ImportProgress['phase'], bytesDone: number, force = false) => {
      const now = performance.now();
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
    try {
      progress('reading', 0, true);
      saver = this.coolDown(u.id, true) ?? startSaveThread(this.db, this.log);
      this.track(saver);
      const { headers, blankLines, stopped } = await stageRows(
        staging,
        {
          file: u.file,
          read: opts,
          mapping: input.mapping,
          defaultCountry: input.defaultCountry,
          mergeRule: input.mergeRule,
          shouldStop: () => state.cancel,
          onProgress: (bytes) => progress('reading', bytes),
        },
        u.bytes >= this.readInThreadBytes ? saver.read : undefined,
      );
      if (stopped) throw new BeskedError('cancelled', 'Import cancelled. Nothing was changed.', coded('import.cancelled'));
      if (staging.accepted + staging.rejected === 0) throw opts.hasHeader ? headerOnly() : emptyFile();
      requireConfirmedGroups(this.db, staging.groupNames(), input.createGroups ?? []);

      progress('saving', u.bytes, true);
      // Let the "saving" event leave before the save (on the core's thread where no worker runs it) holds the core.
      await nextTurn();
      const by = `import of ${u.fileName}`;
      const apply = await saver.apply({
        stagingPath,
        rule: input.mergeRule,
        group: input.group,
        by,
        customFields: input.mapping.flatMap((t) => (typeof t === 'object' ? [{ key: t.custom, label: t.label }] : [])),
        now: isoNow(this.now),
      });
      // Saved, and searchable through the fresh index (schema 23). The search index takes the contacts after this
      // answer: in steps in the save's thread, and what it left (if it stopped) in steps between other calls.
      const indexing = saver;
      void indexing
        .indexed()
        // Not once Besked is closing: the thread was told to stop, and the next start resumes what is left.
        .then(() => (this.stopping ? undefined : this.indexSaved()))
        .catch((err: unknown) => this.log.warn("the search index could not take an import's contacts; they stay searchable meanwhile", { err }));
      // Saved. What follows cannot undo that, so it must not turn the import into a failure.
      try {
        // The thread indexes meanwhile: these writes claim the write gate, or one would wait for an indexing step in
        // SQLite's busy handler on the core's thread (db/write-gate.ts; 79 ms once, bench contacts.import100k).
        await writeGate(this.db).run(() => {
          if (opts.hasHeader && headers) rememberMapping(this.db, headerSignature(padHeaders(headers, input.mapping.length)), input.mapping, isoNow(this.now));
          setDefaultCountry(this.db, input.defaultCountry);
        });
      } catch (err) {
        this.log.warn('after saving an import', { err });
      }

      const report = importReport({ upload: u, staging, apply, blankLines, started });
      this.finished.set(u.id, { staging, apply, headers, delimiter: opts.delimiter, report });
      progress('done', u.bytes, true);
      this.events.emit('contacts.changed', { reason: 'imported' });
      this.log.info('contacts imported', { rows: report.rows, created: report.created, updated: report.updated, rejected: report.rejected, ms: report.durationMs });
      return report;
    } catch (err) {
      staging.close();
      await rm(stagingPath, { force: true });
      const cancelled = err instanceof BeskedError && err.kind === 'cancelled';
      progress(cancelled ? 'cancelled' : 'failed', 0, true);
      throw err;
    } finally {
      saver?.close();
      this.running.delete(u.id);
    }
  }

  /** Ends every save thread still at work (between two of its steps) and resolves when they have ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    const waiting = [...this.warm.keys()].map((id) => this.coolDown(id, true)!);
    await Promise.all([...this.threads, ...waiting].map((t) => t.stop()));
  }

  private track(thread: SaveThread): void {
    this.threads.add(thread);
    void thread.ended().then(() => this.threads.delete(thread));
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
    return reportRowsFile(f, which);
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
}

function padHeaders(headers: string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => headers[i] || `Column ${i + 1}`);
}
