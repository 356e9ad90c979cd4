// The control API and the HTTP edge: faults, clock, counters, reset, platforms and their tokens, body and connection limits.
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EU_TOKEN, startSim, TOKEN, type Sim } from './helpers';

let sim: Sim;
beforeEach(async () => {
  sim = await startSim({ euPort: 0, euToken: EU_TOKEN });
});
afterEach(() => sim.close());

const single = { sender: 'Shop', recipient: 4512345671, message: 'Hi' };
const post = () => sim.call('/mobile/single', { method: 'POST', json: single });
const faults = (rules: unknown[]) => sim.control('PUT', '/_sim/faults', { rules });

describe('control API', () => {
  it('requires the platform token', async () => {
    expect((await sim.call('/_sim/ledger', { auth: false })).status).toBe(403);
    expect((await sim.call('/_sim/ledger', { auth: 'wrong' })).status).toBe(403);
    expect((await sim.call('/_sim/ledger', { auth: EU_TOKEN })).status).toBe(403);
  });

  it('PUT /_sim/account sets credit and currency', async () => {
    const a = await sim.control('PUT', '/_sim/account', { credit: 42, currency: 'EUR' });
    expect(a).toMatchObject({ credit: 42, currency: 'EUR' });
    expect(await sim.ok('/rest/me')).toMatchObject({ credit: '42.00', currency: 'EUR' });
  });

  it('refuses malformed control bodies with 400', async () => {
    for (const [path, json] of [
      ['/_sim/account', { credit: -1 }],
      ['/_sim/account', { currency: 'USD' }],
      ['/_sim/webhooks', { messaging: { url: 'ftp://x' } }],
      ['/_sim/faults', { rules: [{ method: 'POST' }] }],
      ['/_sim/faults', { rules: [{ path: '/x', drop: 'sideways' }] }],
    ] as const) {
      expect((await sim.call(path, { method: 'PUT', json })).status, `${path} ${JSON.stringify(json)}`).toBe(400);
    }
    expect((await sim.call('/_sim/clock', { method: 'POST', json: { advance_seconds: -5 } })).status).toBe(400);
    expect((await sim.call('/_sim/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(400);
  });

  it('POST /_sim/clock advances simulated time and reports it', async () => {
    const before = Date.parse((await sim.control<{ now: string }>('GET', '/_sim/clock')).now);
    const after = await sim.control<{ now: string; speed: number }>('POST', '/_sim/clock', { advance_seconds: 3600 });
    expect(Date.parse(after.now) - before).toBeGreaterThanOrEqual(3_600_000);
    expect(Date.parse(after.now) - before).toBeLessThan(3_610_000);
    expect(after.speed).toBe(1);
  });

  it('GET /_sim/stats counts requests per route and in total, control calls aside; DELETE resets', async () => {
    await post();
    await post();
    await sim.call('/rest/me');
    const stats = await sim.control<{ total: number; requests: Record<string, number> }>('GET', '/_sim/stats');
    expect(stats.total).toBe(3);
    expect(stats.requests['POST /mobile/single']).toBe(2);
    expect(stats.requests['GET /rest/me']).toBe(1);
    await sim.call('/_sim/stats', { method: 'DELETE' });
    expect((await sim.control<{ total: number }>('GET', '/_sim/stats')).total).toBe(0);
  });

  it('POST /_sim/reset starts the platform afresh', async () => {
    await post();
    await sim.control('PUT', '/_sim/account', { credit: 1 });
    await sim.control('POST', '/_sim/reset');
    expect(await sim.ledger()).toEqual([]);
    expect(await sim.ok('/rest/me')).toMatchObject({ credit: '10000.00' });
  });

  it('POST /_sim/reset never hands out a message id again', async () => {
    const send = async () =>
      (await sim.ok<{ ids: number[] }>('/rest/mtsms', { method: 'POST', json: { message: 'Hej', sender: 'Besked', recipients: [{ msisdn: 4520000001 }] } })).ids;
    const before = await send();
    await sim.control('POST', '/_sim/reset');
    const after = await send();
    expect(after[0]).toBeGreaterThan(before[0]!);
  });
});

describe('fault injection', () => {
  it('forces a status for the next count requests, without processing them', async () => {
    await faults([{ path: '/mobile/single', count: 2, status: 503 }]);
    const a = await post();
    expect(a.status).toBe(503);
    expect(a.headers.get('retry-after')).toBe('1');
    expect((await post()).status).toBe(503);
    expect((await post()).status).toBe(202);
    expect(await sim.ledger()).toHaveLength(1);
  });

  it('sends Retry-After with a forced 429, and legacy error bodies on legacy paths', async () => {
    await faults([{ path: '/rest/*', status: 429, retry_after_s: 7 }]);
    const res = await sim.call('/rest/me');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toMatchObject({ code: expect.any(String), incident_uuid: expect.any(String) });
  });

  it('adds latency', async () => {
    await faults([{ path: '/rest/me', latency_ms: 150 }]);
    const t = Date.now();
    expect((await sim.call('/rest/me')).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });

  it("drop 'before' closes the connection without processing", async () => {
    await faults([{ path: '/mobile/single', method: 'POST', count: 1, drop: 'before' }]);
    await expect(post()).rejects.toThrow();
    expect(await sim.ledger()).toHaveLength(0);
    expect((await post()).status).toBe(202);
  });

  it("drop 'after' processes the request (the ledger has it) and closes the connection without an answer", async () => {
    await faults([{ path: '/mobile/single', count: 1, drop: 'after' }]);
    await expect(post()).rejects.toThrow();
    expect(await sim.ledger()).toHaveLength(1);
  });

  it('applies a rule to a ratio of requests, the same ones on every run', async () => {
    const run = async () => {
      await faults([{ path: '/rest/me', ratio: 0.5, status: 500 }]);
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await sim.call('/rest/me')).status);
      return statuses;
    };
    const first = await run();
    const failed = first.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    expect(await run()).toEqual(first);
  });

  it('answer_latency_ms processes at once and holds the answer back: a client that gives up finds it in the ledger', async () => {
    // A hold far longer than any request takes on a loaded machine, so "not held" and "held" cannot be mistaken.
    await faults([{ path: '/mobile/single', count: 1, answer_latency_ms: 5_000 }]);
    const t = Date.now();
    await expect(fetch(sim.url + '/mobile/single', {
      method: 'POST',
      headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(single),
      signal: AbortSignal.timeout(150),
    })).rejects.toThrow();
    expect(await sim.ledger()).toHaveLength(1);
    const slow = Date.now();
    expect((await post()).status).toBe(202);
    // The second request (the fault's count is used up) is answered without the hold.
    expect(Date.now() - t).toBeLessThan(4_000);
    expect(Date.now() - slow).toBeLessThan(3_000);
    await faults([{ path: '/rest/me', answer_latency_ms: 150 }]);
    const before = Date.now();
    expect((await sim.call('/rest/me')).status).toBe(200);
    expect(Date.now() - before).toBeGreaterThanOrEqual(140);
  });

  it('replaces the body of a processed request with `body` (a malformed answer)', async () => {
    await faults([{ path: '/mobile/single', count: 1, body: '{"msg_id": ' }]);
    const res = await post();
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('{"msg_id": ');
    expect(await sim.ledger()).toHaveLength(1);
  });

  it('matches method, and never applies to /_sim/ itself; empty rules clear them', async () => {
    await faults([{ path: '/rest/me', method: 'DELETE', status: 500 }, { path: '/_sim/*', status: 500 }]);
    expect((await sim.call('/rest/me')).status).toBe(200);
    expect((await sim.call('/_sim/ledger')).status).toBe(200);
    await faults([{ path: '/rest/me', status: 500 }]);
    expect((await sim.call('/rest/me')).status).toBe(500);
    await faults([]);
    expect((await sim.call('/rest/me')).status).toBe(200);
  });
});

describe('platforms', () => {
  it('serves both interfaces on the EU origin with the EU token only, with its own account', async () => {
    const eu = (path: string, init: RequestInit = {}, token = EU_TOKEN) =>
      fetch(sim.euUrl + path, { ...init, headers: { authorization: `Token ${token}`, 'content-type': 'application/json', ...init.headers } });
    expect((await eu('/rest/me')).status).toBe(200);
    expect(await (await eu('/rest/me')).json()).toMatchObject({ currency: 'EUR', id: 2001 });
    expect((await eu('/rest/me', {}, TOKEN)).status).toBe(401);
    expect((await eu('/mobile/single', { method: 'POST', body: JSON.stringify(single) }, TOKEN)).status).toBe(403);
    expect((await eu('/mobile/single', { method: 'POST', body: JSON.stringify(single) })).status).toBe(202);
    expect((await sim.call('/rest/me', { auth: EU_TOKEN })).status).toBe(401);
    expect((await sim.call('/rest/mtsms', { method: 'POST', auth: EU_TOKEN, json: { message: 'x', recipients: [{ msisdn: 4512345671 }] } })).status).toBe(403);
    expect(await sim.ledger()).toHaveLength(0);
  });
});

describe('limits', () => {
  it('answers bodies over 10 MB with 413 on both interfaces', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024 + 10);
    const m = await sim.call('/mobile/single', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(m.status).toBe(413);
    const l = await sim.call('/rest/mtsms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(l.status).toBe(413);
    expect(await l.json()).toMatchObject({ code: '0x0403' });
    expect((await post()).status).toBe(202);
  });

  it('allows 40 open connections per address and answers the 41st with 429 and a close', async () => {
    const port = Number(new URL(sim.url).port);
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const s = connect(port, '127.0.0.1');
        await new Promise<void>((r) => s.once('connect', () => r()));
        sockets.push(s);
      }
      // Give the server a moment to register them all.
      await new Promise((r) => setTimeout(r, 50));
      const extra = connect(port, '127.0.0.1');
      sockets.push(extra);
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        extra.on('data', (c: Buffer) => (data += c.toString()));
        extra.on('close', () => resolve(data));
        extra.on('error', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1.1 429/);
      // An existing connection still works.
      const ok = sockets[0]!;
      ok.write(`GET /rest/me HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${TOKEN}\r\nConnection: close\r\n\r\n`);
      const reply = await new Promise<string>((resolve) => {
        let data = '';
        ok.on('data', (c: Buffer) => (data += c.toString()));
        ok.on('close', () => resolve(data));
      });
      expect(reply).toMatch(/^HTTP\/1.1 200/);
    } finally {
      for (const s of sockets) s.destroy();
    }
    // Closed connections free their slots.
    await new Promise((r) => setTimeout(r, 50));
    expect((await sim.call('/rest/me')).status).toBe(200);
  });

  it('answers unknown paths with 404 and wrong methods with 405, never 500', async () => {
    expect((await sim.call('/rest/nothing')).status).toBe(404);
    expect((await sim.call('/mobile/nothing', { method: 'POST' })).status).toBe(404);
    const res = await sim.call('/mobile/single');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
