// The team.* calls of owners and of one-time links: the team list, invitations and password resets (made, withdrawn,
// read and used), roles, removal and ending a user's sessions. A server always keeps at least one owner.
import type { DomainCallName, NewInvitation, Role, TeamUser } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import { currentCaller } from './caller';
import { signedIn } from './account-handlers';
import { invitationOf, type OpenLink } from './invitations';
import { CLEAR } from './lockout';
import { hashPassword } from './password-hash';
import { onServer, type TeamSide } from './team-parts';
import { teamErrors } from './team-errors';
import { meOf, type UserRow } from './users';
import { hasHiddenCharacters, normaliseName } from '../../../src-shared/team/user-names';

type AdminCalls =
  | 'team.users'
  | 'team.invite'
  | 'team.revokeInvitation'
  | 'team.invitationInfo'
  | 'team.acceptInvitation'
  | 'team.resetPassword'
  | 'team.setRole'
  | 'team.remove'
  | 'team.endSessions';

export function adminHandlers(side: TeamSide): Pick<Handlers, Extract<DomainCallName<'team'>, AdminCalls>> {
  // The server's parts; on one PC every call that needs them refuses (this is not a server).
  const server = () => onServer(side);
  const teamUser = (u: UserRow, sessions: Map<number, number>): TeamUser => ({
    id: u.id,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt,
    lastSignInAt: u.lastSignInAt,
    lockedUntil: u.lock.lockedUntil !== null && u.lock.lockedUntil > server().now() ? new Date(u.lock.lockedUntil).toISOString() : null,
    failedSignIns: u.lock.failedCount,
    activeSessions: sessions.get(u.id) ?? 0,
  });
  const existing = (userId: number): UserRow => {
    const u = server().users.byId(userId);
    if (!u) throw teamErrors.noSuchUser();
    return u;
  };
  const newLink = (l: { kind: 'invite' | 'reset'; role: Role; name: string; userId: number | null }): NewInvitation => {
    const { link, code } = server().invitations.create({ ...l, createdBy: currentCaller().user?.id ?? null }, server().timings.linkMs);
    return { invitation: invitationOf(link), code, link: `${server().publicUrl()}/#/join/${code}` };
  };
  const openLink = (code: string): OpenLink => {
    const link = server().invitations.byCode(code);
    if (!link) throw teamErrors.linkInvalid();
    return link;
  };
  /** Whether taking the owner role from this user would leave the server without one. */
  const lastOwner = (u: UserRow) => u.role === 'owner' && server().users.owners() <= 1;

  return {
    'team.users': () => {
      const sessions = server().sessions.countsByUser();
      return { users: server().users.all().map((u) => teamUser(u, sessions)), invitations: server().invitations.open().map(invitationOf) };
    },

    'team.invite': ({ role, name }) => {
      // The suggested name fills in the invitee's form: it is held to the same rule as the name they will choose.
      const suggested = name ? normaliseName(name) : '';
      if (name && hasHiddenCharacters(name)) throw teamErrors.nameHidden();
      const made = newLink({ kind: 'invite', role, name: suggested, userId: null });
      server().changed();
      return made;
    },

    'team.revokeInvitation': ({ id }) => {
      if (!server().invitations.revoke(id)) throw teamErrors.linkInvalid();
      server().changed();
      return {};
    },

    'team.invitationInfo': ({ code }) => {
      const l = openLink(code);
      return { kind: l.kind, role: l.role, name: l.name, invitedBy: l.createdBy, serverName: server().serverName, expiresAt: l.expiresAt };
    },

    'team.acceptInvitation': async ({ code, name, password }) => {
      const link = openLink(code);
      const passwordHash = await hashPassword(password);
      // One transaction: of two uses of one link the second finds it used; a taken name leaves the link unused.
      const caller = currentCaller();
      const { user, session } = await server().write(() => {
        const user = server().db.transaction(() => {
          if (!server().invitations.use(link.id)) throw teamErrors.linkInvalid();
          if (link.kind === 'reset') {
            // A reset keeps the user's name: the link is theirs whatever the form says.
            const u = link.userId === null ? null : server().users.byId(link.userId);
            if (!u) throw teamErrors.linkInvalid();
            server().users.setPassword(u.id, passwordHash);
            return u;
          }
          return server().users.add({ name: server().users.claimName(name), role: link.role, passwordHash }, server().now());
        })();
        if (link.kind === 'reset') server().sessions.endAllOf(user.id, 'passwordChanged');
        server().users.signedIn(user.id, server().now());
        return { user, session: server().sessions.create(user.id, caller.address) };
      });
      server().changed();
      return signedIn(caller, meOf(user), session);
    },

    'team.resetPassword': ({ userId }) => {
      const u = existing(userId);
      // The newest link is the one that works; the lock is lifted now, the sessions with the old password end now.
      server().invitations.revokeResetsOf(u.id);
      const made = newLink({ kind: 'reset', role: u.role, name: u.name, userId: u.id });
      server().users.setLock(u.id, CLEAR);
      server().sessions.endAllOf(u.id, 'passwordChanged');
      server().changed();
      return made;
    },

    'team.setRole': ({ userId, role }) => {
      const u = existing(userId);
      if (role === 'staff' && lastOwner(u)) throw teamErrors.lastOwner();
      server().db.transaction(() => {
        server().users.setRole(u.id, role);
        if (role === u.role) return;
        // A reset link was made for the role the user had; links a demoted owner made carry authority they lost.
        server().invitations.revokeResetsOf(u.id);
        if (role === 'staff') server().invitations.revokeMadeBy(u.id);
      })();
      server().changed();
      return teamUser(existing(u.id), server().sessions.countsByUser());
    },

    'team.remove': ({ userId }) => {
      const u = existing(userId);
      if (lastOwner(u)) throw teamErrors.lastOwner();
      server().db.transaction(() => {
        server().users.remove(u.id, server().now());
        server().invitations.revokeResetsOf(u.id);
        server().invitations.revokeMadeBy(u.id);
      })();
      server().sessions.endAllOf(u.id, 'removed');
      server().changed();
      return {};
    },

    'team.endSessions': ({ userId }) => {
      const u = existing(userId);
      const ended = server().sessions.endAllOf(u.id, 'signedOut');
      server().changed();
      return { ended };
    },
  };
}
