// The team as a module of the core (issue 21): on a Besked server, the accounts, sessions, invitations and lockout
// behind the team.* calls; on one PC, no accounts (team.status says `single`, the other calls refuse). The transport
// (bridge/team-server.ts) asks it whether a connection's session still holds before each call.
import type { DomainCallName, Me, Language } from '../../../src-shared/contract';
import { writeGate } from '../db/write-gate';
import type { Db } from '../db/database';
import type { AuditSink, Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { accountHandlers } from './account-handlers';
import { adminHandlers } from './admin-handlers';
import { Connections } from './connections';
import { Invitations } from './invitations';
import { primeNobody } from './password-hash';
import { Sessions } from './sessions';
import { SignIn } from './sign-in';
import type { TeamSide } from './team-parts';
import { teamErrors } from './team-errors';
import { DEFAULT_TIMINGS, type TeamTimings } from './timings';
import { Users } from './users';
import { computerClock } from '../clock';

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
  /** The shop's language setting, told to the sign-in screens. */
  language?: () => Language;
  /** The address invitation links point at (https://host:port), once the server listens. */
  publicUrl?: () => string;
  now?: () => number;
  /** Session lifetime, link lifetime and lockout timings (tests shorten them); see timings.ts for the defaults. */
  timings?: Partial<TeamTimings>;
  /** Where sign-in attempts are written (the audit trail's sink). */
  audit?: AuditSink;
}

/** One window of connections and sign-ins refused to strangers by the transport's limits (one audit entry). */
export interface FloodRecord {
  from: string;
  to: string;
  refusedConnections: number;
  refusedSignIns: number;
  addresses: { address: string; refused: number }[];
  addressCount: number;
}

export interface TeamModule {
  handlers: Pick<Handlers, DomainCallName<'team'>>;
  sessions: TeamSessions;
  connections: Connections;
  /** Writes a flood of refused strangers as one audit entry with its counts, instead of one row per attempt. */
  recordFlood(flood: FloodRecord): void;
  /** Stops looking for sessions out of time (before the database closes). */
  stop(): void;
}

export function createTeamModule(o: TeamModuleOptions): TeamModule {
  const connections = new Connections();
  if (o.kind === 'single') {
    const side = { kind: 'single', serverName: o.serverName } as const;
    const sessions = { check: () => null, onEnded: () => () => undefined };
    return { connections, sessions, recordFlood: () => undefined, handlers: { ...accountHandlers(side, o.language), ...adminHandlers(side) }, stop: () => undefined };
  }
  const now = o.now ?? computerClock.now;
  const timings: TeamTimings = { ...DEFAULT_TIMINGS, ...o.timings };
  const users = new Users(o.db);
  const sessions = new Sessions(o.db, timings, now);
  // Out of time at start, then looked for every sweepMs (and found by Sessions.check between sweeps).
  sessions.sweep();
  const sweeper = setInterval(() => {
    // Not while an import saves or its thread writes a step (db/write-gate.ts): the next sweep finds the same
    // sessions. Claimed, not looked at: a step begun between a look and the sweep would make it wait all the same.
    const release = writeGate(o.db).claim();
    if (!release) return;
    try {
      sessions.sweep();
    } catch (err) {
      o.log.error('ending sessions out of time failed', { err });
    } finally {
      release();
    }
  }, timings.sweepMs);
  sweeper.unref();
  primeNobody().catch((err: unknown) => o.log.error('the sign-in dummy hash could not be made', { err }));
  const write = <T>(fn: () => T): Promise<T> => writeGate(o.db).run(fn);
  const signIn = new SignIn({ db: o.db, users, sessions, events: o.events, audit: o.audit ?? (async () => undefined), write, timings, now });
  const side: TeamSide = {
    kind: 'server',
    db: o.db,
    users,
    sessions,
    invitations: new Invitations(o.db, now),
    signIn,
    timings,
    now,
    serverName: o.serverName,
    publicUrl: o.publicUrl ?? (() => ''),
    changed: () => o.events.emit('team.changed', {}, { roles: ['owner'] }),
    write,
  };
  const recordFlood = (f: FloodRecord) => {
    const address = f.addressCount === 1 ? f.addresses[0]!.address : `${f.addressCount} addresses`;
    const caller = { kind: 'remote', user: null, sessionId: null, connectionId: null, address } as const;
    const error = teamErrors.signInFlood(f.refusedConnections, f.refusedSignIns, f.addressCount).toValue();
    o.audit?.({ caller, call: 'team.signIn', action: 'users', input: { flood: f }, outcome: 'refused', error }).catch((err: unknown) =>
      o.log.error('the flood record was not written', { err }),
    );
  };
  return { connections, sessions, recordFlood, handlers: { ...accountHandlers(side, o.language), ...adminHandlers(side) }, stop: () => clearInterval(sweeper) };
}
