// The desktop app's host against the real Besked server (server/start-server.ts: the team bridge over TLS with its
// kept self-signed certificate, real accounts and sessions): the session stays in the client's vault and survives a
// server restart; a session ended from elsewhere reaches the window as team.sessionEnded and is forgotten here.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../../src-main/core/log';
import { MemoryVault } from '../../../../src-main/core/secrets/vault';
import { startHost, type Host } from '../../../../src-main/core/remote/host';
import { sessionKey } from '../../../../src-main/core/remote/server-link';
import { startTeamServer, type TeamServer } from '../../../../src-main/server/start-server';
import type { CallInput, CallName, CallOutput, EventMessage, RemoteState } from '../../../../src-shared/contract';
import type { AppError } from '../../../../src-shared/errors';

const log = createLogger({ level: 'error' });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function dir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

async function server(dataDir: string, port = 0): Promise<TeamServer> {
  const s = await startTeamServer({
    dataDir,
    host: '127.0.0.1',
    port,
    staticDir: dir('besked-static-'),
    version: 't',
    serverName: 'The shop',
    vault: new MemoryVault(),
    log,
    core: { checkOutputs: true },
  });
  let closed = false;
  cleanups.push(() => (closed ? undefined : s.close()));
  return { ...s, close: async () => ((closed = true), s.close()) };
}

async function client(dataDir = dir('besked-client-'), vault = new MemoryVault()) {
  const host: Host = await startHost({
    dataDir,
    shell: 'electron',
    version: 't',
    log,
    vault,
    core: { instance: 'test', checkOutputs: true },
    link: { firstRetryMs: 50, maxRetryMs: 200, heartbeatMs: 500 },
  });
  cleanups.push(() => host.close());
  const events: EventMessage[] = [];
  host.events.subscribe((m) => events.push(m));
  const answer = async (name: CallName, input: unknown) => host.dispatch(name, input);
  const ok = async <N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> => {
    const r = await answer(name, input);
    if (!r.ok) throw new Error(`${name} failed: ${r.error.code ?? r.error.kind}: ${r.error.message}`);
    return r.value as CallOutput<N>;
  };
  const fails = async <N extends CallName>(name: N, input: CallInput<N>): Promise<AppError> => {
    const r = await answer(name, input);
    if (r.ok) throw new Error(`${name} succeeded but should have failed`);
    return r.error;
  };
  const until = async (ok: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000) => {
    const end = Date.now() + timeoutMs;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const connect = async (s: TeamServer) => {
    const probed = await ok('remote.probe', { address: s.url });
    expect(probed.fingerprint).toBe(s.certificate?.fingerprint256);
    await ok('remote.use', { url: probed.url, fingerprint: probed.fingerprint });
    await until(() => host.state().link === 'connected', 'the link');
  };
  return { host, dataDir, vault, events, ok, fails, until, connect, link: (): RemoteState['link'] => host.state().link };
}

describe('a client of the real Besked server', () => {
  it('sets up the owner through the link, keeps the session in its vault, and resumes it after the server restarts', async () => {
    const data = dir('besked-server-');
    const s1 = await server(data);
    const c = await client();
    await c.connect(s1);
    expect(await c.ok('team.status', {})).toMatchObject({ kind: 'server', setupNeeded: true, me: null, serverName: 'The shop' });

    const signedIn = await c.ok('team.setupOwner', { name: 'Anna', password: 'correct horse battery' });
    expect(signedIn.session).toEqual({ expiresAt: expect.any(String) });
    const token = await c.vault.get(sessionKey(s1.url));
    expect(token).toEqual(expect.any(String));
    expect(JSON.stringify(signedIn)).not.toContain(token);

    c.events.length = 0;
    await c.ok('contacts.create', { phone: '+4520000001', firstName: 'Bo' });
    await c.until(() => c.events.some((m) => m.name === 'contacts.changed'), 'the contacts event');

    // The server goes away: calls answer at once, and nothing is kept to be sent later.
    const port = s1.port;
    await s1.close();
    await c.until(() => c.link() === 'unreachable', 'unreachable');
    expect(await c.fails('contacts.create', { phone: '+4520000002', firstName: 'Lost' })).toMatchObject({ code: 'remote.unreachable', params: { url: s1.url } });

    // Back on the same folder (the kept certificate) and port: the link returns and resumes the stored session.
    const s2 = await server(data, port);
    expect(s2.certificate?.fingerprint256).toBe(s1.certificate?.fingerprint256);
    await c.until(() => c.link() === 'connected', 'the link to come back');
    expect(await c.ok('team.status', {})).toMatchObject({ me: { name: 'Anna', role: 'owner' } });
    expect((await c.ok('contacts.list', {})).rows.map((r) => r.firstName)).toEqual(['Bo']);
  });

  it('hears of a session ended elsewhere (team.sessionEnded), forgets its token, and asks for sign-in', async () => {
    const s = await server(dir('besked-server-'));
    const a = await client();
    await a.connect(s);
    await a.ok('team.setupOwner', { name: 'Anna', password: 'correct horse battery' });
    const b = await client();
    await b.connect(s);
    await b.ok('team.signIn', { name: 'Anna', password: 'correct horse battery' });

    await b.ok('team.signOutEverywhere', {});
    await a.until(() => a.events.some((m) => m.name === 'team.sessionEnded'), 'team.sessionEnded');
    await a.until(async () => (await a.vault.get(sessionKey(s.url))) === null, 'the token to be forgotten');
    expect(await b.vault.get(sessionKey(s.url))).toBeNull();
    expect(await a.fails('contacts.list', {})).toMatchObject({ code: 'team.signInNeeded' });
  });

  it('forgets a session that ended while it was closed: the resume is refused and the window is asked to sign in', async () => {
    const s = await server(dir('besked-server-'));
    const a = await client();
    await a.connect(s);
    await a.ok('team.setupOwner', { name: 'Anna', password: 'correct horse battery' });
    await a.host.close();

    const b = await client();
    await b.connect(s);
    await b.ok('team.signIn', { name: 'Anna', password: 'correct horse battery' });
    await b.ok('team.signOutEverywhere', {});

    const again = await client(a.dataDir, a.vault);
    await again.until(() => again.link() === 'connected', 'the link');
    expect(await again.vault.get(sessionKey(s.url))).toBeNull();
    expect(await again.ok('team.status', {})).toMatchObject({ me: null });
  });
});
