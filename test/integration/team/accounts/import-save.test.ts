// A colleague's sign-in, password change and refused call while an import saves: their writes come after an await
// (the password hash, the call itself), so the dispatcher's claim no longer covers them. Each waits for the write gate
// (db/write-gate.ts) without holding the core, and is made when the save ends. Before, each waited in SQLite's busy
// handler on the core's thread: every colleague's call stood still, and past busy_timeout (5 s) the sign-in failed.
// Another connection holding the write lock stands in for the import's worker, as in foundation/write-gate.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { writeGate } from '../../../../src-main/core/db/write-gate';
import { auditRows, OWNER_PASSWORD, STAFF_PASSWORD, startTeamCore, type TeamCore } from './helpers';
import { loopTurns } from '../../loop-turns';

let t: TeamCore | null = null;
let other: Database.Database | null = null;
let release: (() => void) | null = null;
afterEach(async () => {
  release?.();
  other?.close();
  await t?.close();
  t = other = release = null;
});

describe('team calls while an import saves', () => {
  it('wait for the save without holding the core, and are made (and audited) after it', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo', '192.168.1.31');
    const before = auditRows(t).length;

    // The import's save: the core's thread holds the gate, another connection the write lock.
    release = writeGate(t.test.core.db).hold();
    other = new Database(join(t.dataDir, 'besked.db'));
    other.prepare('BEGIN IMMEDIATE').run();

    const done = new Set<string>();
    const watch = <T>(name: string, p: Promise<T>) => (void p.finally(() => done.add(name)), p);
    const signIn = watch('signIn', t.call(t.connect('192.168.1.32'), 'team.signIn', { name: 'Bo', password: STAFF_PASSWORD }));
    const wrong = watch('wrong', t.call(t.connect('192.168.1.33'), 'team.signIn', { name: 'Anna', password: 'forkert-kodeord' }));
    const change = watch('change', t.call(owner, 'team.changePassword', { current: OWNER_PASSWORD, next: 'nyt-ejer-kodeord-9' }));
    const refused = watch('refused', t.call(bo, 'settings.setToken', { platform: 'default', token: 'gw-secret-token-0123456789' }));

    // Long enough for every password check to end (they run while the calls wait), counted in turns of the loop:
    // a write waiting in the busy handler would hold the loop, and the count, until busy_timeout failed it.
    await loopTurns(20, 1500);
    expect([...done]).toEqual([]);
    expect(auditRows(t).length).toBe(before);

    other.prepare('COMMIT').run();
    release();
    const [s, w, c, r] = await Promise.all([signIn, wrong, change, refused]);
    expect(s.ok).toBe(true);
    expect(w).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(c.ok).toBe(true);
    expect(r).toMatchObject({ ok: false });
    const rows = auditRows(t).slice(before);
    expect(rows.map((x) => [x.call, x.user_name, x.outcome]).sort()).toEqual(
      [
        ['settings.setToken', 'Bo', 'refused'],
        ['team.changePassword', 'Anna', 'ok'],
        ['team.signIn', 'Not signed in', 'failed'],
        ['team.signIn', 'Bo', 'ok'],
      ].sort(),
    );
  });

  it("answer a signed-in colleague's reads meanwhile, leaving the session's touch for after the save", async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const lastSeen = () => t!.test.core.db.prepare('SELECT last_seen_at FROM team_sessions WHERE id = ?').pluck().get(owner.caller.sessionId) as string;
    const before = lastSeen();
    // A touch is due (the idle clock is written at most once a minute).
    t.clock.now += 5 * 60_000;
    release = writeGate(t.test.core.db).hold();
    other = new Database(join(t.dataDir, 'besked.db'));
    other.prepare('BEGIN IMMEDIATE').run();
    // A read answers at once; the touch is not written (it would wait for the save on the core's thread).
    expect((await t.call(owner, 'contacts.list', {})).ok).toBe(true);
    expect(lastSeen()).toBe(before);
    other.prepare('COMMIT').run();
    release();
    expect((await t.call(owner, 'contacts.list', {})).ok).toBe(true);
    expect(lastSeen()).toBe(new Date(t.clock.now).toISOString());
  });
});
