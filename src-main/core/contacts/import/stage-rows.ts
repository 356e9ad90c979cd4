// A run's staging step: every row of the file into the import's staging database as its reader hands the rows on
// (read-rows.ts: in the import's thread for a large file, apply-thread.ts, else here on the core's thread), each
// accepted or rejected with the row number a spreadsheet shows.
import type { ColumnTarget, MergeRule } from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { readRows, type MappedRun, type ReadEnd, type ReadHooks, type ReadRequest } from './read-rows';
import type { Staging } from './staging';
import type { ReadOptions } from './preview';
import { readError } from './import-errors';

export interface StageInput {
  file: string;
  read: ReadOptions;
  mapping: ColumnTarget[];
  defaultCountry: CountryCode;
  mergeRule: MergeRule;
  shouldStop: () => boolean;
  onProgress: (bytesRead: number) => void;
}

export interface Staged extends ReadEnd {
  /** The header row's cells, when the file has one. */
  headers: string[] | null;
  blankLines: number;
}

/** Whatever reads the file's rows and hands them on: readRows here, or the import's thread. */
export type RowReader = (req: ReadRequest, hooks: ReadHooks) => Promise<ReadEnd>;

/** One piece's rows into the staging database, in one transaction. */
export function stageRun(staging: Staging, run: MappedRun, rule: MergeRule): void {
  staging.batch(() => {
    for (const r of run.rows) {
      if ('staged' in r) staging.accept(r.row, r.staged, rule);
      else staging.reject(r.row, r.reason, r.message, r.cells);
    }
  });
}

export async function stageRows(staging: Staging, input: StageInput, reader: RowReader = readRows): Promise<Staged> {
  let headers: string[] | null = null;
  let blankLines = 0;
  try {
    const { stopped } = await reader(
      { file: input.file, read: input.read, mapping: input.mapping, defaultCountry: input.defaultCountry },
      {
        onRun: (run) => {
          if (run.headers) headers = run.headers;
          blankLines += run.blankLines;
          stageRun(staging, run, input.mergeRule);
          input.onProgress(run.bytesRead);
        },
        shouldStop: input.shouldStop,
      },
    );
    return { headers, blankLines, stopped };
  } catch (err) {
    throw readError(err);
  }
}
