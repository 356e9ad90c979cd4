// Sessions over the wire: a window whose session expires (idle or at its absolute end), is signed out everywhere,
// ended by the owner, or belongs to a removed user is told so at once and refused from then on, and its token no
// longer resumes; a session survives a server restart.
import { afterEach, describe, expect, it } from 'vitest';
import { startTeamWorld, type TeamWorld } from './harness';

const worlds: TeamWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0).reverse()) await w.close();
});

async function world(o: Parameters<typeof startTeamWorld>[0] = {}): Promise<TeamWorld> {
  const w = await startTeamWorld(o);
  worlds.push(w);
  return w;
}

/** A clock the test moves on; the server's sessions read it. */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
}

describe('session expiry', () => {
  it('ends an idle session: the window is told, its calls are refused and its token does not resume', async () => {
    const clock = testClock();
    const w = await world({ now: clock.now, timings: { sessionIdleMs: 60_000, sessionMaxMs: 3_600_000 } });
    const owner = await w.owner();
    await owner.ok('contacts.overview', {});
    clock.advance(30_000);
    // Used within the idle time: the session holds and its idle time starts again.
    await owner.ok('contacts.overview', {});
    clock.advance(59_000);
    await owner.ok('contacts.overview', {});
    clock.advance(61_000);
    const e = await owner.fails('contacts.overview', {});
    expect({ kind: e.kind, code: e.code }).toEqual({ kind: 'auth', code: 'team.signInNeeded' });
    expect(await owner.waitForEvent('team.sessionEnded')).toEqual({ reason: 'expired' });
    const again = await w.connect('again');
    expect((await again.fails('team.resume', { token: w.tokens.get(owner)! })).kind).toBe('auth');
  });

  it('ends a session at its absolute end however busy it is', async () => {
    const clock = testClock();
    const w = await world({ now: clock.now, timings: { sessionIdleMs: 60_000, sessionMaxMs: 150_000 } });
    const owner = await w.owner();
    for (let i = 0; i < 3; i++) {
      clock.advance(45_000);
      await owner.ok('contacts.overview', {});
    }
    clock.advance(20_000);
    expect((await owner.fails('contacts.overview', {})).code).toBe('team.signInNeeded');
    expect(await owner.waitForEvent('team.sessionEnded')).toEqual({ reason: 'expired' });
  });
});

describe('ending sessions', () => {
  it('signs a user out everywhere: every window of theirs is told at once, a colleague stays signed in', async () => {
    const w = await world();
    const owner = await w.owner();
    const bo1 = await w.invite('Bo');
    const bo2 = await w.signIn('Bo');
    const ended = await bo1.ok('team.signOutEverywhere', {});
    expect(ended.ended).toBe(2);
    expect(await bo2.waitForEvent('team.sessionEnded')).toEqual({ reason: 'signedOut' });
    expect((await bo2.fails('contacts.overview', {})).code).toBe('team.signInNeeded');
    expect((await bo1.fails('contacts.overview', {})).code).toBe('team.signInNeeded');
    for (const bo of [bo1, bo2]) {
      const again = await w.connect();
      expect((await again.fails('team.resume', { token: w.tokens.get(bo)! })).kind).toBe('auth');
    }
    await owner.ok('contacts.overview', {});
  });

  it("lets the owner end a colleague's sessions and remove them", async () => {
    const w = await world();
    const owner = await w.owner();
    const bo = await w.invite('Bo');
    const boId = (await owner.ok('team.users', {})).users.find((u) => u.name === 'Bo')!.id;
    expect((await owner.ok('team.endSessions', { userId: boId })).ended).toBe(1);
    expect(await bo.waitForEvent('team.sessionEnded')).toEqual({ reason: 'signedOut' });
    const bo2 = await w.signIn('Bo');
    await owner.ok('team.remove', { userId: boId });
    expect(await bo2.waitForEvent('team.sessionEnded')).toEqual({ reason: 'removed' });
    expect((await bo2.fails('contacts.overview', {})).code).toBe('team.signInNeeded');
    const bo3 = await w.connect();
    expect((await bo3.fails('team.signIn', { name: 'Bo', password: 'correct horse battery staple' })).kind).toBe('auth');
  });

  it('ends the other sessions on a password change and keeps this one', async () => {
    const w = await world();
    await w.owner();
    const bo1 = await w.invite('Bo');
    const bo2 = await w.signIn('Bo');
    await bo1.ok('team.changePassword', { current: 'correct horse battery staple', next: 'a new and long password' });
    expect(await bo2.waitForEvent('team.sessionEnded')).toEqual({ reason: 'passwordChanged' });
    await bo1.ok('contacts.overview', {});
    const bo3 = await w.connect();
    await bo3.ok('team.signIn', { name: 'Bo', password: 'a new and long password' });
  });
});

describe('a server restart', () => {
  it('keeps sessions: a window resumes with its token after the server comes back', async () => {
    const first = await world();
    const owner = await first.owner();
    const token = first.tokens.get(owner)!;
    await first.stop();
    const second = await world({ dataDir: first.dataDir, vault: first.vault });
    const window = await second.connect('after restart');
    const resumed = await window.ok('team.resume', { token });
    expect(resumed.user).toMatchObject({ name: 'Anna', role: 'owner' });
    await window.ok('team.users', {});
  });
});
