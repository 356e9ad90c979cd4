// Who is making the call being handled: this PC's own window, or a connection to a Besked server with its signed-in
// user. The dispatcher sets it for the length of a call (AsyncLocalStorage), so a handler that needs the user (audit,
// drafts, notes, presence) asks currentCaller() instead of every handler taking another argument.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Me } from '../../../src-shared/contract';
import type { Standing } from '../../../src-shared/team/access';

export interface BoundSession {
  id: string;
  user: Me;
  expiresAt: string;
}

export interface Caller {
  /** `local`: this PC's own window, no accounts. `remote`: a connection to this server. */
  kind: 'local' | 'remote';
  user: Me | null;
  /** The session bound to the connection (its id, never the token). */
  sessionId: string | null;
  /** The connection (window) the call came over; presence and per-window events key on it. */
  connectionId: string | null;
  /** Where from, for the audit trail: the client's network address, or "this PC". */
  address: string;
  /** Binds a session to the connection (sign-in, resume, accepting an invitation) or unbinds it (sign-out). */
  bind?(session: BoundSession | null): void;
}

export const LOCAL_CALLER: Caller = Object.freeze({ kind: 'local', user: null, sessionId: null, connectionId: null, address: 'this PC' });

export function standingOf(caller: Caller): Standing {
  return caller.kind === 'local' ? 'local' : (caller.user?.role ?? null);
}

const store = new AsyncLocalStorage<Caller>();

/** Runs a handler as the caller; everything it awaits sees the same caller. */
export function runAsCaller<T>(caller: Caller, fn: () => T): T {
  return store.run(caller, fn);
}

/** The caller of the call being handled; this PC's when called outside a call (timers, the runner, tests). */
export function currentCaller(): Caller {
  return store.getStore() ?? LOCAL_CALLER;
}

/** The name shown for the caller to colleagues and in the audit trail. */
export function callerName(caller: Caller): string {
  return caller.user?.name ?? (caller.kind === 'local' ? 'This PC' : 'Not signed in');
}
