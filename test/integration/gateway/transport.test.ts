// The transport over real sockets: what it reports about whether a request left, pooling, TLS and timeouts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciTransport, type HttpRequest, type Transport } from '../../../src-main/core/gateway/transport';

const servers: (Server | TcpServer)[] = [];
const transports: Transport[] = [];

function listen<S extends Server | TcpServer>(server: S): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function transport(opts: Parameters<typeof createUndiciTransport>[0] = {}): Transport {
  const t = createUndiciTransport(opts);
  transports.push(t);
  return t;
}

function req(url: string, extra: Partial<HttpRequest> = {}): HttpRequest {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    body: '{"hello":"world"}',
    headersTimeoutMs: 5_000,
    bodyTimeoutMs: 5_000,
    ...extra,
  };
}

async function closedPort(): Promise<number> {
  const s = createTcpServer();
  const port = await new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));
  await new Promise((r) => s.close(r));
  servers.splice(servers.indexOf(s), 1);
  return port;
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise((r) => {
          if ('closeAllConnections' in s) s.closeAllConnections();
          s.close(r);
        }),
    ),
  );
});

describe('undici transport', () => {
  it('answers status, lower-case headers and body bytes', async () => {
    const port = await listen(
      createServer((rq, rs) => {
        let body = '';
        rq.on('data', (c: Buffer) => (body += c.toString()));
        rq.on('end', () => {
          rs.writeHead(202, { 'X-Echo': rq.headers['content-type'] ?? '', 'content-type': 'application/json' });
          rs.end(body);
        });
      }),
    );
    const out = await transport().send(req(`http://127.0.0.1:${port}/mobile/single?x=1`));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.response.status).toBe(202);
    expect(out.response.headers['x-echo']).toBe('application/json');
    expect(new TextDecoder().decode(out.response.body)).toBe('{"hello":"world"}');
    // The body owns its memory, so handing body.buffer on (e.g. to a Blob) carries nothing else.
    expect(out.response.body.byteOffset).toBe(0);
    expect(out.response.body.buffer.byteLength).toBe(out.response.body.byteLength);
  });

  it('reports a refused connection as never started', async () => {
    const port = await closedPort();
    const out = await transport().send(req(`http://127.0.0.1:${port}/mobile/single`));
    expect(out).toMatchObject({ ok: false, failure: { requestStarted: false, reason: 'refused', code: 'ECONNREFUSED' } });
  });

  it('reports a DNS failure as never started', async () => {
    const out = await transport().send(req('http://no-such-host.invalid/mobile/single'));
    expect(out).toMatchObject({ ok: false, failure: { requestStarted: false, reason: 'dns' } });
  });

  it('reports a connection closed after the request was read as started', async () => {
    let received = 0;
    const port = await listen(
      createServer((rq) => {
        rq.on('data', () => {});
        rq.on('end', () => {
          received++;
          rq.socket.destroy();
        });
      }),
    );
    const out = await transport().send(req(`http://127.0.0.1:${port}/mobile/single`));
    expect(received).toBe(1);
    expect(out).toMatchObject({ ok: false, failure: { requestStarted: true, reason: 'reset' } });
  });

  it('reports a missing answer as a timeout after the request started', async () => {
    const port = await listen(createServer(() => {}));
    const out = await transport().send(req(`http://127.0.0.1:${port}/slow`, { headersTimeoutMs: 200 }));
    expect(out).toMatchObject({ ok: false, failure: { requestStarted: true, reason: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT' } });
  });

  it('cancels before sending when the signal is already aborted, and after sending otherwise', async () => {
    const port = await listen(createServer(() => {}));
    const t = transport();
    const before = await t.send(req(`http://127.0.0.1:${port}/x`, { signal: AbortSignal.abort() }));
    expect(before).toMatchObject({ ok: false, failure: { requestStarted: false, reason: 'cancelled' } });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const after = await t.send(req(`http://127.0.0.1:${port}/x`, { signal: ac.signal }));
    expect(after).toMatchObject({ ok: false, failure: { requestStarted: true, reason: 'cancelled' } });
  });

  it('keeps connections alive and never opens more than the pool size', async () => {
    let connections = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const server = createServer((rq: IncomingMessage, rs: ServerResponse) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      rq.resume();
      setTimeout(() => {
        inFlight--;
        rs.end('{}');
      }, 20);
    });
    server.on('connection', () => connections++);
    const port = await listen(server);
    const t = transport({ connections: 3 });
    for (let i = 0; i < 5; i++) {
      expect((await t.send(req(`http://127.0.0.1:${port}/seq`))).ok).toBe(true);
      // undici checks an idle socket for a pending close on the next tick before reusing it.
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(connections).toBe(1);
    const results = await Promise.all(Array.from({ length: 12 }, () => t.send(req(`http://127.0.0.1:${port}/par`))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(connections).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBeLessThanOrEqual(3);
  });
});

describe('TLS', () => {
  let dir = '';
  let key = '';
  let cert = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'besked-tls-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    key = readFileSync(join(dir, 'key.pem'), 'utf8');
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses an untrusted certificate before any request byte is sent', async () => {
    let requests = 0;
    const port = await listen(createHttpsServer({ key, cert }, (_rq, rs) => (requests++, rs.end('{}'))));
    const out = await transport().send(req(`https://127.0.0.1:${port}/mobile/single`));
    expect(out).toMatchObject({ ok: false, failure: { requestStarted: false, reason: 'tls' } });
    expect(requests).toBe(0);
  });

  it('talks TLS 1.2+ to a trusted server', async () => {
    let version = '';
    const port = await listen(
      createHttpsServer({ key, cert }, (rq, rs) => {
        version = (rq.socket as import('node:tls').TLSSocket).getProtocol() ?? '';
        rs.end('{}');
      }),
    );
    const out = await transport({ ca: cert }).send(req(`https://127.0.0.1:${port}/mobile/single`));
    expect(out.ok).toBe(true);
    expect(['TLSv1.2', 'TLSv1.3']).toContain(version);
  });

  it('refuses a server that only speaks TLS 1.1', async () => {
    const port = await listen(createHttpsServer({ key, cert, maxVersion: 'TLSv1.1', minVersion: 'TLSv1' }, (_rq, rs) => rs.end('{}')));
    const out = await transport({ ca: cert }).send(req(`https://127.0.0.1:${port}/mobile/single`));
    expect(out).toMatchObject({ ok: false, failure: { requestStarted: false } });
  });
});
