// A minimal Besked server endpoint for the client's tests: a real core behind a real TLS WebSocket on 127.0.0.1,
// each connection a remote Caller bound by the real team handlers, recording every upgrade request and every frame it
// receives: what proves that nothing was sent to a server with a changed certificate, which the real bridge
// (real-server.test.ts) does not record.
import { createServer, type Server } from 'node:https';
import { X509Certificate, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../../../../src-main/core/core';
import type { Caller } from '../../../../src-main/core/team/caller';
import type { WireAnswer, WireCall } from '../../../../src-shared/contract';

export interface TestCertificate {
  key: string;
  cert: string;
  fingerprint: string;
}

export async function makeCertificate(): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'besked-test-server' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 30 * 86_400_000),
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
  });
  return { key: pems.private, cert: pems.cert, fingerprint: new X509Certificate(pems.cert).fingerprint256 };
}

export interface Seen {
  upgrades: { url: string; headers: Record<string, string | string[] | undefined> }[];
  frames: string[];
}

export interface TestEndpoint {
  url: string;
  port: number;
  seen: Seen;
  /** Every open connection, so a test can drop them (a server PC going away). */
  sockets: Set<WebSocket>;
  close(): Promise<void>;
}


export async function startEndpoint(core: Core, cert: TestCertificate, port = 0): Promise<TestEndpoint> {
  const seen: Seen = { upgrades: [], frames: [] };
  const sockets = new Set<WebSocket>();
  const server: Server = createServer({ key: cert.key, cert: cert.cert }, (_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  let origin = '';
  server.on('upgrade', (req, socket, head) => {
    seen.upgrades.push({ url: req.url ?? '', headers: { ...req.headers } });
    if (req.url !== '/bridge' || req.headers.origin !== origin) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });
  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    const caller: Caller = {
      kind: 'remote',
      user: null,
      sessionId: null,
      connectionId: randomBytes(8).toString('hex'),
      address: '127.0.0.1',
      bind: (session) => {
        caller.user = session?.user ?? null;
        caller.sessionId = session?.id ?? null;
      },
    };
    const unsubscribe = core.events.subscribe((m) => {
      if (caller.user && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event: m.name, payload: m.payload }));
    });
    ws.on('close', () => {
      sockets.delete(ws);
      unsubscribe();
    });
    ws.on('message', (data) => {
      const text = data.toString();
      seen.frames.push(text);
      const call = JSON.parse(text) as WireCall;
      void answer(call).then((result) => {
        const frame: WireAnswer = { id: call.id, result } as WireAnswer;
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
      });
    });
    // As the server's bridge does: the team handlers bind a session to the connection's caller.
    const answer = (call: WireCall) => core.dispatch(call.name, call.input, caller);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  origin = `https://127.0.0.1:${bound}`;
  return {
    url: origin,
    port: bound,
    seen,
    sockets,
    close: async () => {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
