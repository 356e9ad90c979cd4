// Lockout over the wire: wrong passwords first slow the next attempt down (doubling waits, refused rather than slept
// on, even with the right password), then lock the account; the owners' windows are told at once, every attempt is
// in the audit trail, the right password stays refused while locked, and the owner's reset lifts the lock.
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const TIMINGS = { slowAfter: 3, slowMs: 100, lockAfter: 6, lockMs: 15 * 60_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One wrong password, waiting out any slow-down first; the codes of the answers on the way. */
async function wrongOnce(w: TeamClient, name: string, i: number): Promise<string[]> {
  const codes: string[] = [];
  for (;;) {
    const e = await w.fails('team.signIn', { name, password: `wrong guess ${i}` });
    codes.push(e.code ?? e.kind);
    if (e.code !== 'team.slowDown') return codes;
    await sleep(50);
  }
}

describe('repeated wrong passwords', () => {
  it('slow down, then lock the account; owners are told; the owner’s reset lifts it', async () => {
    world = await startTeamWorld({ timings: TIMINGS });
    const owner = await world.owner('Anna');
    const colleague = await world.invite('Bo');
    const attacker = await world.connect('attacker');

    // Three wrong passwords are answered at once and alike.
    for (let i = 0; i < 3; i++) expect(await wrongOnce(attacker, 'Bo', i)).toEqual(['team.wrongCredentials']);
    // From now on an attempt right after a wrong one is refused unchecked, even with the right password.
    const hurried = await attacker.fails('team.signIn', { name: 'Bo', password: PASSWORD });
    expect({ code: hurried.code, kind: hurried.kind }).toEqual({ code: 'team.slowDown', kind: 'rate_limited' });
    // The waits double: 100 ms, then 200 ms, then 400 ms.
    const t0 = Date.now();
    for (let i = 3; i < 5; i++) expect(await wrongOnce(attacker, 'Bo', i)).toContain('team.wrongCredentials');
    const last = await wrongOnce(attacker, 'Bo', 5);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(100 + 200 + 400 - 50);
    expect(last.at(-1)).toBe('team.locked');

    const told = await owner.waitForEvent('team.lockout');
    expect(told).toMatchObject({ name: 'Bo' });
    expect(Date.parse(told.until) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Bo's own window is staff: not told of lockouts (the owners are).
    expect(colleague.events.filter((e) => e.event === 'team.lockout')).toEqual([]);

    await sleep(1_000);
    const locked = await attacker.fails('team.signIn', { name: 'Bo', password: PASSWORD });
    expect(locked.code).toBe('team.locked');
    const bo = (await owner.ok('team.users', {})).users.find((u) => u.name === 'Bo')!;
    expect(bo.lockedUntil).not.toBeNull();
    expect(bo.failedSignIns).toBe(6);

    // Every attempt is in the trail: the wrong ones, the refused ones, and none of them holds a password.
    const trail = (await owner.ok('audit.list', { action: 'users', limit: 500 })).entries.filter((e) => e.call === 'team.signIn');
    expect(trail.filter((e) => e.outcome === 'failed')).toHaveLength(6);
    expect(trail.filter((e) => e.outcome === 'refused').length).toBeGreaterThanOrEqual(2);
    expect(trail.some((e) => e.detail.includes('wrong guess') || e.detail.includes(PASSWORD))).toBe(false);

    // The owner's reset lifts the lock; the link sets a new password.
    const { code } = await owner.ok('team.resetPassword', { userId: bo.id });
    const after = (await owner.ok('team.users', {})).users.find((u) => u.name === 'Bo')!;
    expect({ lockedUntil: after.lockedUntil, failedSignIns: after.failedSignIns }).toEqual({ lockedUntil: null, failedSignIns: 0 });
    const back = await world.connect('Bo again');
    await back.ok('team.acceptInvitation', { code, name: 'Bo', password: 'a brand new password' });
    await back.ok('contacts.overview', {});
  });

  it('answers a name nobody has exactly like a wrong password', async () => {
    world = await startTeamWorld({ timings: TIMINGS });
    await world.owner('Anna');
    await world.invite('Bo');
    const w = await world.connect();
    const real = await w.fails('team.signIn', { name: 'Bo', password: 'not it at all' });
    const nobody = await w.fails('team.signIn', { name: 'Nobody', password: 'not it at all' });
    expect({ ...nobody }).toEqual({ ...real });
  });
});
