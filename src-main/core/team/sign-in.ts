// Signing in with a name and a password: attempts at one name one at a time, each counted before its password is
// checked; the lockout rule applied (slow-down, then a lock the owners are told of); and one answer, after the time of
// one check, for every failure: a wrong password, a name nobody has, an account slowed down or locked. What a name's
// answers would otherwise tell (that it exists, that it is locked) is told to the owners only, never to the guesser.
import type { AuditSink } from '../dispatch';
import type { BeskedError } from '../errors';
import type { EventBus } from '../events';
import type { Caller } from './caller';
import { admit, afterWrong, type LockState } from './lockout';
import { NameQueue } from './name-queue';
import { spendCheckTime, verifyPassword } from './password-hash';
import type { NewSession, Sessions } from './sessions';
import { teamErrors } from './team-errors';
import type { TeamTimings } from './timings';
import { meOf, signInKey, type UserRow, type Users } from './users';
import type { Db } from '../db/database';

export interface SignInParts {
  db: Db;
  users: Users;
  sessions: Sessions;
  events: EventBus;
  audit: AuditSink;
  /** Runs a write once the write gate is free (team-parts.ts TeamParts.write): every write here follows an await. */
  write<T>(fn: () => T): Promise<T>;
  timings: TeamTimings;
  now: () => number;
}

const sameLock = (a: LockState, b: LockState) => a.failedCount === b.failedCount && a.lastFailedAt === b.lastFailedAt && a.lockedUntil === b.lockedUntil;

export class SignIn {
  private readonly queue = new NameQueue();

  constructor(private readonly p: SignInParts) {}

  signIn(name: string, password: string, caller: Caller): Promise<{ user: UserRow; session: NewSession }> {
    // Every name queues, a real one or not, so parallel attempts take as long at a name nobody has as at a real one.
    return this.queue.run(signInKey(name), () => this.attempt(name, password, caller));
  }

  private async attempt(name: string, password: string, caller: Caller): Promise<{ user: UserRow; session: NewSession }> {
    // Read, admitted and counted in one synchronous write: before the check, so an attempt that never finishes (a
    // crash, a hung hash) still counts.
    const turn = await this.p.write(() => {
      const user = this.p.users.byName(name);
      if (!user) return { kind: 'nobody' } as const;
      const now = this.p.now();
      const admission = admit(user.lock, now, this.p.timings);
      if (admission.kind !== 'try') return { kind: 'refused', admission, now } as const;
      const counted = afterWrong(user.lock, now, this.p.timings);
      this.p.users.setLock(user.id, counted.state);
      return { kind: 'try', user, counted } as const;
    });
    if (turn.kind === 'nobody') {
      await spendCheckTime(password);
      throw await this.failed(caller, name, 'failed', teamErrors.wrongCredentials());
    }
    if (turn.kind === 'refused') {
      // Refused unchecked (even the right password), after the time a check takes, with the answer of a wrong one.
      await spendCheckTime(password);
      const { admission, now } = turn;
      const why = admission.kind === 'locked' ? teamErrors.locked(admission.until - now) : teamErrors.slowDown(admission.ms);
      throw await this.failed(caller, name, 'refused', why);
    }

    const { user, counted } = turn;
    const good = await verifyPassword(user.passwordHash, password);
    if (!good) {
      const why = counted.locked ? teamErrors.locked(this.p.timings.lockMs) : teamErrors.wrongCredentials();
      const error = await this.failed(caller, name, 'failed', why);
      if (counted.locked) this.tellOwners(user, counted.state, caller);
      throw error;
    }

    // Checked again before a session is issued: the account must still be this one, with this password and only
    // this attempt counted since (a reset, a removal or a lock set meanwhile refuses it).
    const session = await this.p.write(
      this.p.db.transaction(() => {
        const fresh = this.p.users.byId(user.id);
        if (!fresh || fresh.passwordHash !== user.passwordHash || !sameLock(fresh.lock, counted.state)) return null;
        this.p.users.signedIn(user.id, this.p.now());
        return this.p.sessions.create(user.id, caller.address);
      }),
    );
    if (!session) throw await this.failed(caller, name, 'refused', teamErrors.wrongCredentials());
    await this.record({ ...caller, user: meOf(user), sessionId: session.id }, name, 'ok', null);
    return { user, session };
  }

  /** The answer to every failed attempt; the trail keeps the real reason (wrong, slowed down, locked) for the owners. */
  private async failed(caller: Caller, name: string, outcome: 'failed' | 'refused', why: BeskedError): Promise<BeskedError> {
    await this.record(caller, name, outcome, why);
    return teamErrors.wrongCredentials();
  }

  private tellOwners(user: UserRow, state: LockState, caller: Caller): void {
    const until = new Date(state.lockedUntil!).toISOString();
    this.p.events.emit('team.lockout', { name: user.name, until, address: caller.address }, { roles: ['owner'] });
    this.p.events.emit('team.changed', {}, { roles: ['owner'] });
  }

  /** Sign-in is open to anyone, so the dispatcher does not audit it: each attempt is written here, as 'users'. */
  private async record(caller: Caller, name: string, outcome: 'ok' | 'refused' | 'failed', error: BeskedError | null): Promise<void> {
    try {
      await this.p.audit({ caller, call: 'team.signIn', action: 'users', input: { name }, outcome, error: error ? error.toValue() : null });
    } catch {
      // The attempt's answer stands without its entry (the dispatcher's sink treats its own failures alike).
    }
  }
}
