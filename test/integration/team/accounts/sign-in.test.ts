// A new server's owner set-up (once, even when two race for it), signing in by name in any case, one answer for a
// wrong name and a wrong password, resuming a session, and one PC without accounts.
import { afterEach, describe, expect, it } from 'vitest';
import { auditRows, OWNER_PASSWORD, STAFF_PASSWORD, startTeamCore, type TeamCore } from './helpers';
import { startTestCore, type TestCore } from '../../campaigns/helpers';

let t: TeamCore | null = null;
let single: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await single?.close();
  t = single = null;
});

describe('a new server', () => {
  it('asks for its owner, and refuses a second set-up once it has one', async () => {
    t = await startTeamCore();
    const a = t.connect();
    expect(await t.ok(a, 'team.status', {})).toEqual({ kind: 'server', setupNeeded: true, me: null, serverName: 'Salonen', language: 'system' });
    const signedIn = await t.ok(a, 'team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
    expect(signedIn.user).toEqual({ id: 1, name: 'Anna', role: 'owner' });
    expect(signedIn.session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.binds).toHaveLength(1);
    expect(a.binds[0]!.user.name).toBe('Anna');
    expect(a.binds[0]!.id).not.toBe(signedIn.session.token);
    expect(await t.ok(a, 'team.status', {})).toEqual({ kind: 'server', setupNeeded: false, me: { id: 1, name: 'Anna', role: 'owner' }, serverName: 'Salonen', language: 'system' });

    // The sign-in screens speak the shop's language before anyone may read its settings.
    await t.ok(a, 'settings.update', { language: 'da' });
    expect(await t.ok(t.connect(), 'team.status', {})).toMatchObject({ me: null, language: 'da' });

    const late = await t.fails(t.connect(), 'team.setupOwner', { name: 'Mallory', password: 'mallory-password' });
    expect(late.code).toBe('team.setupDone');
    // The token is kept nowhere on the server: only its digest.
    const stored = JSON.stringify(t.test.core.db.prepare('SELECT * FROM team_sessions').all());
    expect(stored).not.toContain(signedIn.session.token);
  });

  it('lets exactly one of two people racing to set it up become its owner', async () => {
    t = await startTeamCore();
    const [a, b] = [t.connect('192.168.1.10'), t.connect('192.168.1.11')];
    const results = await Promise.all([
      t.call(a, 'team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD }),
      t.call(b, 'team.setupOwner', { name: 'Bent', password: OWNER_PASSWORD }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.find((r) => !r.ok);
    expect(lost && !lost.ok && lost.error.code).toBe('team.setupDone');
    expect(t.test.core.db.prepare('SELECT count(*) AS n FROM team_users').get()).toEqual({ n: 1 });
  });
});

describe('signing in', () => {
  it('matches the name in any case, records the sign-in, and binds the session', async () => {
    t = await startTeamCore();
    await t.owner();
    t.clock.now += 60_000;
    const c = t.connect('192.168.1.44');
    const r = await t.ok(c, 'team.signIn', { name: 'ANNA', password: OWNER_PASSWORD });
    expect(r.user).toEqual({ id: 1, name: 'Anna', role: 'owner' });
    expect(c.caller.user).toEqual(r.user);
    const users = await t.ok(c, 'team.users', {});
    expect(users.users[0]).toMatchObject({ name: 'Anna', lastSignInAt: new Date(t.clock.now).toISOString(), activeSessions: 2, failedSignIns: 0 });
    const last = auditRows(t).at(-1)!;
    expect(last).toMatchObject({ call: 'team.signIn', action: 'users', outcome: 'ok', user_name: 'Anna', address: '192.168.1.44', detail: '{"name":"ANNA"}' });
  });

  it('answers a wrong name exactly as a wrong password, after the same work', async () => {
    t = await startTeamCore();
    await t.owner();
    const c = t.connect();
    const timed = async (name: string) => {
      const start = performance.now();
      const error = await t!.fails(c, 'team.signIn', { name, password: 'not-the-password' });
      return { error, ms: performance.now() - start };
    };
    // Warm both paths once (the dummy hash is made on first use).
    await timed('Nobody');
    await timed('Anna');
    // The quickest of three of each: a busy machine (another test's browser) stretched one verification to 17 times
    // the other's once; the quickest shows what each path costs at least.
    const tries = { name: [] as Awaited<ReturnType<typeof timed>>[], password: [] as Awaited<ReturnType<typeof timed>>[] };
    for (let i = 0; i < 3; i++) {
      tries.name.push(await timed('Nobody'));
      tries.password.push(await timed('Anna'));
    }
    const quickest = (l: Awaited<ReturnType<typeof timed>>[]) => Math.min(...l.map((x) => x.ms));
    const [wrongName, wrongPassword] = [tries.name[0]!, tries.password[0]!];
    for (const x of [...tries.name, ...tries.password]) expect(x.error).toEqual(wrongPassword.error);
    expect(wrongName.error).toMatchObject({ kind: 'auth', code: 'team.wrongCredentials' });
    // Both spent an argon2 verification: neither answers in a small fraction of the other's time (a lookup without one takes well under a tenth).
    expect(quickest(tries.name)).toBeGreaterThan(quickest(tries.password) / 10);
    expect(quickest(tries.password)).toBeGreaterThan(quickest(tries.name) / 10);
    expect(c.binds).toEqual([]);
  });

  it('resumes a session with its token on a new connection, and refuses an unknown token', async () => {
    t = await startTeamCore();
    const owner = t.connect();
    const { session } = await t.ok(owner, 'team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD });
    const reloaded = t.connect();
    const r = await t.ok(reloaded, 'team.resume', { token: session.token });
    expect(r.user.name).toBe('Anna');
    expect(reloaded.caller.sessionId).toBe(owner.caller.sessionId);
    const bad = await t.fails(t.connect(), 'team.resume', { token: 'x'.repeat(43) });
    expect(bad).toMatchObject({ kind: 'auth', code: 'team.sessionExpired' });
  });

  it('refuses every call but the open ones before signing in', async () => {
    t = await startTeamCore();
    await t.owner();
    const c = t.connect();
    expect((await t.fails(c, 'team.users', {})).code).toBe('team.signInNeeded');
    expect((await t.fails(c, 'contacts.list', {})).code).toBe('team.signInNeeded');
    const staff = await t.staff('Bo');
    expect((await t.fails(staff, 'team.users', {})).code).toBe('team.notAllowed');
    expect((await t.ok(staff, 'team.members', {})).members.map((m) => m.name)).toEqual(['Anna', 'Bo']);
    expect(STAFF_PASSWORD).not.toBe(OWNER_PASSWORD);
  });
});

describe('one PC', () => {
  it('has no accounts: team.status says single and the account calls refuse', async () => {
    single = await startTestCore();
    expect(await single.ok('team.status', {})).toEqual({ kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' });
    expect(await single.ok('team.members', {})).toEqual({ members: [] });
    for (const [name, input] of [
      ['team.setupOwner', { name: 'Anna', password: OWNER_PASSWORD }],
      ['team.signIn', { name: 'Anna', password: OWNER_PASSWORD }],
      ['team.users', {}],
      ['team.invite', { role: 'staff' }],
    ] as const) {
      expect((await single.fails(name, input as never)).code, name).toBe('team.notAServer');
    }
  });
});
