// What the team.* handlers of a server share: the stores, the sign-in rule, the clock and how they tell owners of a
// change. Built once by createTeamModule.
import type { Db } from '../db/database';
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
}
