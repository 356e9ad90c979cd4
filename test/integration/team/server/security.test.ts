// The team server's transport over real TLS sockets on 127.0.0.1: the health check, Host and Origin against the
// server's own names, what a connection that has not signed in may do and see, wrong and ended sessions, a staff user
// calling an owner's call, events narrowed by `to`, the per-connection limits, and the gateway token in no frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRules, type CallName } from '../../../../src-shared/contract';
import { httpsGet, Refused, STAFF_PASSWORD, startTestServer, until, type Client, type ClientOptions, type TestServer } from './helpers';

let t: TestServer;
let owner: Client;
let bo: Client;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const names = Object.keys(callRules) as CallName[];
const ruleOf = (n: CallName) => callRules[n].who as string;

describe('the health check', () => {
  it('says the server is up, its version and whether it needs its owner, and nothing more', async () => {
    const before = await httpsGet(t.server.port, '/health', `127.0.0.1:${t.server.port}`);
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(before.body)).toEqual({ ok: true, version: 't', setupNeeded: true });
    owner = await t.owner();
    const after = await httpsGet(t.server.port, '/health', `localhost:${t.server.port}`);
    expect(JSON.parse(after.body)).toEqual({ ok: true, version: 't', setupNeeded: false });
  });

  it('is refused on a host that is not the server\'s own', async () => {
    expect((await httpsGet(t.server.port, '/health', `evil.example:${t.server.port}`)).status).toBe(421);
    expect((await httpsGet(t.server.port, '/', `evil.example:${t.server.port}`)).status).toBe(421);
  });

  it('serves the app over TLS with a CSP whose only socket is this server\'s own bridge', async () => {
    const page = await httpsGet(t.server.port, '/', `127.0.0.1:${t.server.port}`);
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' wss://127.0.0.1:${t.server.port}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect((await httpsGet(t.server.port, '/../data/besked.db', `127.0.0.1:${t.server.port}`)).status).toBe(404);
  });
});

describe('who may open the bridge', () => {
  it.each<[string, ClientOptions]>([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the server\'s name over plain http', { origin: 'http://127.0.0.1:PORT' }],
    ['another port of this computer', { origin: 'https://127.0.0.1:1' }],
    ['no Origin at all', { origin: '' }],
    ['a foreign Host (DNS rebinding)', { host: 'evil.example:PORT' }],
    ['another path', { path: '/bridge2' }],
  ])('refuses %s with 403', async (_, o) => {
    const fill = (s?: string) => s?.replace('PORT', String(t.server.port));
    const c = t.connect({ ...o, ...(o.origin !== undefined ? { origin: fill(o.origin) } : {}), ...(o.host ? { host: fill(o.host) } : {}) });
    await expect(c.opened).rejects.toEqual(new Refused(403));
  });

  it('accepts the server\'s pages under any of its names', async () => {
    const c = t.connect({ origin: `https://localhost:${t.server.port}`, host: `localhost:${t.server.port}` });
    await c.opened;
    expect(await c.ok('team.status', {})).toMatchObject({ kind: 'server', me: null, serverName: 'Salonen' });
    c.close();
  });
});

describe('a connection that has not signed in', () => {
  it('may make only the calls open to anyone; every other one asks it to sign in', async () => {
    const stranger = t.connect();
    for (const name of names) {
      const r = await stranger.call(name, {} as never);
      if (ruleOf(name) === 'anyone') expect(r.ok || r.error.code !== 'team.signInNeeded', name).toBe(true);
      else expect(r.ok ? 'answered' : r.error.code, name).toBe('team.signInNeeded');
    }
    stranger.close();
  });

  it('sees no event, not even one meant for everyone', async () => {
    const stranger = t.connect();
    await stranger.opened;
    owner = await t.owner();
    const seen = owner.frames.length;
    t.server.core.events.emit('team.changed', {});
    await until(() => owner.events('team.changed').length > 0 && owner.frames.length > seen);
    await stranger.call('team.status', {});
    expect(stranger.events()).toEqual([]);
    stranger.close();
  });

  it('is cut off when it sends a large frame before signing in', async () => {
    const stranger = t.connect();
    await stranger.opened;
    const closed = new Promise<number>((resolve) => stranger.ws.on('close', (code) => resolve(code)));
    stranger.ws.send(JSON.stringify({ id: 1, name: 'team.signIn', input: { name: 'x'.repeat(70 * 1024), password: 'y' } }));
    expect(await closed).toBe(1009);
  });

  it('is refused a session it does not have: a made-up token, then still nobody', async () => {
    const c = t.connect();
    const r = await c.fails('team.resume', { token: 'A'.repeat(43) });
    expect(r.kind).toBe('auth');
    expect((await c.fails('contacts.list', {})).code).toBe('team.signInNeeded');
    c.close();
  });
});

describe('a staff user', () => {
  beforeAll(async () => {
    bo = await t.staff('Bo');
  });

  it('is refused every owner\'s call, before its input is read', async () => {
    for (const name of names.filter((n) => ruleOf(n) === 'owner')) {
      const r = await bo.call(name, {} as never);
      expect(r.ok ? 'answered' : r.error.code, name).toBe('team.notAllowed');
    }
  });

  it('changes nothing with a refused call: asking for the token or setting one', async () => {
    expect((await bo.fails('settings.setToken', { platform: 'eu', token: 'tok_staff_0123456789' })).code).toBe('team.notAllowed');
    const view = await owner.ok('settings.get', {});
    expect(view.connection.hasToken.eu).toBe(false);
  });

  it('gets events meant for everyone and for staff, and none meant only for owners or another user', async () => {
    const me = (await bo.ok('team.status', {})).me!;
    const before = bo.events('team.changed').length;
    t.server.core.events.emit('team.changed', {}, { roles: ['owner'] });
    t.server.core.events.emit('team.changed', {}, { userIds: [9999] });
    t.server.core.events.emit('team.changed', {}, { userIds: [me.id] });
    t.server.core.events.emit('team.changed', {}, { roles: ['staff'] });
    t.server.core.events.emit('team.changed', {});
    await until(() => bo.events('team.changed').length >= before + 3);
    await bo.call('team.status', {});
    expect(bo.events('team.changed').length).toBe(before + 3);
  });
});

describe('sessions ending', () => {
  it('drops every window of a session signed out everywhere, at once, and then treats it as nobody', async () => {
    const a = await t.staff('Cai');
    const b = t.connect();
    await b.ok('team.signIn', { name: 'Cai', password: STAFF_PASSWORD });
    expect(await a.ok('team.signOutEverywhere', {})).toEqual({ ended: 2 });
    await until(() => b.events('team.sessionEnded').length > 0);
    expect(b.events('team.sessionEnded')[0]!.payload).toEqual({ reason: 'signedOut' });
    expect((await b.fails('contacts.list', {})).code).toBe('team.signInNeeded');
    t.server.core.events.emit('team.changed', {});
    await b.call('team.status', {});
    expect(b.events('team.changed')).toEqual([]);
    a.close();
    b.close();
  });

  it('tells a window whose session expired, before its next call is refused', async () => {
    const short = await startTestServer({ core: { teamTimings: { sessionIdleMs: 1_500 } } });
    try {
      const o = await short.owner();
      await new Promise((r) => setTimeout(r, 1_700));
      expect((await o.fails('contacts.list', {})).code).toBe('team.signInNeeded');
      expect(o.events('team.sessionEnded').map((e) => e.payload)).toEqual([{ reason: 'expired' }]);
    } finally {
      await short.close();
    }
  });

  it('tells the core when a window closes, so what it held goes with it', async () => {
    const closed: string[] = [];
    const stop = t.server.core.team.connections.onClosed((id) => closed.push(id));
    const c = t.connect();
    await c.opened;
    const before = t.server.bridge.connections();
    c.close();
    await until(() => closed.length === 1);
    expect(t.server.bridge.connections()).toBe(before - 1);
    stop();
  });
});

describe('the gateway token', () => {
  it('is in no frame any client receives, after the owner set it and everyone used the app', async () => {
    const planted = 'tok_PLANTED_team_0123456789';
    expect((await owner.call('settings.setToken', { platform: 'eu', token: planted })).ok).toBe(true);
    for (const c of [owner, bo]) {
      for (const name of ['settings.get', 'app.info', 'account.balance', 'team.status', 'team.members', 'remote.state'] as CallName[]) {
        if (name in callRules) await c.call(name, {} as never);
      }
    }
    for (const c of [owner, bo]) expect(c.raw.join('\n')).not.toContain(planted);
    expect((await owner.ok('settings.get', {})).connection.hasToken.eu).toBe(true);
  });
});

describe('the limits of one connection', () => {
  it('answers calls beyond its rate rate_limited, and serves them again once the bucket refills', async () => {
    const slow = await startTestServer({ limits: { callRate: { perSecond: 2, burst: 5 } } });
    try {
      const c = slow.connect();
      await c.opened;
      const answers = await Promise.all(Array.from({ length: 10 }, () => c.call('team.status', {})));
      expect(answers.filter((a) => a.ok)).toHaveLength(5);
      for (const a of answers.filter((x) => !x.ok)) expect(a.ok ? null : a.error).toMatchObject({ kind: 'rate_limited', code: 'remote.tooManyCalls' });
      await new Promise((r) => setTimeout(r, 600));
      expect((await c.call('team.status', {})).ok).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it('closes a connection that sends a frame larger than the limit instead of buffering it', async () => {
    const small = await startTestServer({ limits: { maxFrameBytes: 4096 } });
    try {
      const c = small.connect();
      await c.opened;
      const closed = new Promise<number>((resolve) => c.ws.on('close', (code) => resolve(code)));
      c.ws.send('x'.repeat(8192));
      expect(await closed).toBe(1009);
    } finally {
      await small.close();
    }
  });
});
