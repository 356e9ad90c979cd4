// The core's throwable error: carries an AppError value so that its kind and fields survive any transport.
import type { AppError, ErrorKind, FieldIssue } from '../../src-shared/errors';
import type { Coded } from '../../src-shared/error-codes';
import { storageError, storageProblemOf } from './db/storage-errors';

export interface BeskedErrorExtra extends Partial<Coded> {
  fields?: FieldIssue[];
  maybeAccepted?: boolean;
  retryAfterS?: number;
  status?: number;
  cause?: unknown;
  /** The error underneath, when this one says where it happened. */
  because?: AppError;
}

export class BeskedError extends Error {
  readonly kind: ErrorKind;
  readonly fields: FieldIssue[] | undefined;
  readonly maybeAccepted: boolean | undefined;
  readonly retryAfterS: number | undefined;
  readonly status: number | undefined;
  /** The translatable code (see src-shared/error-codes.ts); without one the UI shows the English message. */
  readonly code: string | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly because: AppError | undefined;

  /** Pass `...coded('campaign.alreadySent')` in extra so the UI can show the error in the shop owner's language. */
  constructor(kind: ErrorKind, message: string, extra: BeskedErrorExtra = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'BeskedError';
    this.kind = kind;
    this.fields = extra.fields;
    this.maybeAccepted = extra.maybeAccepted;
    this.retryAfterS = extra.retryAfterS;
    this.status = extra.status;
    this.code = extra.code;
    this.params = extra.params;
    this.because = extra.because;
  }

  toValue(): AppError {
    const v: AppError = { kind: this.kind, message: this.message };
    if (this.fields) v.fields = this.fields;
    if (this.maybeAccepted !== undefined) v.maybeAccepted = this.maybeAccepted;
    if (this.retryAfterS !== undefined) v.retryAfterS = this.retryAfterS;
    if (this.status !== undefined) v.status = this.status;
    if (this.code !== undefined) v.code = this.code;
    if (this.params !== undefined) v.params = this.params;
    if (this.because !== undefined) v.because = this.because;
    return v;
  }
}

/** Turns anything thrown into an AppError; unknown errors never leak a stack trace to the UI. */
export function toAppError(err: unknown): AppError {
  if (err instanceof BeskedError) return err.toValue();
  // A failed write says what to do about the disk rather than "something went wrong".
  const storage = storageProblemOf(err);
  if (storage) return storageError(storage).toValue();
  return { kind: 'internal', message: 'Something went wrong inside Besked. Your data is safe; please try again.', code: 'internal.unexpected' };
}
