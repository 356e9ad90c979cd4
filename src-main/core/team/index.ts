// The team as a module of the core (issue 21): on a Besked server, the accounts, sessions, invitations and lockout
// behind the team.* calls; on one PC, no accounts (team.status says `single`, the other calls refuse). The transport
// (bridge/team-server.ts) asks it whether a connection's session still holds before each call.
import type { DomainCallName, Me } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import { BeskedError } from '../errors';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { Connections } from './connections';

export type SessionEndReason = 'signedOut' | 'expired' | 'removed' | 'passwordChanged';

/** What the transport needs of sessions: whether one still holds, and news of ended ones to drop their bindings. */
export interface TeamSessions {
  /** The session's user while it holds (not expired, not ended, user not removed); null otherwise. */
  check(sessionId: string): Me | null;
  onEnded(listener: (ended: { sessionIds: readonly string[]; reason: SessionEndReason }) => void): () => void;
}

export interface TeamModuleOptions {
  db: Db;
  events: EventBus;
  log: Logger;
  /** `server`: accounts and sign-in; `single`: one PC without accounts. */
  kind: 'single' | 'server';
  /** Shown to users on the sign-in page and in invitations. */
  serverName: string;
  /** The address invitation links point at (https://host:port), once the server listens. */
  publicUrl?: () => string;
  now?: () => number;
  /** Session lifetime and lockout timings (tests shorten them). */
  timings?: { sessionIdleMs?: number; sessionMaxMs?: number; lockAfter?: number; lockMs?: number; slowAfter?: number };
}

export interface TeamModule {
  handlers: Pick<Handlers, DomainCallName<'team'>>;
  sessions: TeamSessions;
  connections: Connections;
}

const notAServer = () => new BeskedError('not_enabled', 'This is Besked on one PC: it has no accounts. Start a Besked server to work as a team.', coded('team.notAServer'));

export function createTeamModule(o: TeamModuleOptions): TeamModule {
  const connections = new Connections();
  const refuse = () => {
    throw notAServer();
  };
  return {
    connections,
    sessions: { check: () => null, onEnded: () => () => undefined },
    handlers: {
      'team.status': () => ({ kind: o.kind, setupNeeded: false, me: null, serverName: o.serverName }),
      'team.setupOwner': refuse,
      'team.signIn': refuse,
      'team.resume': refuse,
      'team.signOut': refuse,
      'team.signOutEverywhere': refuse,
      'team.changePassword': refuse,
      'team.members': () => ({ members: [] }),
      'team.users': refuse,
      'team.invite': refuse,
      'team.revokeInvitation': refuse,
      'team.invitationInfo': refuse,
      'team.acceptInvitation': refuse,
      'team.resetPassword': refuse,
      'team.setRole': refuse,
      'team.remove': refuse,
      'team.endSessions': refuse,
    },
  };
}
