// Team: the accounts of a Besked server (issue 21): the owner's first set-up, signing in and out, sessions,
// invitations, password resets and the team list, with the team.* calls and events. On one PC without a server
// there are no accounts: team.status says so and the other calls answer that this is not a server.
import { z } from 'zod';
import { call, input, none, Role, type CallSpec } from './basics';
import { Language } from './settings';

export const UserId = z.int().positive();
export const UserName = z
  .string()
  .trim()
  .min(1, 'Write a name')
  .max(60, 'A name holds at most 60 characters')
  .regex(/^[^\s@:/\\][^@:/\\]*$/u, 'A name cannot hold @ : / or \\ or begin with a space');
/** Long enough to resist guessing, short enough to type; memory-hard hashing does the rest. */
export const Password = z.string().min(10, 'A password has at least 10 characters').max(200, 'A password has at most 200 characters');
/** An invitation's or a password reset's one-time code, as it appears in its link. */
export const InvitationCode = z.string().trim().min(16).max(100);

/** The signed-in user, as every view needs it (the name shown to colleagues, the role deciding the menu). */
export const Me = z.object({ id: UserId, name: z.string(), role: Role });
export type Me = z.infer<typeof Me>;

/** The secret of a session: kept by the transport (keychain on a desktop client, local storage in a browser). */
export const SessionToken = z.string().min(20).max(200);
export const SignedIn = z.object({
  user: Me,
  session: z.object({ token: SessionToken, expiresAt: z.string() }),
});
export type SignedIn = z.infer<typeof SignedIn>;

export const TeamStatus = z.object({
  /** `single`: one PC, no accounts. `server`: a Besked server that asks who you are. */
  kind: z.enum(['single', 'server']),
  /** A new server without an owner yet: the first person to open it creates the owner account. */
  setupNeeded: z.boolean(),
  /** Who this connection is signed in as (null before signing in, and always on one PC). */
  me: Me.nullable(),
  /** The server's name for its users (the computer's name unless the owner changes it). */
  serverName: z.string(),
  /** The shop's language setting, so the sign-in screens speak it before anyone may read the settings. */
  language: Language,
});
export type TeamStatus = z.infer<typeof TeamStatus>;

export const TeamUser = z.object({
  id: UserId,
  name: z.string(),
  role: Role,
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Set while repeated wrong passwords keep the account locked. */
  lockedUntil: z.string().nullable(),
  /** Wrong passwords since the last good one. */
  failedSignIns: z.number(),
  activeSessions: z.number(),
});
export type TeamUser = z.infer<typeof TeamUser>;

/** A one-time link: an invitation to join (kind invite) or to choose a new password (kind reset). */
export const Invitation = z.object({
  id: z.number(),
  kind: z.enum(['invite', 'reset']),
  role: Role,
  /** For a reset: whose password; for an invitation: the name the owner suggested (may be empty). */
  name: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** Only the answer to team.invite / team.resetPassword holds the code: it is stored hashed and never shown again. */
export const NewInvitation = z.object({ invitation: Invitation, code: InvitationCode, link: z.string() });
export type NewInvitation = z.infer<typeof NewInvitation>;

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

const credentials = input({ name: UserName, password: z.string().min(1, 'Write your password').max(200) });

export const teamCalls = {
  'team.status': call(none, TeamStatus, 'Whether this is one PC or a server, whether it needs its owner, and who is signed in here.'),
  'team.setupOwner': call(
    input({ name: UserName, password: Password }),
    SignedIn,
    'Creates the owner account of a new server and signs in; refused once the server has an owner.',
  ),
  'team.signIn': call(credentials, SignedIn, 'Signs in; repeated wrong passwords slow down and then lock the account for a while.'),
  'team.resume': call(input({ token: SessionToken }), z.object({ user: Me, expiresAt: z.string() }), 'Binds this connection to a session signed in earlier (after a reload or reconnect).'),
  'team.signOut': call(none, z.object({}), 'Ends this session.'),
  'team.signOutEverywhere': call(none, z.object({ ended: z.number() }), 'Ends every session of the signed-in user, on every computer.'),
  'team.changePassword': call(input({ current: z.string().min(1).max(200), next: Password }), z.object({}), 'Changes your own password; your other sessions end.'),
  'team.members': call(none, z.object({ members: z.array(Me) }), 'Colleagues by name, for assigning conversations.'),
  'team.users': call(none, z.object({ users: z.array(TeamUser), invitations: z.array(Invitation) }), 'Every account with its lock state and sessions, and the open invitations.'),
  'team.invite': call(input({ role: Role, name: z.string().trim().max(60).optional() }), NewInvitation, 'A one-time invitation link (valid 7 days) for a new colleague.'),
  'team.revokeInvitation': call(input({ id: z.int().positive() }), z.object({}), 'Withdraws an unused invitation or reset link.'),
  'team.invitationInfo': call(
    input({ code: InvitationCode }),
    z.object({ kind: z.enum(['invite', 'reset']), role: Role, name: z.string(), invitedBy: z.string(), serverName: z.string(), expiresAt: z.string() }),
    'What a link is for, so the page can say "Anna invites you to join … as staff" before you choose a password.',
  ),
  'team.acceptInvitation': call(
    input({ code: InvitationCode, name: UserName, password: Password }),
    SignedIn,
    'Uses an invitation (creating the account) or a reset link (setting a new password for its user) once, and signs in.',
  ),
  'team.resetPassword': call(input({ userId: UserId }), NewInvitation, 'A one-time link with which the user chooses a new password; their sessions end and a lock is lifted.'),
  'team.setRole': call(input({ userId: UserId, role: Role }), TeamUser, 'Makes a user owner or staff (a server keeps at least one owner).'),
  'team.remove': call(input({ userId: UserId }), z.object({}), 'Removes a user: their sessions end; their actions stay in the audit trail under their name.'),
  'team.endSessions': call(input({ userId: UserId }), z.object({ ended: z.number() }), 'Signs a user out everywhere.'),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const teamEvents = {
  /** The team list changed (an account, a role, a lock, an invitation). */
  'team.changed': z.object({}),
  /** To owners: an account was locked after repeated wrong passwords. */
  'team.lockout': z.object({ name: z.string(), until: z.string(), address: z.string() }),
  /** To one connection: its session ended (signed out elsewhere, expired, user removed); the view shows sign-in. */
  'team.sessionEnded': z.object({ reason: z.enum(['signedOut', 'expired', 'removed', 'passwordChanged']) }),
} as const satisfies Record<string, z.ZodType>;

export { teamRules } from './rules/team';
