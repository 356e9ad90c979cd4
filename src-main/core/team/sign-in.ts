// Signing in with a name and a password: the lockout rule applied (slow-down, then a lock the owners are told of), a
// wrong name answered exactly like a wrong password and after the same work, and every attempt in the audit trail.
import type { AuditSink } from '../dispatch';
import type { BeskedError } from '../errors';
import type { EventBus } from '../events';
import type { Caller } from './caller';
import { admit, afterWrong, CLEAR, type LockState } from './lockout';
import { verifyNobody, verifyPassword } from './password-hash';
import type { NewSession, Sessions } from './sessions';
import { teamErrors } from './team-errors';
import type { TeamTimings } from './timings';
import { meOf, nameKey, type UserRow, type Users } from './users';

export interface SignInParts {
  users: Users;
  sessions: Sessions;
  events: EventBus;
  audit: AuditSink;
  timings: TeamTimings;
  now: () => number;
}

/** Names without an account remembered at most this many at once (they only mirror the rule, see `unknown`). */
const MAX_UNKNOWN = 10_000;

export class SignIn {
  /** Wrong attempts at names nobody has: they slow down and lock like real ones, so the answers tell no names. */
  private readonly unknown = new Map<string, LockState>();
  /** Names being checked right now: in the slow-down, one attempt at a time, or parallel guesses would skip the wait. */
  private readonly checking = new Set<string>();

  constructor(private readonly p: SignInParts) {}

  async signIn(name: string, password: string, caller: Caller): Promise<{ user: UserRow; session: NewSession }> {
    const key = nameKey(name);
    const user = this.p.users.byName(name);
    const state = user ? user.lock : (this.unknown.get(key) ?? CLEAR);
    const now = this.p.now();
    const admission = admit(state, now, this.p.timings);
    if (admission.kind === 'locked') throw this.refused(caller, name, teamErrors.locked(admission.until - now));
    if (admission.kind === 'wait') throw this.refused(caller, name, teamErrors.slowDown(admission.ms));
    if (state.failedCount >= this.p.timings.slowAfter && this.checking.has(key)) throw this.refused(caller, name, teamErrors.slowDown(this.p.timings.slowMs));

    this.checking.add(key);
    let good: boolean;
    try {
      good = user ? await verifyPassword(user.passwordHash, password) : await verifyNobody(password);
    } finally {
      this.checking.delete(key);
    }
    if (!good || !user) throw this.wrong(caller, name, key, user);

    this.p.users.signedIn(user.id, this.p.now());
    const session = this.p.sessions.create(user.id, caller.address);
    this.record({ ...caller, user: meOf(user), sessionId: session.id }, name, 'ok', null);
    return { user, session };
  }

  private wrong(caller: Caller, name: string, key: string, user: UserRow | null): BeskedError {
    const now = this.p.now();
    // Read again: other attempts may have counted while this one was being checked.
    const before = user ? (this.p.users.byId(user.id)?.lock ?? CLEAR) : (this.unknown.get(key) ?? CLEAR);
    const { state, locked } = afterWrong(before, now, this.p.timings);
    if (user) this.p.users.setLock(user.id, state);
    else this.remember(key, state);
    const error = locked ? teamErrors.locked(this.p.timings.lockMs) : teamErrors.wrongCredentials();
    this.record(caller, name, 'failed', error);
    if (locked && user) {
      const until = new Date(state.lockedUntil!).toISOString();
      this.p.events.emit('team.lockout', { name: user.name, until, address: caller.address }, { roles: ['owner'] });
      this.p.events.emit('team.changed', {}, { roles: ['owner'] });
    }
    return error;
  }

  private refused(caller: Caller, name: string, error: BeskedError): BeskedError {
    this.record(caller, name, 'refused', error);
    return error;
  }

  private remember(key: string, state: LockState): void {
    if (this.unknown.size >= MAX_UNKNOWN) this.unknown.clear();
    this.unknown.set(key, state);
  }

  /** Sign-in is open to anyone, so the dispatcher does not audit it: each attempt is written here, as 'users'. */
  private record(caller: Caller, name: string, outcome: 'ok' | 'refused' | 'failed', error: BeskedError | null): void {
    try {
      this.p.audit({ caller, call: 'team.signIn', action: 'users', input: { name }, outcome, error: error ? error.toValue() : null });
    } catch {
      // The attempt's answer stands without its entry (the dispatcher's sink treats its own failures alike).
    }
  }
}
