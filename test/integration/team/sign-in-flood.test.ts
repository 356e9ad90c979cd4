// A stranger's flood (issue 26.5): 100 connections from one address that is not signed in, each trying 20 sign-ins at
// names nobody has, meet the server's limits for strangers (16 connections per address, 20 sign-ins then one every
// 2 s per address); the owner, from her own address, signs in meanwhile; and the whole flood is one audit entry with
// its counts, not a row per attempt. Counts only: the time the owner's sign-in takes is the bench's
// (team.signin_under_flood_ms in test/bench/team-signin.bench.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_STRANGER_LIMITS } from '../../../src-main/bridge/stranger-limits';
import { eventually, PASSWORD, startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const STRANGER = '127.0.0.2';

describe('a flood of sign-ins from a stranger', () => {
  it('is held to the per-address limits, lets the owner in, and is written as one audit entry', async () => {
    // One flood, one window: on a loaded machine the 100 connections and 320 sign-ins took longer than 2 s and the
    // flood was written as two entries; 10 s holds it whole.
    world = await startTeamWorld({ limits: { strangers: { floodWindowMs: 10_000 } } });
    const owner = await world.owner('Anna');

    const tried = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => world!.connect(`flood ${i}`, { localAddress: STRANGER })));
    const open = tried.filter((r): r is PromiseFulfilledResult<TeamClient> => r.status === 'fulfilled').map((r) => r.value);
    const refusedConnections = tried.filter((r) => r.status === 'rejected');
    expect(open).toHaveLength(DEFAULT_STRANGER_LIMITS.connectionsPerAddress);
    expect(refusedConnections.every((r) => String((r as PromiseRejectedResult).reason).includes('429'))).toBe(true);

    const attempts = open.flatMap((w, c) => Array.from({ length: 20 }, (_, i) => w.call('team.signIn', { name: `ghost ${c}-${i}`, password: 'wrong password' })));
    // The owner signs in from her own address while the flood runs.
    const anna = await world.signIn('Anna');
    await anna.ok('contacts.overview', {});
    const answers = await Promise.all(attempts);
    const codes = answers.map((a) => (a.ok ? 'signed in' : a.error.code));
    const checked = codes.filter((c) => c === 'team.wrongCredentials').length;
    const held = codes.filter((c) => c === 'remote.tooManySignIns').length;
    // The burst of 20, and at most a few more as the bucket refills (one every 2 s) while the flood is answered.
    expect(checked).toBeGreaterThanOrEqual(DEFAULT_STRANGER_LIMITS.signInsPerAddress.burst);
    expect(checked).toBeLessThanOrEqual(DEFAULT_STRANGER_LIMITS.signInsPerAddress.burst + 3);
    expect(checked + held).toBe(16 * 20);

    // One entry for the flood, with its counts; one row for each attempt that was let through, no more.
    const trail = async () => (await owner.ok('audit.list', { action: 'users', limit: 500 })).entries.filter((e) => e.address === STRANGER);
    await eventually(async () => (await trail()).some((e) => e.detail.includes('"flood"')), 30_000, 'the flood entry');
    const rows = await trail();
    const floods = rows.filter((e) => e.detail.includes('"flood"'));
    expect(floods).toHaveLength(1);
    const flood = (JSON.parse(floods[0]!.detail) as { flood: { refusedConnections: number; refusedSignIns: number; addressCount: number } }).flood;
    expect(flood).toMatchObject({ refusedConnections: 84, refusedSignIns: held, addressCount: 1 });
    expect(floods[0]!.outcome).toBe('refused');
    expect(rows.filter((e) => !e.detail.includes('"flood"'))).toHaveLength(checked);
  }, 120_000);

  it('frees a connection’s place once it signs in, and lets a connection that was signed in sign in again', async () => {
    world = await startTeamWorld({ limits: { strangers: { connectionsPerAddress: 2, signInsPerAddress: { perSecond: 0.001, burst: 1 } } } });
    await world.owner('Anna');
    const a = await world.connect('a', { localAddress: STRANGER });
    await world.connect('b', { localAddress: STRANGER });
    await expect(world.connect('c', { localAddress: STRANGER })).rejects.toThrow('429');
    await a.ok('team.signIn', { name: 'Anna', password: PASSWORD });
    // Signed in, `a` is no stranger: a new window from the address gets its place.
    await world.connect('d', { localAddress: STRANGER });
    // The address's one sign-in is spent; `a`, signed in before, is not held back by it.
    await a.ok('team.signOut', {});
    await a.ok('team.signIn', { name: 'Anna', password: PASSWORD });
  });
});

describe('a failed handshake', () => {
  it('gives its place back, so junk upgrades cannot fill the limits', async () => {
    world = await startTeamWorld({ limits: { strangers: { connectionsPerAddress: 2 } } });
    const { request } = await import('node:https');
    const { port, hostname } = new URL(world.origin);
    const statuses: (number | undefined)[] = [];
    const junk = () =>
      new Promise<void>((resolve) => {
        const req = request({ host: hostname, port, path: '/bridge', localAddress: '127.0.0.3', rejectUnauthorized: false, headers: { Connection: 'Upgrade', Upgrade: 'websocket', Origin: world!.origin, 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'not a key' } });
        req.on('response', (res) => {
          statuses.push(res.statusCode);
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', () => resolve());
        req.on('upgrade', (_res, socket) => {
          socket.destroy();
          resolve();
        });
        req.end();
      });
    for (let i = 0; i < 10; i++) await junk();
    // Each refused by the WebSocket handshake itself (400), none by the limits (429).
    expect(statuses).toEqual(Array(10).fill(400));
    await eventually(async () => {
      try {
        await (await world!.connect('after the junk', { localAddress: '127.0.0.3' })).close();
        return true;
      } catch {
        return false;
      }
    }, 5_000, 'a good connection after the junk');
    await world.connect('a second one', { localAddress: '127.0.0.3' });
  });
});
