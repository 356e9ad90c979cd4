// The desktop app as a client of a Besked server (issue 21, core/remote): a real server core behind a real TLS
// WebSocket on 127.0.0.1, and a host on its own data folder switching between its local core and the pinned link.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startCore, type Core } from '../../../../src-main/core/core';
import { createLogger } from '../../../../src-main/core/log';
import { MemoryVault } from '../../../../src-main/core/secrets/vault';
import { startHost, type Host } from '../../../../src-main/core/remote/host';
import { probeServer } from '../../../../src-main/core/remote/probe';
import { sessionKey } from '../../../../src-main/core/remote/server-link';
import { REMOTE_FILE } from '../../../../src-main/core/remote/remote-file';
import type { CallInput, CallName, CallOutput, EventMessage, RemoteState } from '../../../../src-shared/contract';
import type { AppError } from '../../../../src-shared/errors';
import { makeCertificate, startEndpoint, type TestCertificate, type TestEndpoint } from './tls-endpoint';

const PASSWORD = 'correct horse battery';
const owner = { name: 'Anna', password: PASSWORD };

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

async function serverCore(): Promise<Core> {
  const core = await startCore({ dataDir: dir('besked-server-'), shell: 'web', instance: 'test', version: 't', vault: new MemoryVault(), log, checkOutputs: true, team: { serverName: 'The shop' } });
  cleanups.push(() => core.close());
  return core;
}

async function endpoint(core: Core, cert: TestCertificate, port = 0): Promise<TestEndpoint> {
  const e = await startEndpoint(core, cert, port);
  cleanups.push(() => e.close());
  return e;
}

interface TestHost {
  host: Host;
  dataDir: string;
  vault: MemoryVault;
  events: EventMessage[];
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fails<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  waitForLink(link: RemoteState['link'], timeoutMs?: number): Promise<RemoteState>;
}

async function clientHost(dataDir = dir('besked-client-'), vault = new MemoryVault()): Promise<TestHost> {
  const host = await startHost({
    dataDir,
    shell: 'electron',
    version: 't',
    log,
    vault,
    core: { instance: 'test', checkOutputs: true },
    link: { firstRetryMs: 50, maxRetryMs: 200, heartbeatMs: 500 },
    probeTimeoutMs: 2000,
  });
  cleanups.push(() => host.close());
  const events: EventMessage[] = [];
  host.events.subscribe((m) => events.push(m));
  const ok = async (name: CallName, input: unknown) => {
    const r = await host.dispatch(name, input);
    if (!r.ok) throw new Error(`${name} failed: ${r.error.code ?? r.error.kind}: ${r.error.message}`);
    return r.value;
  };
  const fails = async (name: CallName, input: unknown) => {
    const r = await host.dispatch(name, input);
    if (r.ok) throw new Error(`${name} succeeded but should have failed`);
    return r.error;
  };
  // Generous: the switch first closes the local core (its pollers, worker threads, a checkpoint), which on a loaded
  // machine took over 5 s while the state still said This PC ('none').
  const waitForLink = async (link: RemoteState['link'], timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const s = host.state();
      if (s.link === link) return s;
      if (Date.now() > until) throw new Error(`link is ${s.link}, not ${link}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { host, dataDir, vault, events, ok: ok as TestHost['ok'], fails: fails as TestHost['fails'], waitForLink };
}

/** Every file of the data folder the local core keeps, with its bytes: what "untouched" compares. */
function localFiles(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dataDir)) {
    if (!f.startsWith('besked.db')) continue;
    out[f] = readFileSync(join(dataDir, f)).toString('base64');
  }
  return out;
}

const contact = (phone: string, firstName: string) => ({ phone, firstName });

describe('probing a server', () => {
  it('reads the SHA-256 fingerprint the server would print, and says whether an authority signed it', async () => {
    const cert = await makeCertificate();
    const e = await endpoint(await serverCore(), cert);
    const seen = await probeServer(`127.0.0.1:${e.port}`);
    expect(seen).toMatchObject({ url: e.url, fingerprint: cert.fingerprint, authorityTrusted: false });
    expect(seen.subject).toContain('besked-test-server');
    expect(e.seen.frames).toEqual([]);
  });

  it('names a port where nothing listens as unreachable, and a plain HTTP server as not a Besked server', async () => {
    const plain = createHttpServer((_q, r) => r.end('hello'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const port = (plain.address() as AddressInfo).port;
    cleanups.push(() => new Promise<void>((r) => plain.close(() => r())));
    await expect(probeServer(`https://127.0.0.1:${port}`)).rejects.toMatchObject({ code: 'remote.notTls', params: { url: `https://127.0.0.1:${port}` } });
    await new Promise<void>((r) => plain.close(() => r()));
    await expect(probeServer(`127.0.0.1:${port}`)).rejects.toMatchObject({ code: 'remote.unreachable' });
  });
});

describe('the desktop app as a client', () => {
  it('on This PC answers remote.state itself and refuses a fingerprint that is not the one the server shows', async () => {
    const cert = await makeCertificate();
    const e = await endpoint(await serverCore(), cert);
    const c = await clientHost();
    expect(await c.ok('remote.state', {})).toEqual({ mode: 'thisPc', server: null, link: 'none', presented: null });
    const probed = await c.ok('remote.probe', { address: e.url });
    expect(probed.fingerprint).toBe(cert.fingerprint);
    const other = (await makeCertificate()).fingerprint;
    expect(await c.fails('remote.use', { url: e.url, fingerprint: other })).toMatchObject({ code: 'remote.fingerprintMismatch' });
    expect(c.host.core()).not.toBeNull();
    expect(existsSync(join(c.dataDir, REMOTE_FILE))).toBe(false);
  });

  it('switches to the server leaving the local database untouched, speaks the contract over the pinned link, and comes back to it', async () => {
    const server = await serverCore();
    const cert = await makeCertificate();
    const e = await endpoint(server, cert);
    const c = await clientHost();
    await c.ok('contacts.create', contact('+4520000001', 'Local'));

    const answer = await c.ok('remote.use', { url: `127.0.0.1:${e.port}`, fingerprint: cert.fingerprint });
    expect(answer).toMatchObject({ mode: 'server', server: { url: e.url, fingerprint: cert.fingerprint } });
    await c.waitForLink('connected');
    expect(c.host.core()).toBeNull();
    const untouched = localFiles(c.dataDir);
    expect(Object.keys(untouched)).toContain('besked.db');
    expect(c.events.some((m) => m.name === 'remote.state' && (m.payload as RemoteState).link === 'connected')).toBe(true);

    // Before signing in the server asks who you are; team.status answers through the link.
    expect(await c.ok('team.status', {})).toMatchObject({ kind: 'server', serverName: 'The shop' });
    expect(await c.fails('contacts.list', {})).toMatchObject({ code: 'team.signInNeeded' });

    // A sign-in's token stays in the vault: the window gets the rest of the answer.
    const signedIn = await c.ok('team.setupOwner', owner);
    expect(Object.keys(signedIn.session)).toEqual(['expiresAt']);
    expect(signedIn.user.name).toBe('Anna');
    const token = (await c.vault.get(sessionKey(e.url)))!;
    expect(token).toMatch(/^[\w-]{40,}$/);

    // Calls and events: a contact made through the link is on the server, and its event reaches the window.
    c.events.length = 0;
    const made = await c.ok('contacts.create', contact('+4520000002', 'Remote'));
    expect((await server.dispatch('contacts.get', { id: made.id })).ok).toBe(true);
    expect(c.events.some((m) => m.name === 'contacts.changed')).toBe(true);
    const list = await c.ok('contacts.list', {});
    expect(list.rows.map((x) => x.firstName)).toEqual(['Remote']);

    // The token never travelled in a URL or a header.
    for (const u of e.seen.upgrades) {
      expect(u.url).toBe('/bridge');
      expect(JSON.stringify(u.headers)).not.toContain(token);
      expect(u.headers.origin).toBe(e.url);
    }
    expect(localFiles(c.dataDir)).toEqual(untouched);

    // Back to This PC: the local data is as it was, the server session is ended and forgotten.
    expect(await c.ok('remote.useThisPc', {})).toEqual({ mode: 'thisPc', server: null, link: 'none', presented: null });
    expect(existsSync(join(c.dataDir, REMOTE_FILE))).toBe(false);
    expect(await c.vault.get(sessionKey(e.url))).toBeNull();
    expect(JSON.parse(e.seen.frames.at(-1)!)).toMatchObject({ name: 'team.signOut' });
    expect((await c.ok('contacts.list', {})).rows.map((x) => x.firstName)).toEqual(['Local']);
  });

  it('refuses a changed certificate before sending anything, and says which one it saw', async () => {
    const server = await serverCore();
    const cert = await makeCertificate();
    const e = await endpoint(server, cert);
    const c = await clientHost();
    await c.ok('remote.use', { url: e.url, fingerprint: cert.fingerprint });
    await c.waitForLink('connected');
    await c.ok('team.setupOwner', owner);

    // Someone else answers on the server's address with another certificate.
    const port = e.port;
    await e.close();
    const impostorCert = await makeCertificate();
    const impostor = await endpoint(server, impostorCert, port);
    const state = await c.waitForLink('certificateChanged');
    expect(state.presented?.fingerprint).toBe(impostorCert.fingerprint);
    expect(state.server?.fingerprint).toBe(cert.fingerprint);
    expect(impostor.seen.upgrades.length).toBeGreaterThan(0);
    expect(impostor.seen.frames).toEqual([]);
    expect(await c.fails('contacts.list', {})).toMatchObject({ code: 'remote.certificateChanged', params: { url: e.url } });
    expect(impostor.seen.frames).toEqual([]);
    // The user compares and accepts the new one: Connect again pins it.
    await c.ok('remote.use', { url: e.url, fingerprint: impostorCert.fingerprint });
    await c.waitForLink('connected');
    expect(JSON.parse(readFileSync(join(c.dataDir, REMOTE_FILE), 'utf8'))).toEqual({ url: e.url, fingerprint: impostorCert.fingerprint });
  });

  it('answers remote.unreachable while the server is away, queues nothing, and reconnects and resumes when it returns', async () => {
    const server = await serverCore();
    const cert = await makeCertificate();
    const e = await endpoint(server, cert);
    const vault = new MemoryVault();
    const c = await clientHost(undefined, vault);
    await c.ok('remote.use', { url: e.url, fingerprint: cert.fingerprint });
    await c.waitForLink('connected');
    await c.ok('team.setupOwner', owner);
    const token = await c.vault.get(sessionKey(e.url));

    const port = e.port;
    await e.close();
    await c.waitForLink('unreachable');
    const refused = await c.fails('contacts.create', contact('+4520000003', 'Lost?'));
    expect(refused).toMatchObject({ kind: 'network', code: 'remote.unreachable', params: { url: e.url } });

    const back = await endpoint(server, cert, port);
    await c.waitForLink('connected');
    // The first frame on the new connection is the resume, with the token; nothing queued went with it.
    expect(JSON.parse(back.seen.frames[0]!)).toEqual({ id: expect.any(Number), name: 'team.resume', input: { token } });
    expect(back.seen.frames).toHaveLength(1);
    expect((await c.ok('contacts.list', {})).total).toBe(0);
  });

  it('starts as a client from remote.json after a restart, resuming the session kept in the vault', async () => {
    const server = await serverCore();
    const cert = await makeCertificate();
    const e = await endpoint(server, cert);
    const first = await clientHost();
    await first.ok('remote.use', { url: e.url, fingerprint: cert.fingerprint });
    await first.waitForLink('connected');
    await first.ok('team.setupOwner', owner);
    await first.host.close();

    const again = await clientHost(first.dataDir, first.vault);
    expect(again.host.core()).toBeNull();
    expect(await again.ok('team.status', {})).toMatchObject({ kind: 'server' });
    expect((await again.ok('contacts.list', {})).total).toBe(0);
    expect(statSync(join(first.dataDir, REMOTE_FILE)).mode & 0o077).toBe(0);
  });
});
