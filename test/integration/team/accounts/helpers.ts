// A real core on disk that serves a team, with a clock the tests move, and connections made by hand the way the
// server bridge makes them: one Caller per connection whose bind() the team handlers call, and the session checked
// before every call (null → unbound, as the bridge does).
import { randomUUID } from 'node:crypto';
import type { CallInput, CallName, CallOutput, EventMessage } from '../../../../src-shared/contract';
import type { AppError, Result } from '../../../../src-shared/errors';
import type { BoundSession, Caller } from '../../../../src-main/core/team/caller';
import type { TeamTimings } from '../../../../src-main/core/team/timings';
import { startTestCore, tempDir, type TestCore } from '../../campaigns/helpers';

export const START = Date.parse('2026-11-25T09:00:00.000Z');
export const OWNER_PASSWORD = 'ejerens-kodeord-1';
export const STAFF_PASSWORD = 'personalets-kode-2';

export interface Conn {
  caller: Caller;
  /** Every bind the handlers made, in order. */
  binds: (BoundSession | null)[];
  /** Sessions the bridge found ended before a call. */
  dropped: number;
}

export interface TeamCore {
  test: TestCore;
  dataDir: string;
  clock: { now: number };
  events: EventMessage[];
  connect(address?: string): Conn;
  call<N extends CallName>(conn: Conn, name: N, input: CallInput<N>): Promise<Result<CallOutput<N>>>;
  ok<N extends CallName>(conn: Conn, name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(conn: Conn, name: N, input: CallInput<N>): Promise<AppError>;
  /** A connection signed in as the owner (set up on first use). */
  owner(): Promise<Conn>;
  /** A connection signed in as a new staff user of that name, invited by the owner. */
  staff(name: string, address?: string): Promise<Conn>;
  /** Stops the core, keeping the folder, and starts a new one on it (same clock). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTeamCore(timings: Partial<TeamTimings> = {}): Promise<TeamCore> {
  const dataDir = tempDir('besked-team-');
  const clock = { now: START };
  const teamOpts = { serverName: 'Salonen', publicUrl: () => 'https://salonen.local:8443', timings, now: () => clock.now };
  let test = await startTestCore({ dataDir, team: teamOpts });
  let ownerConn: Conn | null = null;

  const connect = (address = '192.168.1.20'): Conn => {
    const conn: Conn = {
      binds: [],
      dropped: 0,
      caller: {
        kind: 'remote',
        user: null,
        sessionId: null,
        connectionId: randomUUID(),
        address,
        bind(s) {
          conn.binds.push(s);
          conn.caller.user = s?.user ?? null;
          conn.caller.sessionId = s?.id ?? null;
        },
      },
    };
    return conn;
  };
  const call = async <N extends CallName>(conn: Conn, name: N, input: CallInput<N>) => {
    const id = conn.caller.sessionId;
    if (id) {
      const user = test.core.team.sessions.check(id);
      if (user) conn.caller.user = user;
      else {
        conn.caller.user = null;
        conn.caller.sessionId = null;
        conn.dropped++;
      }
    }
    return (await test.core.dispatch(name, input, conn.caller)) as Result<CallOutput<N>>;
  };
  const ok = async <N extends CallName>(conn: Conn, name: N, input: CallInput<N>) => {
    const r = await call(conn, name, input);
    if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
    return r.value;
  };
  const fails = async <N extends CallName>(conn: Conn, name: N, input: CallInput<N>) => {
    const r = await call(conn, name, input);
    if (r.ok) throw new Error(`${name} succeeded but should have failed`);
    return r.error;
  };
  const tc: TeamCore = {
    get test() {
      return test;
    },
    dataDir,
    clock,
    get events() {
      return test.events;
    },
    connect,
    call,
    ok,
    fails,
    async owner() {
      if (!ownerConn) {
        ownerConn = connect('192.168.1.10');
        await ok(ownerConn, 'team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
      }
      return ownerConn;
    },
    async staff(name, address = '192.168.1.30') {
      const { code } = await ok(await tc.owner(), 'team.invite', { role: 'staff', name });
      const conn = connect(address);
      await ok(conn, 'team.acceptInvitation', { code, name, password: STAFF_PASSWORD });
      return conn;
    },
    async restart() {
      await test.close({ keepData: true });
      test = await startTestCore({ dataDir, team: teamOpts });
    },
    close: () => test.close(),
  };
  return tc;
}

/** The audit trail's rows, oldest first, straight from the database. */
export function auditRows(t: TeamCore): Record<string, unknown>[] {
  return t.test.core.db.prepare('SELECT * FROM audit_log ORDER BY id').all() as Record<string, unknown>[];
}
