// The team server keeps a page's idle connection open past Node's 5 s default (team-server.ts KEEP_ALIVE_MS), so a
// file the page asks for later goes over the connection it has, not one the server is closing at that moment.
import { afterEach, expect, it } from 'vitest';
import { Agent, request } from 'node:https';
import { startTestServer, type TestServer } from './helpers';
import { KEEP_ALIVE_MS } from '../../../../src-main/bridge/idle-connections';

let t: TestServer | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

function get(agent: Agent, port: number): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', headers: { host: `127.0.0.1:${port}` }, agent, rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, localPort: req.socket!.localPort! }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle connection open longer than 5 s, and its next request goes over it', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  t = await startTestServer();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, t.server.port);
    expect(first.status).toBe(200);
    // Past Node's default of 5 s: with it, the server closed the socket and the agent had to open another.
    await new Promise((r) => setTimeout(r, 6_500));
    const again = await get(agent, t.server.port);
    expect(again.status).toBe(200);
    expect(again.localPort).toBe(first.localPort);
  } finally {
    agent.destroy();
  }
}, 20_000);
