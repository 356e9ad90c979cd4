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

/** The text to show for anything a call threw, in the active language (see useErrorText). */
export function errorMessage(err: unknown): string {
  if (err instanceof UiError) return errorTextNow(err.error);
  return errorTextNow({ kind: 'internal', message: 'Something went wrong. Please try again.', code: 'internal.unknownFailure' });
}
