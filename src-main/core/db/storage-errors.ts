// SQLite's write failures in words a shop owner can act on: the disk is full, the folder is read-only, or the disk
// failed. Nothing was sent twice and nothing is lost when one of these stops Besked writing, so the words say so.
import { BeskedError } from '../errors';
import { coded } from '../../../src-shared/error-codes';

export type StorageProblem = 'full' | 'readOnly' | 'ioError';

/** The kind of storage problem an error is, or null when it is none (a SqliteError carries SQLITE_* codes). */
export function storageProblemOf(err: unknown): StorageProblem | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  if (code === 'SQLITE_FULL' || (code.startsWith('SQLITE_IOERR') && /disk is full|no space/i.test(String((err as Error).message)))) return 'full';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN') return 'readOnly';
  if (code.startsWith('SQLITE_IOERR')) return 'ioError';
  return null;
}

const WORDS: Record<StorageProblem, string> = {
  full: 'The disk is full, so Besked cannot save anything right now. Free some space; sending waits meanwhile and goes on by itself. Nothing was sent twice and nothing is lost.',
  readOnly: 'Besked’s data folder cannot be written to (it is read-only). Check the folder’s permissions; sending waits meanwhile and goes on by itself. Nothing was sent twice and nothing is lost.',
  ioError: 'The disk reported an error while Besked was saving. Check the disk; sending waits meanwhile and goes on by itself. Nothing was sent twice and nothing is lost.',
};

export function storageError(problem: StorageProblem, cause?: unknown): BeskedError {
  return new BeskedError('internal', WORDS[problem], { cause, ...coded(`storage.${problem}`) });
}
