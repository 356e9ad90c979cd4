// The optional webhook receiver in a running core, called by the simulator's signed webhooks: statuses of both
// interfaces and incoming texts flow into the same pipelines; forged, replayed and oversized requests are refused.
import { createHmac } from 'node:crypto';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { join } from 'node:path';
import { writeGate } from '../../../src-main/core/db/write-gate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startReceiver, startTestCore, type TestCore } from '../inbox/core-fixture';
import { insertCampaign, recordAccepted } from './fixtures';
import { loopTurns } from '../loop-turns';

const MSG_SECRET = 'messaging-webhook-secret';
const LEGACY_SECRET = 'legacy-authentication-text';

let t: TestCore;
let base: string;

beforeEach(async () => {
  t = await startTestCore();
  base = await startReceiver(t, { messaging: MSG_SECRET, legacy: LEGACY_SECRET });
  await t.sim('PUT', '/_sim/webhooks', {
    messaging: { url: `${base}/webhooks/messaging`, secret: MSG_SECRET },
    legacy: { url: `${base}/webhooks/legacy`, secret: LEGACY_SECRET },
  });
});
afterEach(async () => {
  await t.close();
});

const simNow = async () => Date.parse((await t.sim<{ now: string }>('GET', '/_sim/clock')).now);
const statusOf = (msisdn: number) =>
  t.core.db.prepare('SELECT status, gateway_status FROM campaign_recipients WHERE msisdn = ? ORDER BY id DESC').get(msisdn) as
    | { status: string; gateway_status: string | null }
    | undefined;

function signMessaging(body: string, secret = MSG_SECRET) {
  return `v1=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('webhook receiver', () => {
  it('gives messaging-interface sends their statuses', async () => {
    const msisdn = 4540506071;
    const res = await t.core.gateway.sendSingle({ sender: 'Shop', recipient: msisdn, message: 'Hej', reference: 'test' });
    const campaignId = insertCampaign(t.core.db, { channel: 'messaging', at: Date.now() });
    recordAccepted(t.core.db, { campaignId, gatewayId: res.msg_id, msisdns: [msisdn], sendAt: Date.now(), validityS: 432000, iface: 'messaging', done: true });
    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await eventually(() => expect(statusOf(msisdn)).toEqual({ status: 'delivered', gateway_status: 'DELIVERED' }));
    const th = await t.call('inbox.thread', { msisdn });
    expect(th.items.at(-1)).toMatchObject({ status: 'delivered', needsWebhook: false });
  });

  it('takes legacy delivery callbacks and incoming texts', async () => {
    const msisdn = 4540506070;
    const res = await t.core.gateway.sendMtsms({ sender: 'Shop', message: 'Hej', recipients: [{ msisdn }] });
    const campaignId = insertCampaign(t.core.db, { at: Date.now() });
    recordAccepted(t.core.db, { campaignId, gatewayId: String(res.ids[0]), msisdns: [msisdn], sendAt: Date.now(), validityS: 432000 });
    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await eventually(() => expect(statusOf(msisdn)).toEqual({ status: 'failed', gateway_status: 'UNDELIVERABLE' }));

    await t.inbound(4540506099, 'Svar via webhook');
    await eventually(async () => {
      const c = await t.call('inbox.conversations', {});
      expect(c.conversations).toEqual([expect.objectContaining({ msisdn: 4540506099, lastText: 'Svar via webhook', unread: 1 })]);
    });
    // The poll finds the same text and stores nothing more.
    await t.call('sync.now', {});
    expect((t.core.db.prepare('SELECT COUNT(*) AS n FROM inbound_messages').get() as { n: number }).n).toBe(1);
  });

  it('takes an incoming text that arrives while an import saves once the save ends, without holding the core meanwhile', async () => {
    // The import's save: the core holds the gate, another connection the write lock. The replay record and the text
    // were written in SQLite's busy handler on the core's thread: it held every call, and past busy_timeout the
    // request failed.
    const release = writeGate(t.core.db).hold();
    const other = new Database(join(t.dir, 'besked.db'));
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      const claims = { id: 777001, msisdn: 4540506111, receiver: 1204, message: 'Har I åbent i morgen?', senttime: Math.floor((await simNow()) / 1000), webhook_label: 'besked' };
      const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(LEGACY_SECRET));
      let answered = false;
      const reply = post('/webhooks/legacy', JSON.stringify(claims), { 'x-gwapi-signature': jwt }).finally(() => (answered = true));
      await loopTurns(20, 1000);
      expect(answered).toBe(false);
      other.prepare('COMMIT').run();
      release();
      expect((await reply).status).toBe(200);
    } finally {
      release();
      other.close();
    }
    const c = await t.call('inbox.conversations', {});
    expect(c.conversations).toEqual([expect.objectContaining({ msisdn: 4540506111, lastText: 'Har I åbent i morgen?' })]);
  });

  it('refuses forged, replayed and oversized requests', async () => {
    const msisdn = 4540506081;
    const campaignId = insertCampaign(t.core.db, { channel: 'messaging', at: Date.now() });
    recordAccepted(t.core.db, { campaignId, gatewayId: '01JFAKEMSG', msisdns: [msisdn], sendAt: Date.now(), validityS: 432000, iface: 'messaging' });
    const event = (status: string, id: string) =>
      JSON.stringify({
        event_id: id,
        timestamp: new Date().toISOString(),
        event_type: 'message.status.sms',
        event: { msg_id: '01JFAKEMSG', recipient: msisdn, reference: null, status, status_at: new Date().toISOString(), error: null },
      });

    // Forged: wrong secret, no signature, a signature over another body.
    const forged = event('DELIVERED', 'e1');
    expect((await post('/webhooks/messaging', forged, { signature: signMessaging(forged, 'guess') })).status).toBe(401);
    expect((await post('/webhooks/messaging', forged, {})).status).toBe(401);
    expect((await post('/webhooks/messaging', forged, { signature: signMessaging(event('DELIVERED', 'other')) })).status).toBe(401);
    expect(statusOf(msisdn)!.status).toBe('pending');

    // Genuine: applied once; the same request again has no effect.
    const genuine = event('UNDELIVERABLE', 'e2');
    expect(await post('/webhooks/messaging', genuine, { signature: signMessaging(genuine) })).toEqual({ status: 200, body: { ok: true } });
    expect(statusOf(msisdn)!.status).toBe('failed');
    t.core.db.prepare("UPDATE campaign_recipients SET status = 'pending', gateway_status = NULL WHERE msisdn = ?").run(msisdn);
    expect(await post('/webhooks/messaging', genuine, { signature: signMessaging(genuine) })).toEqual({ status: 200, body: { duplicate: true } });
    expect(statusOf(msisdn)!.status).toBe('pending');

    // Oversized.
    const big = JSON.stringify({ pad: 'x'.repeat(100_000) });
    expect((await post('/webhooks/messaging', big, { signature: signMessaging(big) })).status).toBe(413);

    // Legacy: a valid token over other claims than the body says.
    const claims = { id: 1, msisdn, time: Math.floor((await simNow()) / 1000), status: 'DELIVERED' };
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(LEGACY_SECRET));
    expect((await post('/webhooks/legacy', JSON.stringify({ ...claims, status: 'EXPIRED' }), { 'x-service-signature': jwt })).status).toBe(401);
    const wrong = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret'));
    expect((await post('/webhooks/legacy', JSON.stringify(claims), { 'x-service-signature': wrong })).status).toBe(401);
    const ok = await post('/webhooks/legacy', JSON.stringify(claims), { 'x-service-signature': jwt });
    expect(ok.status).toBe(200);
    expect((await post('/webhooks/legacy', JSON.stringify(claims), { 'x-service-signature': jwt })).body).toEqual({ duplicate: true });

    // Not a webhook address; not a POST.
    expect((await fetch(`${base}/other`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${base}/webhooks/messaging`)).status).toBe(405);

    const s = await t.call('sync.status', {});
    expect(s.webhook.refused).toBeGreaterThanOrEqual(8);
    expect(s.webhook.accepted).toBeGreaterThanOrEqual(2);
  });

  it('refuses everything while no secret is set, and stops listening when switched off', async () => {
    await t.call('sync.clearWebhookSecret', { kind: 'messaging' });
    const body = JSON.stringify({ event_id: 'x', timestamp: new Date().toISOString(), event_type: 'message.status.sms', event: {} });
    expect((await post('/webhooks/messaging', body, { signature: signMessaging(body) })).status).toBe(401);
    expect((await t.call('sync.status', {})).webhook.hasMessagingSecret).toBe(false);
    await t.call('settings.update', { webhookReceiver: { enabled: false, port: 8787 } });
    await eventually(async () => expect((await t.call('sync.status', {})).webhook.listening).toBe(false));
    await expect(fetch(`${base}/webhooks/messaging`, { method: 'POST', body })).rejects.toThrow();
  });

  it('keeps its secrets out of the settings and the database', async () => {
    const settings = JSON.stringify(await t.call('settings.get', {}));
    expect(settings).not.toContain(MSG_SECRET);
    const rows = t.core.db.prepare('SELECT value FROM settings UNION ALL SELECT value FROM sync_state').all() as { value: string }[];
    expect(rows.map((r) => r.value).join('\n')).not.toContain(LEGACY_SECRET);
  });
});
