// The role table over the wire: every call of the contract, made through a Besked server's TLS WebSocket as the
// owner, as staff and as a window that has not signed in, answers as src-shared/contract's callRules says. A call
// the role may make is never refused for who is asking; one it may not make is refused with a team code and
// changes nothing (the one thing it adds is the audit line of a signed-in user's refused audited call).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRules, calls, type CallName } from '../../../src-shared/contract';
import { allows, type Standing } from '../../../src-shared/team/access';
import type { Db } from '../../../src-main/core/db/database';
import { settledTableDigests, tableDigests } from '../table-digests';
import { startTeamWorld, type TeamClient, type TeamWorld } from './harness';

const names = Object.keys(calls) as CallName[];
let world: TeamWorld;
const windows = {} as Record<'owner' | 'staff' | 'nobody', TeamClient>;

/** Left out of "changes nothing": the audit trail (checked on its own), sessions (their last use moves) and the
 * pollers' cursors (sync_state: the inbox and status pollers move them on their own timer). */
const LEAVE_OUT = ['audit_log', 'team_sessions', 'sync_state'];
const auditCount = (db: Db) => db.prepare('SELECT COUNT(*) FROM audit_log').pluck().get() as number;

beforeAll(async () => {
  world = await startTeamWorld();
  windows.owner = await world.owner('Anna');
  windows.staff = await world.invite('Bo');
  windows.nobody = await world.connect('nobody');
});
afterAll(async () => {
  await world?.close();
});

describe('every call over the wire, as each role', () => {
  for (const standing of ['owner', 'staff', 'nobody'] as const) {
    it(`answers every call as ${standing} as callRules says, and a refusal changes nothing`, async () => {
      const s: Standing = standing === 'nobody' ? null : standing;
      const client = windows[standing];
      const before = await settledTableDigests(world.core.db, LEAVE_OUT);
      const auditBefore = auditCount(world.core.db);
      let refusedAudited = 0;
      const wrong: string[] = [];
      for (const name of names) {
        // No call takes this input (inputs are strict): an allowed call stops at validation and runs nothing, so
        // the sweep itself changes nothing; a refused call must be refused before its input is read.
        const r = await client.call(name, { __probe: 1 } as never);
        const allowed = allows(callRules[name].who, s);
        const teamRefusal = !r.ok && r.error.kind === 'auth' && (r.error.code ?? '').startsWith('team.');
        if (allowed && teamRefusal) wrong.push(`${name}: refused (${r.error.code}) though ${standing} may make it`);
        if (!allowed) {
          const expected = s === null ? 'team.signInNeeded' : 'team.notAllowed';
          if (r.ok || r.error.kind !== 'auth' || r.error.code !== expected) wrong.push(`${name}: ${JSON.stringify(r).slice(0, 160)} instead of ${expected}`);
          if (callRules[name].audit && s !== null) refusedAudited++;
        }
      }
      expect(wrong).toEqual([]);
      expect(client.isOpen()).toBe(true);
      expect(tableDigests(world.core.db, LEAVE_OUT)).toEqual(before);
      expect(auditCount(world.core.db) - auditBefore).toBe(refusedAudited);
    });
  }

  it('refuses a staff user who asks for the owner calls with valid input, and keeps the token out of every answer', async () => {
    const staff = windows.staff;
    for (const [name, input] of [
      ['settings.setToken', { platform: 'com', token: 'x'.repeat(40) }],
      ['team.users', {}],
      ['audit.list', {}],
      ['contacts.export', {}],
    ] as const) {
      const e = await staff.fails(name as CallName, input as never);
      expect({ name, kind: e.kind, code: e.code }).toEqual({ name, kind: 'auth', code: 'team.notAllowed' });
    }
  });
});
