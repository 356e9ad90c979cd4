// Tells a failure that means "the gateway cannot be used right now" (back off, retry later) from one about a single request.
import { AuthError, NetworkError, RateLimited, ServerError } from '../gateway';
import { BeskedError } from '../errors';

/** Whether a poller should stop this round and back off: the gateway is down, slow to answer, refusing us, or the token is wrong. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof NetworkError || err instanceof ServerError || err instanceof RateLimited || err instanceof AuthError;
}

/** The message to show the shop owner for a failed refresh. */
export function failureMessage(err: unknown): string {
  if (err instanceof AuthError) return `The gateway refused Besked's API token: ${err.message}`;
  if (err instanceof BeskedError) return err.message;
  return 'The gateway could not be reached.';
}
