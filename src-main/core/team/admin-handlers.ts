// The team.* calls of owners and of one-time links: the team list, invitations and password resets (made, withdrawn,
// read and used), roles, removal and ending a user's sessions. A server always keeps at least one owner.
import type { DomainCallName, NewInvitation, Role, TeamUser } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import { currentCaller } from './caller';
import { signedIn } from './account-handlers';
import { invitationOf, type OpenLink } from './invitations';
import { CLEAR } from './lockout';
import { hashPassword } from './password-hash';
import type { TeamParts } from './team-parts';
import { teamErrors } from './team-errors';
import { meOf, type UserRow } from './users';

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

export function adminHandlers(t: TeamParts): Pick<Handlers, Extract<DomainCallName<'team'>, AdminCalls>> {
  const teamUser = (u: UserRow, sessions: Map<number, number>): TeamUser => ({
    id: u.id,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt,
    lastSignInAt: u.lastSignInAt,
    lockedUntil: u.lock.lockedUntil !== null && u.lock.lockedUntil > t.now() ? new Date(u.lock.lockedUntil).toISOString() : null,
    failedSignIns: u.lock.failedCount,
    activeSessions: sessions.get(u.id) ?? 0,
  });
  const existing = (userId: number): UserRow => {
    const u = t.users.byId(userId);
    if (!u) throw teamErrors.noSuchUser();
    return u;
  };
  const newLink = (l: { kind: 'invite' | 'reset'; role: Role; name: string; userId: number | null }): NewInvitation => {
    const { link, code } = t.invitations.create({ ...l, createdBy: currentCaller().user?.id ?? null }, t.timings.linkMs);
    return { invitation: invitationOf(link), code, link: `${t.publicUrl()}/#/join/${code}` };
  };
  const openLink = (code: string): OpenLink => {
    const link = t.invitations.byCode(code);
    if (!link) throw teamErrors.linkInvalid();
    return link;
  };
  /** Whether taking the owner role from this user would leave the server without one. */
  const lastOwner = (u: UserRow) => u.role === 'owner' && t.users.owners() <= 1;

  return {
    'team.users': () => {
      const sessions = t.sessions.countsByUser();
      return { users: t.users.all().map((u) => teamUser(u, sessions)), invitations: t.invitations.open().map(invitationOf) };
    },

    'team.invite': ({ role, name }) => {
      const made = newLink({ kind: 'invite', role, name: name ?? '', userId: null });
      t.changed();
      return made;
    },

    'team.revokeInvitation': ({ id }) => {
      if (!t.invitations.revoke(id)) throw teamErrors.linkInvalid();
      t.changed();
      return {};
    },

    'team.invitationInfo': ({ code }) => {
      const l = openLink(code);
      return { kind: l.kind, role: l.role, name: l.name, invitedBy: l.createdBy, serverName: t.serverName, expiresAt: l.expiresAt };
    },

    'team.acceptInvitation': async ({ code, name, password }) => {
      const link = openLink(code);
      const passwordHash = await hashPassword(password);
      // One transaction: of two uses of one link the second finds it used; a taken name leaves the link unused.
      const user = t.db.transaction(() => {
        if (!t.invitations.use(link.id)) throw teamErrors.linkInvalid();
        if (link.kind === 'reset') {
          // A reset keeps the user's name: the link is theirs whatever the form says.
          const u = link.userId === null ? null : t.users.byId(link.userId);
          if (!u) throw teamErrors.linkInvalid();
          t.users.setPassword(u.id, passwordHash);
          return u;
        }
        if (t.users.nameTaken(name)) throw teamErrors.nameTaken(name.trim());
        return t.users.add({ name, role: link.role, passwordHash }, t.now());
      })();
      if (link.kind === 'reset') t.sessions.endAllOf(user.id, 'passwordChanged');
      t.users.signedIn(user.id, t.now());
      const caller = currentCaller();
      const session = t.sessions.create(user.id, caller.address);
      t.changed();
      return signedIn(caller, meOf(user), session);
    },

    'team.resetPassword': ({ userId }) => {
      const u = existing(userId);
      // The newest link is the one that works; the lock is lifted now, the sessions with the old password end now.
      t.invitations.revokeResetsOf(u.id);
      const made = newLink({ kind: 'reset', role: u.role, name: u.name, userId: u.id });
      t.users.setLock(u.id, CLEAR);
      t.sessions.endAllOf(u.id, 'passwordChanged');
      t.changed();
      return made;
    },

    'team.setRole': ({ userId, role }) => {
      const u = existing(userId);
      if (role === 'staff' && lastOwner(u)) throw teamErrors.lastOwner();
      t.users.setRole(u.id, role);
      t.changed();
      return teamUser(existing(u.id), t.sessions.countsByUser());
    },

    'team.remove': ({ userId }) => {
      const u = existing(userId);
      if (lastOwner(u)) throw teamErrors.lastOwner();
      t.db.transaction(() => {
        t.users.remove(u.id, t.now());
        t.invitations.revokeResetsOf(u.id);
      })();
      t.sessions.endAllOf(u.id, 'removed');
      t.changed();
      return {};
    },

    'team.endSessions': ({ userId }) => {
      const u = existing(userId);
      const ended = t.sessions.endAllOf(u.id, 'signedOut');
      t.changed();
      return { ended };
    },
  };
}
