// Colleagues on one core: hand-made remote Callers, one per window, as the server bridge makes one per WebSocket,
// whose calls go through the core's real dispatcher (its role rules, currentCaller()) without a network in between.
import { randomUUID } from 'node:crypto';
import type { Core } from '../../src-main/core/core';
import type { Caller } from '../../src-main/core/team/caller';
import type { CallInput, CallName, CallOutput, Me } from '../../src-shared/contract';
import type { AppError, Result } from '../../src-shared/errors';

export interface Colleague {
  caller: Caller;
  /** The call's whole answer, for firing calls side by side and looking at each outcome. */
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<Result<CallOutput<N>>>;
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
}

export const ANNA: Me = { id: 1, name: 'Anna Ejer', role: 'owner' };
export const BO: Me = { id: 2, name: 'Bo Ansat', role: 'staff' };
export const DORTE: Me = { id: 3, name: 'Dorte Ansat', role: 'staff' };

/** A signed-in user's window on `core`; the user is written to team_users, as an account on a server would be. */
export function colleague(core: Core, user: Me, address = '192.168.1.20'): Colleague {
  core.db
    .prepare("INSERT OR IGNORE INTO team_users (id, name, name_key, role, password_hash, created_at) VALUES (?, ?, ?, ?, 'not used', ?)")
    .run(user.id, user.name, user.name.toLowerCase(), user.role, new Date().toISOString());
  const caller: Caller = { kind: 'remote', user, sessionId: `session-${user.id}`, connectionId: randomUUID(), address };
  const call = <N extends CallName>(name: N, input: CallInput<N>) => core.dispatch(name, input, caller) as Promise<Result<CallOutput<N>>>;
  return {
    caller,
    call,
    async ok(name, input) {
      const r = await call(name, input);
      if (!r.ok) throw new Error(`${name} as ${user.name} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value;
    },
    async fails(name, input) {
      const r = await call(name, input);
      if (r.ok) throw new Error(`${name} as ${user.name} succeeded but should have failed`);
      return r.error;
    },
  };
}
