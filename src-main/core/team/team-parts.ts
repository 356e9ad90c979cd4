// What the team.* handlers of a server share: the stores, the sign-in rule, the clock and how they tell owners of a
// change. Built once by createTeamModule; on one PC there are none and the calls that need them refuse.
import type { Db } from '../db/database';
import { teamErrors } from './team-errors';
import type { Invitations } from './invitations';
import type { Sessions } from './sessions';
import type { SignIn } from './sign-in';
import type { TeamTimings } from './timings';
import type { Users } from './users';

export interface TeamParts {
  db: Db;
  users: Users;
  sessions: Sessions;
  invitations: Invitations;
  signIn: SignIn;
  timings: TeamTimings;
  now: () => number;
  serverName: string;
  /** The address links point at (https://host:port), '' before the server listens. */
  publicUrl: () => string;
  /** Tells owners the team list changed (team.changed). */
  changed(): void;
  /**
   * Runs a write once the write gate is free (db/write-gate.ts). A handler's writes after it awaited the password
   * hash would otherwise wait for an import's save in SQLite's busy handler, holding the core for everyone.
   */
  write<T>(fn: () => T): Promise<T>;
}

/** What the handlers are built over: one PC's name only, or a server's parts. */
export type TeamSide = { kind: 'single'; serverName: string } | ({ kind: 'server' } & TeamParts);

/** The server's parts; on one PC the call refuses (this is not a server). */
export function onServer(side: TeamSide): TeamParts {
  if (side.kind === 'single') throw teamErrors.notAServer();
  return side;
}
