// The team.* calls a person makes about their own account on a Besked server: the owner's first set-up, signing in,
// resuming a session after a reload, signing out (here or everywhere), changing one's password, the colleagues' names.
import type { DomainCallName, Me, SignedIn } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import { currentCaller, type Caller } from './caller';
import { hashPassword, verifyPassword } from './password-hash';
import type { TeamParts } from './team-parts';
import { teamErrors } from './team-errors';
import { meOf } from './users';

type AccountCalls = 'team.status' | 'team.setupOwner' | 'team.signIn' | 'team.resume' | 'team.signOut' | 'team.signOutEverywhere' | 'team.changePassword' | 'team.members';

/** Binds the new session to the connection and answers with its token (the one answer that holds it). */
export function signedIn(caller: Caller, user: Me, session: { id: string; token: string; expiresAt: string }): SignedIn {
  caller.bind?.({ id: session.id, user, expiresAt: session.expiresAt });
  return { user, session: { token: session.token, expiresAt: session.expiresAt } };
}

/** The signed-in user making the call; on a server only this PC's own process calls without one. */
export function signedInUser(): { caller: Caller; user: Me } {
  const caller = currentCaller();
  if (!caller.user) throw teamErrors.sessionExpired();
  return { caller, user: caller.user };
}

export function accountHandlers(t: TeamParts): Pick<Handlers, Extract<DomainCallName<'team'>, AccountCalls>> {
  return {
    'team.status': () => ({ kind: 'server', setupNeeded: t.users.owners() === 0, me: currentCaller().user, serverName: t.serverName }),

    'team.setupOwner': async ({ name, password }) => {
      if (t.users.owners() > 0) throw teamErrors.setupDone();
      const passwordHash = await hashPassword(password);
      const caller = currentCaller();
      // Checked again in the transaction: of two people racing through the hashing above, only the first gets here.
      const { user, session } = t.db.transaction(() => {
        if (t.users.owners() > 0) throw teamErrors.setupDone();
        const added = t.users.add({ name, role: 'owner', passwordHash }, t.now());
        t.users.signedIn(added.id, t.now());
        return { user: added, session: t.sessions.create(added.id, caller.address) };
      })();
      t.changed();
      return signedIn(caller, meOf(user), session);
    },

    'team.signIn': async ({ name, password }) => {
      const caller = currentCaller();
      const { user, session } = await t.signIn.signIn(name, password, caller);
      t.changed();
      return signedIn(caller, meOf(user), session);
    },

    'team.resume': ({ token }) => {
      const found = t.sessions.byToken(token);
      if (!found) throw teamErrors.sessionExpired();
      currentCaller().bind?.(found);
      return { user: found.user, expiresAt: found.expiresAt };
    },

    'team.signOut': () => {
      const caller = currentCaller();
      if (caller.sessionId) t.sessions.end(caller.sessionId, 'signedOut');
      caller.bind?.(null);
      t.changed();
      return {};
    },

    'team.signOutEverywhere': () => {
      const { caller, user } = signedInUser();
      const ended = t.sessions.endAllOf(user.id, 'signedOut');
      caller.bind?.(null);
      t.changed();
      return { ended };
    },

    'team.changePassword': async ({ current, next }) => {
      const { caller, user } = signedInUser();
      const row = t.users.byId(user.id);
      if (!row || !(await verifyPassword(row.passwordHash, current))) throw teamErrors.wrongPassword();
      t.users.setPassword(user.id, await hashPassword(next));
      // Whoever else held a session with the old password is out; this window stays signed in.
      t.sessions.endAllOf(user.id, 'passwordChanged', caller.sessionId ?? undefined);
      t.changed();
      return {};
    },

    'team.members': () => ({ members: t.users.all().map(meOf) }),
  };
}
