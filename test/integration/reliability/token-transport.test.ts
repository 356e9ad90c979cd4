// Where the token may travel: only to the gateway addresses in Settings, only over https (plain http only to this
// computer, the sandbox), never along a redirect. Checked with the real client and transport; no request may even
// start toward an address that would carry the token in the clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayClient, GatewayError } from '../../../src-main/core/gateway';
import type { HttpRequest, Transport } from '../../../src-main/core/gateway/transport';

const TOKEN = 'token-that-must-stay-encrypted';

/** A transport that records what would have gone out, and answers nothing useful. */
function recordingTransport(seen: HttpRequest[]): Transport {
  return {
    send: async (req) => {
      seen.push(req);
      return { ok: true, response: { status: 200, headers: {}, body: new TextEncoder().encode('{}') } };
    },
    close: async () => undefined,
  };
}

describe('addresses the token may go to', () => {
  it('refuses every non-https address except loopback, before a request starts', async () => {
    const host = fc.oneof(fc.domain(), fc.ipV4().filter((ip) => !ip.startsWith('127.')), fc.constantFrom('localhost.evil.com', '127.0.0.1.nip.io', '[::ffff:7f00:1]'));
    const scheme = fc.constantFrom('http', 'ftp', 'ws', 'file', 'javascript', 'HTTP');
    await fc.assert(
      fc.asyncProperty(scheme, host, async (s, h) => {
        const seen: HttpRequest[] = [];
        const url = `${s}://${h}/`;
        const client = createGatewayClient({ target: async () => ({ messagingUrl: url, legacyUrl: url, token: TOKEN }), transport: recordingTransport(seen), retry: { maxAttempts: 1 } });
        const e = await client.me().then(
          () => null,
          (err: unknown) => err,
        );
        expect(e, url).toBeInstanceOf(GatewayError);
        expect((e as GatewayError).maybeAccepted).toBe(false);
        expect(seen, url).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('sends to https addresses and to plain http on this computer only', async () => {
    for (const [url, allowed] of [
      ['https://gatewayapi.com', true],
      ['https://gatewayapi.eu/', true],
      ['http://127.0.0.1:8080', true],
      ['http://localhost:8080', true],
      ['http://[::1]:8080', true],
      ['http://gatewayapi.com', false],
      ['http://10.0.0.5', false],
    ] as const) {
      const seen: HttpRequest[] = [];
      const client = createGatewayClient({ target: async () => ({ messagingUrl: url, legacyUrl: url, token: TOKEN }), transport: recordingTransport(seen), retry: { maxAttempts: 1 } });
      await client.me().catch(() => undefined);
      expect(seen.length, url).toBe(allowed ? 1 : 0);
      if (allowed) expect(seen[0]!.headers['authorization']).toBe(`Token ${TOKEN}`);
    }
  });
});

describe('redirects', () => {
  let gateway: Server;
  let elsewhere: Server;
  const reached: IncomingMessage[] = [];
  let base: string;

  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      reached.push(req);
      res.end('{}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    gateway = createServer((req, res) => {
      res.writeHead(307, { location: `${other}${req.url ?? '/'}` });
      res.end();
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => gateway.close(() => r()));
    await new Promise<void>((r) => elsewhere.close(() => r()));
  });

  it('are not followed, so the token never reaches the address a redirect names', async () => {
    const client = createGatewayClient({ target: async () => ({ messagingUrl: base, legacyUrl: base, token: TOKEN }), retry: { maxAttempts: 1 } });
    try {
      const read = await client.me().catch((e: unknown) => e);
      expect(read).toBeInstanceOf(GatewayError);
      const send = await client.sendMtsms({ sender: 'Shop', message: 'Hej', recipients: [{ msisdn: 4520000001 }] }).catch((e: unknown) => e);
      expect(send).toBeInstanceOf(GatewayError);
      // Redirected after it reached the gateway: not known to be unsent.
      expect((send as GatewayError).maybeAccepted).toBe(true);
      expect(reached).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
