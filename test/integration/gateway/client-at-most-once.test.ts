// "At most once" over real HTTP: which failed attempts the client repeats, and the simulator's ledger as the witness.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../src-main/core/gateway/errors';
import { clientFor, ledger, served, simSuite, stats } from './sim-helpers';

const suite = simSuite();

const msg = (recipient = 4512345678) => ({ sender: 'Bakery', recipient, message: `Fresh bread for ${recipient}` });

async function faults(...rules: object[]): Promise<void> {
  await suite.ctl('PUT', '/_sim/faults', { rules });
}

describe('sends whose outcome is unknown are reported uncertain and never repeated', () => {
  it('connection closed after the simulator processed /mobile/single', async () => {
    await faults({ path: '/mobile/single', drop: 'after', count: 1 });
    const err = await suite.gw.client.sendSingle(msg()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ kind: 'network', maybeAccepted: true });
    expect((err as NetworkError).message).toMatch(/may have accepted it/);
    expect(suite.gw.retries).toEqual([]);
    expect(await served(suite.ctl, 'POST /mobile/single')).toBe(1);
    expect(await ledger(suite.ctl)).toHaveLength(1);
  });

  it('connection closed after the simulator processed /rest/mtsms', async () => {
    await faults({ path: '/rest/mtsms', method: 'POST', drop: 'after', count: 1 });
    const err = await suite.gw.client.sendMtsms({ message: 'Once only', recipients: [{ msisdn: 4512345678 }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network', maybeAccepted: true });
    expect(suite.gw.retries).toEqual([]);
    expect(await served(suite.ctl, 'POST /rest/mtsms')).toBe(1);
    expect((await ledger(suite.ctl)).filter((e) => e.text === 'Once only')).toHaveLength(1);
  });

  it('connection closed by the simulator before processing: the client cannot tell, so still uncertain', async () => {
    await faults({ path: '/mobile/multi', drop: 'before', count: 1 });
    const err = await suite.gw.client.sendMulti([msg(4512345671), msg(4512345672)]).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network', maybeAccepted: true });
    expect(suite.gw.retries).toEqual([]);
    expect(await served(suite.ctl, 'POST /mobile/multi')).toBe(1);
    expect(await ledger(suite.ctl)).toHaveLength(0);
  });

  it('no answer in time after the body went out', async () => {
    await suite.gw.client.close();
    suite.gw = clientFor(suite.sim.url, undefined, { timeouts: { headersMs: 300 } });
    await faults({ path: '/mobile/single', latency_ms: 1500, count: 1 });
    const err = await suite.gw.client.sendSingle(msg()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ maybeAccepted: true, transportCode: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(suite.gw.retries).toEqual([]);
    expect(await served(suite.ctl, 'POST /mobile/single')).toBe(1);
  });

  it('a 5xx after a legacy send', async () => {
    await faults({ path: '/rest/mtsms', method: 'POST', status: 502, count: 1 });
    await expect(suite.gw.client.sendMtsms({ message: 'x', recipients: [{ msisdn: 4512345678 }] })).rejects.toMatchObject({
      kind: 'server',
      maybeAccepted: true,
    });
    expect(await served(suite.ctl, 'POST /rest/mtsms')).toBe(1);
  });
});

describe('reads are repeated', () => {
  it('GET /rest/me after two dropped connections', async () => {
    await faults({ path: '/rest/me', drop: 'before', count: 2 });
    await expect(suite.gw.client.me()).resolves.toMatchObject({ currency: 'DKK' });
    expect(suite.gw.retries.map((r) => r.why)).toEqual(['network failure on a read', 'network failure on a read']);
    expect(await served(suite.ctl, 'GET /rest/me')).toBe(3);
  });

  it('POST /api/usage/labels is a read despite the POST', async () => {
    await faults({ path: '/api/usage/labels', drop: 'after', count: 1 });
    const day = new Date().toISOString().slice(0, 10);
    await expect(suite.gw.client.usageByLabel({ from: day, to: day })).resolves.toEqual([]);
    expect(await served(suite.ctl, 'POST /api/usage/labels')).toBe(2);
  });
});

describe('sends that certainly did not reach the gateway are repeated', () => {
  let proxy: Server | undefined;
  const sockets = new Set<Socket>();
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    if (proxy) await new Promise((r) => proxy!.close(r));
  });

  /** A port nothing listens on yet. */
  async function freePort(): Promise<number> {
    const s = createServer();
    const port = await new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));
    await new Promise((r) => s.close(r));
    return port;
  }

  /** A TCP proxy to the simulator on `port`, started only when asked: until then connections are refused. */
  function startProxy(port: number): Promise<void> {
    const target = Number(new URL(suite.sim.url).port);
    proxy = createServer((down) => {
      const up = connect(target, '127.0.0.1');
      sockets.add(down).add(up);
      down.pipe(up).pipe(down);
      const end = () => (down.destroy(), up.destroy());
      down.on('error', end).on('close', end);
      up.on('error', end).on('close', end);
    });
    return new Promise((r) => proxy!.listen(port, '127.0.0.1', () => r()));
  }

  it('connection refused, then the gateway is reachable: the message lands exactly once', async () => {
    const port = await freePort();
    let proxyStarted = false;
    const viaProxy = clientFor(`http://127.0.0.1:${port}`, undefined, {
      // The retry's wait is when the network "comes back".
      sleep: async () => {
        if (!proxyStarted) {
          proxyStarted = true;
          await startProxy(port);
        }
      },
    });
    try {
      const r = await viaProxy.client.sendSingle(msg());
      expect(viaProxy.retries.map((e) => [e.error.kind, e.error.maybeAccepted, e.why])).toEqual([
        ['network', false, 'send certainly did not reach the gateway'],
      ]);
      expect(await served(suite.ctl, 'POST /mobile/single')).toBe(1);
      const entries = await ledger(suite.ctl);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.id).toBe(r.msg_id);
    } finally {
      await viaProxy.client.close();
    }
  });

  it('connection refused throughout: gives up with maybeAccepted false, so the caller may queue it again', async () => {
    const port = await freePort();
    const dead = clientFor(`http://127.0.0.1:${port}`);
    try {
      const err = await dead.client.sendMtsms({ message: 'x', recipients: [{ msisdn: 4512345678 }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ maybeAccepted: false, transportCode: 'ECONNREFUSED' });
      expect(dead.retries).toHaveLength(3);
      expect(await ledger(suite.ctl)).toHaveLength(0);
    } finally {
      await dead.client.close();
    }
  });
});

describe('connection pool', () => {
  it('30 parallel calls share at most 6 keep-alive connections', async () => {
    await suite.ctl('DELETE', '/_sim/stats');
    const before = (await stats(suite.ctl)).connections;
    await Promise.all(Array.from({ length: 30 }, () => suite.gw.client.me()));
    const s = await stats(suite.ctl);
    expect(s.requests['GET /rest/me']).toBe(30);
    // The control API's own fetch connections are counted too; they are few and reused.
    expect(s.connections - before).toBeLessThanOrEqual(6 + 2);
  });
});
