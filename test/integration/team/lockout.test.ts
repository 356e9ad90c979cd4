// Lockout over the wire: wrong passwords first slow the next attempt down (doubling waits, refused unchecked, even with
// the right password), then lock the account; the owners' windows are told at once, every attempt is in the audit
// trail with its reason, the right password stays refused while locked, and the owner's reset lifts the lock. The
// guesser hears team.wrongCredentials every time. Parallel guesses over many connections are counted one by one and
// never get a session once the account is locked (issue 26.2).
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

// A first wait longer than a password check takes on a busy machine, so an attempt right after an answer is hurried.
const TIMINGS = { slowAfter: 3, slowMs: 1_000, lockAfter: 6, lockMs: 15 * 60_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One wrong password after `waitMs`; the code of the answer. */
async function wrongOnce(w: TeamClient, name: string, i: number, waitMs = 0): Promise<string> {
  await sleep(waitMs);
  const e = await w.fails('team.signIn', { name, password: `wrong guess ${i}` });
  return e.code ?? e.kind;
}

describe('repeated wrong passwords', () => {
  it('slow down, then lock the account; owners are told; the owner’s reset lifts it', async () => {
    world = await startTeamWorld({ timings: TIMINGS });
    const owner = await world.owner('Anna');
    const colleague = await world.invite('Bo');
    const attacker = await world.connect('attacker');

    // Three wrong passwords are answered alike.
    for (let i = 0; i < 3; i++) expect(await wrongOnce(attacker, 'Bo', i)).toBe('team.wrongCredentials');
    // From now on an attempt right after a wrong one is refused unchecked, even with the right password, and answered
    // as a wrong one.
    const hurried = await attacker.fails('team.signIn', { name: 'Bo', password: PASSWORD });
    expect({ code: hurried.code, kind: hurried.kind }).toEqual({ code: 'team.wrongCredentials', kind: 'auth' });
    expect(attacker.frames.some((f) => f.includes('"token"'))).toBe(false);
    // The waits double: 1 s, then 2 s, then 4 s; the 6th wrong one locks.
    for (const [i, waitMs] of [[3, 1_050], [4, 2_050], [5, 4_050]] as const) expect(await wrongOnce(attacker, 'Bo', i, waitMs)).toBe('team.wrongCredentials');

    const told = await owner.waitForEvent('team.lockout');
    expect(told).toMatchObject({ name: 'Bo' });
    expect(Date.parse(told.until) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Bo's own window is staff: not told of lockouts (the owners are).
    expect(colleague.events.filter((e) => e.event === 'team.lockout')).toEqual([]);

    await sleep(1_000);
    const locked = await attacker.fails('team.signIn', { name: 'Bo', password: PASSWORD });
    expect(locked.code).toBe('team.wrongCredentials');
    const bo = (await owner.ok('team.users', {})).users.find((u) => u.name === 'Bo')!;
    expect(bo.lockedUntil).not.toBeNull();
    expect(bo.failedSignIns).toBe(6);

    // Every attempt is in the trail: the wrong ones, the refused ones, and none of them holds a password.
    const trail = (await owner.ok('audit.list', { action: 'users', limit: 500 })).entries.filter((e) => e.call === 'team.signIn');
    expect(trail.filter((e) => e.outcome === 'failed')).toHaveLength(6);
    expect(trail.filter((e) => e.outcome === 'refused').length).toBeGreaterThanOrEqual(2);
    // The trail, unlike the guesser, is told why: slowed down, then locked.
    expect(trail.some((e) => e.outcome === 'refused' && e.error?.includes('Wait'))).toBe(true);
    expect(trail.some((e) => e.outcome === 'failed' && e.error?.includes('locked for 15 minutes'))).toBe(true);
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

  it('counts parallel guesses over ten connections one by one, and issues no session once locked (issue 26.2)', async () => {
    // No slow-down before the lock, so only the count decides: the 5th wrong password locks.
    world = await startTeamWorld({ timings: { slowAfter: 5, slowMs: 100, lockAfter: 5, lockMs: 15 * 60_000 } });
    const owner = await world.owner('Anna');
    await world.invite('Bo');
    const windows = await Promise.all(Array.from({ length: 10 }, (_, i) => world!.connect(`guesser ${i}`)));
    // 100 wrong passwords, ten on each connection, then the right one on the last: all sent at once.
    const sent = windows.flatMap((w, c) => Array.from({ length: 10 }, (_, i) => w.call('team.signIn', { name: 'Bo', password: `wrong guess ${c}-${i}` })));
    sent.push(windows[9]!.call('team.signIn', { name: 'Bo', password: PASSWORD }));
    const answers = await Promise.all(sent);

    expect(answers.filter((a) => a.ok)).toEqual([]);
    expect(new Set(answers.map((a) => (a.ok ? 'ok' : a.error.code)))).toEqual(new Set(['team.wrongCredentials']));
    expect(windows.some((w) => w.frames.some((f) => f.includes('"token"')))).toBe(false);
    // Only the attempts up to the lock were checked: five wrong passwords counted, then every other one refused.
    const bo = (await owner.ok('team.users', {})).users.find((u) => u.name === 'Bo')!;
    expect(bo.failedSignIns).toBe(5);
    expect(bo.lockedUntil).not.toBeNull();
    expect(bo.activeSessions).toBe(1); // the window that accepted the invitation, no new one
    const trail = (await owner.ok('audit.list', { action: 'users', limit: 500 })).entries.filter((e) => e.call === 'team.signIn' && e.userName === 'Not signed in');
    expect(trail.filter((e) => e.outcome === 'failed')).toHaveLength(5);
    expect(trail.filter((e) => e.outcome === 'refused')).toHaveLength(96);
    expect(trail.filter((e) => e.outcome === 'ok')).toHaveLength(0);
  });
});
