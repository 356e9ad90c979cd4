// The team.* calls a person makes about their own account on a Besked server: the owner's first set-up, signing in,
// resuming a session after a reload, signing out (here or everywhere), changing one's password, the colleagues' names.
import type { DomainCallName, Language, Me, SignedIn } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import { currentCaller, type Caller } from './caller';
import { hashPassword, verifyPassword } from './password-hash';
import { onServer, type TeamSide } from './team-parts';
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

export function accountHandlers(side: TeamSide, language: () => Language = () => 'system'): Pick<Handlers, Extract<DomainCallName<'team'>, AccountCalls>> {
  // The server's parts; on one PC every call that needs them refuses (this is not a server).
  const server = () => onServer(side);
  return {
    'team.status': () =>
      side.kind === 'single'
        ? { kind: 'single', setupNeeded: false, me: null, serverName: side.serverName, language: language() }
        : { kind: 'server', setupNeeded: side.users.owners() === 0, me: currentCaller().user, serverName: side.serverName, language: language() },

    'team.setupOwner': async ({ name, password }) => {
      if (server().users.owners() > 0) throw teamErrors.setupDone();
      const passwordHash = await hashPassword(password);
      const caller = currentCaller();
      // Checked again in the transaction: of two people racing through the hashing above, only the first gets here.
      const { user, session } = await server().write(
        server().db.transaction(() => {
          if (server().users.owners() > 0) throw teamErrors.setupDone();
          const added = server().users.add({ name: server().users.claimName(name), role: 'owner', passwordHash }, server().now());
          server().users.signedIn(added.id, server().now());
          return { user: added, session: server().sessions.create(added.id, caller.address) };
        }),
      );
      server().changed();
      return signedIn(caller, meOf(user), session);
    },

    'team.signIn': async ({ name, password }) => {
      const caller = currentCaller();
      const { user, session } = await server().signIn.signIn(name, password, caller);
      server().changed();
      return signedIn(caller, meOf(user), session);
    },

    'team.resume': ({ token }) => {
      const found = server().sessions.byToken(token);
      if (!found) throw teamErrors.sessionExpired();
      currentCaller().bind?.(found);
      return { user: found.user, expiresAt: found.expiresAt };
    },

    'team.signOut': () => {
      const caller = currentCaller();
      if (caller.sessionId) server().sessions.end(caller.sessionId, 'signedOut');
      caller.bind?.(null);
      server().changed();
      return {};
    },

    'team.signOutEverywhere': () => {
      const { caller, user } = signedInUser();
      const ended = server().sessions.endAllOf(user.id, 'signedOut');
      caller.bind?.(null);
      server().changed();
      return { ended };
    },

    'team.changePassword': async ({ current, next }) => {
      const { caller, user } = signedInUser();
      const row = server().users.byId(user.id);
      if (!row || !(await verifyPassword(row.passwordHash, current))) throw teamErrors.wrongPassword();
      const hash = await hashPassword(next);
      await server().write(() => {
        server().users.setPassword(user.id, hash);
        // Whoever else held a session with the old password is out; this window stays signed in.
        server().sessions.endAllOf(user.id, 'passwordChanged', caller.sessionId ?? undefined);
      });
      server().changed();
      return {};
    },

    // One PC has no colleagues to assign conversations to.
    'team.members': () => ({ members: side.kind === 'single' ? [] : side.users.all().map(meOf) }),
  };
}
