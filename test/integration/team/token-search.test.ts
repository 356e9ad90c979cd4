// The gateway token on a Besked server, searched for everywhere it must not be (the Chromium search of
// test/e2e/security.test.ts, extended to a team): the server is live against a simulator with a real-looking token
// the owner pasted; every call a signed-in owner or staff user can make without input is made (a request for the
// token by any other name); staff send fuzzed frames; two desktop apps connect as clients and work. Then the token is
// in no answer or event of any window, on no client's disk, and in the server's data folder nowhere at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { calls, callRules, type CallName } from '../../../src-shared/contract';
import { allows } from '../../../src-shared/team/access';
import { startHost, type Host } from '../../../src-main/core/remote/host';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { PASSWORD, eventually, startTeamWorld, type TeamClient, type TeamWorld } from './harness';
import { placesHolding } from './token-search';

const TOKEN = 'live_' + randomBytes(24).toString('hex');
let sim: Simulator;
let world: TeamWorld;
let owner: TeamClient;
let staff: TeamClient;
const hosts: { host: Host; dir: string; seen: string[] }[] = [];

/** Calls that end this window's own session: left out of the sweep so the window can go on. */
const ENDS_SESSION = new Set<string>(['team.signOut', 'team.signOutEverywhere']);
/** Calls without input, which a window can make exactly as the renderer does. */
const noInput = (Object.keys(calls) as CallName[]).filter((n) => calls[n].input.safeParse({}).success && !ENDS_SESSION.has(n));

beforeAll(async () => {
  sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
  world = await startTeamWorld();
  owner = await world.owner('Anna');
  staff = await world.invite('Bo');
  await owner.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
  await owner.ok('settings.setToken', { platform: 'default', token: TOKEN });
  await owner.ok('settings.testConnection', {});
});
afterAll(async () => {
  for (const h of hosts) {
    await h.host.close();
    rmSync(h.dir, { recursive: true, force: true });
  }
  await world?.close();
  await sim?.close();
});

describe('asking for the token', () => {
  it('gets no window the token through any call it may make', async () => {
    for (const [w, role] of [
      [owner, 'owner'],
      [staff, 'staff'],
    ] as const) {
      for (const name of noInput) {
        const r = await w.call(name, {} as never);
        if (!allows(callRules[name].who, role)) expect(r.ok ? 'ok' : r.error.code, name).toBe('team.notAllowed');
      }
    }
    // Staff may not even replace it.
    expect((await staff.fails('settings.setToken', { platform: 'default', token: 'x'.repeat(40) })).code).toBe('team.notAllowed');
    expect((await staff.fails('settings.clearToken', { platform: 'default' })).code).toBe('team.notAllowed');
  });

  it('answers fuzzed frames from a signed-in staff user with a clear refusal and keeps the connection', async () => {
    const frame = fc.oneof(
      fc.jsonValue(),
      fc.record({ id: fc.oneof(fc.integer(), fc.string()), name: fc.oneof(fc.string(), fc.constantFrom(...Object.keys(calls))), input: fc.jsonValue() }),
      fc.record({ id: fc.integer(), name: fc.constantFrom('settings.setToken', 'settings.get', 'team.users', 'contacts.export', '__proto__', 'constructor'), input: fc.object() }),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        const answer = await staff.raw(f);
        if (!answer.result.ok) {
          expect(answer.result.error.message.length).toBeGreaterThan(5);
          expect(answer.result.error.kind).not.toBe('internal');
        }
        // Within the server's call rate (50 a second): this test is about what frames say, not how many.
        await new Promise((r) => setTimeout(r, 20));
      }),
      { numRuns: 150 },
    );
    expect(staff.isOpen()).toBe(true);
    await staff.ok('contacts.overview', {});
  });
});

describe('two desktop apps as clients', () => {
  it('connect, pin, sign in and work', async () => {
    for (const name of ['Anna', 'Bo']) {
      const dir = mkdtempSync(join(tmpdir(), 'besked-client-'));
      const host = await startHost({ dataDir: dir, shell: 'electron', version: 't', log: createLogger({ level: 'error' }), vault: new MemoryVault() });
      const seen: string[] = [];
      host.events.subscribe((m) => seen.push(JSON.stringify(m)));
      hosts.push({ host, dir, seen });
      const probe = await host.dispatch('remote.probe', { address: world.origin });
      if (!probe.ok) throw new Error(probe.error.message);
      expect((probe.value as { fingerprint: string }).fingerprint).toBe(world.fingerprint);
      const used = await host.dispatch('remote.use', { url: world.origin, fingerprint: world.fingerprint });
      expect(used.ok).toBe(true);
      await eventually(() => host.state().link === 'connected', 10_000, `${name}'s link`);
      const signedIn = await host.dispatch('team.signIn', { name, password: PASSWORD });
      expect(signedIn.ok).toBe(true);
      for (const call of ['settings.get', 'contacts.overview', 'account.balance', 'sync.status'] as const) {
        const r = await host.dispatch(call, {});
        seen.push(JSON.stringify(r));
      }
    }
  });
});

describe('the token afterwards', () => {
  it('is in no frame any window received, and only in the owner’s own settings.setToken request', () => {
    // The search finds what is there: the owner's own request, the one frame allowed to hold the token.
    expect(placesHolding(TOKEN, { dirs: [], frames: [{ label: 'Anna', frames: owner.frames }] })).toHaveLength(1);
    const frames = world.clients.map((c) => ({ label: c.label, frames: c.frames.filter((f) => !f.includes('"settings.setToken"') || f.includes('"result"')) }));
    expect(frames.reduce((n, f) => n + f.frames.length, 0)).toBeGreaterThan(100);
    const hostsSaw = hosts.map((h, i) => ({ label: `desktop client ${i + 1}`, frames: h.seen }));
    expect(placesHolding(TOKEN, { dirs: [], frames: [...frames, ...hostsSaw] })).toEqual([]);
  });

  it('is on no client’s disk and nowhere in the server’s data folder', async () => {
    for (const h of hosts) await h.host.close();
    const dirs = [...hosts.map((h) => h.dir)];
    expect(placesHolding(TOKEN, { dirs, frames: [] })).toEqual([]);
    await world.stop();
    expect(placesHolding(TOKEN, { dirs: [world.dataDir], frames: [] })).toEqual([]);
    // The server kept it where tokens live (its vault), not nowhere.
    expect(await world.vault.get('default')).toBe(TOKEN);
  });
});
