// The renderer's typed client over whichever preload installed window.besked; turns error results into
// UiError exceptions that keep the AppError; views show its text in the active language.
import type { CallInput, CallName, CallOutput, EventName, EventPayload } from '../src-shared/contract';
import type { AppError } from '../src-shared/errors';
import { errorTextNow } from './composables/useErrorText';

export class UiError extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'UiError';
  }
}

export async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const result = await window.besked.call(name, input);
  if (!result.ok) throw new UiError(result.error);
  return result.value;
}

export function on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
  return window.besked.on(name, listener);
}

/** The error value of anything a call threw, for a store to keep (a view turns it into text with useErrorText). */
export function appErrorOf(err: unknown): AppError {
  if (err instanceof UiError) return err.error;
  return { kind: 'internal', message: 'Something went wrong. Please try again.', code: 'internal.unknownFailure' };
}

/** The text to show for anything a call threw, in the language active now (see useErrorText). */
export function errorMessage(err: unknown): string {
  return errorTextNow(appErrorOf(err));
}
