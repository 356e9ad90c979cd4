// The webhook receiver attacked over real HTTP, beyond the sync tests' cases: fuzzed bodies and signatures are never
// taken, signed garbage never crashes it, tokens cannot be stretched over fields they did not sign or reused with
// another body, replays in another spelling are spotted, and oversized bodies without a length are cut off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT } from 'jose';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { createLogger } from '../../../src-main/core/log';
import { ReplayGuard } from '../../../src-main/core/sync/replay-guard';
import { MAX_WEBHOOK_BODY_BYTES, WebhookReceiver } from '../../../src-main/core/sync/webhook-receiver';

const MSG_SECRET = 'messaging-secret-for-attacks';
const LEGACY_SECRET = 'legacy-secret-for-attacks';

let dir: string;
let db: Db;
let receiver: WebhookReceiver;
let base: string;
const taken: { kind: string; value: unknown }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'besked-webhook-attacks-'));
  db = openDatabase(join(dir, 'besked.db'));
  receiver = new WebhookReceiver({
    port: 0,
    secrets: async () => ({ messaging: MSG_SECRET, legacy: LEGACY_SECRET }),
    replay: new ReplayGuard(db),
    log: createLogger({ level: 'error' }),
    sinks: {
      messagingStatus: (e) => void taken.push({ kind: 'messaging', value: e }),
      legacyStatus: (c) => void taken.push({ kind: 'legacy-status', value: c }),
      incoming: (c) => void taken.push({ kind: 'incoming', value: c }),
    },
  });
  base = `http://127.0.0.1:${await receiver.start()}`;
});
afterAll(async () => {
  await receiver?.stop();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  taken.length = 0;
});

const hmac = (body: string | Uint8Array, secret = MSG_SECRET) => `v1=${createHmac('sha256', secret).update(body).digest('hex')}`;
const jwt = (claims: Record<string, unknown>, secret = LEGACY_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

async function post(path: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let eventSeq = 0;
function statusEvent(over: Record<string, unknown> = {}) {
  return {
    event_id: `01JATTACK${String(++eventSeq).padStart(8, '0')}`,
    timestamp: new Date().toISOString(),
    event_type: 'message.status.sms',
    event: { msg_id: '01JMSG', recipient: 4520000001, reference: null, status: 'DELIVERED', status_at: new Date().toISOString(), error: null },
    ...over,
  };
}

describe('requests without a valid signature', () => {
  it('are never taken, whatever the body and the signature header (messaging)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'), fc.string()), fc.string({ maxLength: 100 }), async (body, sig) => {
        const headers: Record<string, string> = {};
        // Header values must be sendable; a raw control character is refused by fetch itself.
        if (/^[\x20-\x7e]*$/.test(sig)) headers['signature'] = sig;
        const r = await post('/webhooks/messaging', body, headers);
        expect(r.status).toBe(401);
        expect(taken).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('are never taken, whatever the body and the token header (legacy)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'), fc.stringMatching(/^[A-Za-z0-9._-]{0,120}$/), async (body, token) => {
        const r = await post('/webhooks/legacy', body, token ? { 'x-service-signature': token } : {});
        expect(r.status).toBe(401);
        expect(taken).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses an unsigned ("alg: none") token and one signed with another secret', async () => {
    const claims = { id: 1, msisdn: 4520000001, time: Math.floor(Date.now() / 1000), status: 'DELIVERED' };
    const none = new UnsecuredJWT(claims).encode();
    expect((await post('/webhooks/legacy', JSON.stringify(claims), { 'x-service-signature': none })).status).toBe(401);
    expect((await post('/webhooks/legacy', JSON.stringify(claims), { 'x-gwapi-signature': await jwt(claims, 'guessed') })).status).toBe(401);
    expect(taken).toEqual([]);
  });
});

describe('signed garbage', () => {
  it('never crashes the receiver: 200 for what it understands, 400 for the rest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
          fc.record({ event_id: fc.string(), timestamp: fc.string(), event_type: fc.constantFrom('message.status.sms', 'message.status.rcs', 'x'), event: fc.jsonValue() }).map((v) =>
            JSON.stringify(v),
          ),
          fc.string(),
        ),
        async (body) => {
          const r = await post('/webhooks/messaging', body, { signature: hmac(body) });
          expect([200, 400]).toContain(r.status);
        },
      ),
      { numRuns: 200 },
    );
    // Still serving.
    const ok = JSON.stringify(statusEvent());
    expect((await post('/webhooks/messaging', ok, { signature: hmac(ok) })).status).toBe(200);
  });
});

describe('tokens stretched over other bodies', () => {
  it('refuses a body with a field the token did not sign', async () => {
    const claims = { id: 7, msisdn: 4520000002, time: Math.floor(Date.now() / 1000), status: 'DELIVERED' };
    const token = await jwt(claims);
    const r = await post('/webhooks/legacy', JSON.stringify({ ...claims, error: 'Forged reason', code: '0x9999' }), { 'x-service-signature': token });
    expect(r.status).toBe(401);
    expect(taken).toEqual([]);
  });

  it('takes a genuine callback once, and refuses its token with any other body', async () => {
    const claims = { id: 8, msisdn: 4520000003, time: Math.floor(Date.now() / 1000), status: 'UNDELIVERABLE', error: 'Absent subscriber', code: '0x1420' };
    const token = await jwt(claims);
    expect((await post('/webhooks/legacy', JSON.stringify(claims), { 'x-service-signature': token })).status).toBe(200);
    expect(taken).toHaveLength(1);
    expect((await post('/webhooks/legacy', JSON.stringify(claims), { 'x-service-signature': token })).body).toEqual({ duplicate: true });
    const other = { ...claims, msisdn: 4520000004 };
    expect((await post('/webhooks/legacy', JSON.stringify(other), { 'x-service-signature': token })).status).toBe(401);
    expect(taken).toHaveLength(1);
  });
});

describe('replays', () => {
  it('spots the same messaging event in another spelling (key order, spacing)', async () => {
    const ev = statusEvent();
    const first = JSON.stringify(ev);
    expect((await post('/webhooks/messaging', first, { signature: hmac(first) })).body).toEqual({ ok: true });
    const respelled = JSON.stringify({ event: ev.event, event_type: ev.event_type, timestamp: ev.timestamp, event_id: ev.event_id }, null, 2);
    expect((await post('/webhooks/messaging', respelled, { signature: hmac(respelled) })).body).toEqual({ duplicate: true });
    expect(taken).toHaveLength(1);
  });

  it('refuses an event older than the replay window', async () => {
    const old = JSON.stringify(statusEvent({ timestamp: new Date(Date.now() - 49 * 3600_000).toISOString() }));
    expect((await post('/webhooks/messaging', old, { signature: hmac(old) })).status).toBe(400);
    expect(taken).toEqual([]);
  });

  it('remembers what it took across a restart (the guard is in the database)', async () => {
    const ev = JSON.stringify(statusEvent());
    expect((await post('/webhooks/messaging', ev, { signature: hmac(ev) })).status).toBe(200);
    await receiver.stop();
    base = `http://127.0.0.1:${await receiver.start()}`;
    expect((await post('/webhooks/messaging', ev, { signature: hmac(ev) })).body).toEqual({ duplicate: true });
    expect(taken).toHaveLength(1);
  });
});

describe('oversized requests', () => {
  /** Streams `total` bytes without a Content-Length; resolves with the status, or 'closed' if cut off first. */
  function streamChunked(total: number): Promise<number | 'closed'> {
    return new Promise((resolve) => {
      const req = request(`${base}/webhooks/messaging`, { method: 'POST', headers: { 'content-type': 'application/json', signature: hmac('x') } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve('closed'));
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  it('answers 413 or cuts the connection for a huge body sent without a length, and keeps serving', async () => {
    const outcome = await streamChunked(MAX_WEBHOOK_BODY_BYTES * 20);
    expect([413, 'closed']).toContain(outcome);
    const ok = JSON.stringify(statusEvent());
    expect((await post('/webhooks/messaging', ok, { signature: hmac(ok) })).status).toBe(200);
  });

  it('refuses a declared length over the limit without reading the body', async () => {
    const r = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/webhooks/legacy`, { method: 'POST', headers: { 'content-length': String(50 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{');
    });
    expect(r).toBe(413);
  });
});
