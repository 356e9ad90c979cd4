// Charge statuses of overcharged SMS from the simulator's signed delivery callbacks, through the webhook receiver of a
// running core: recorded for messages Besked did not send, updated by later reports, never undone by an older one.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startReceiver, startTestCore, type TestCore } from '../inbox/core-fixture';

const LEGACY_SECRET = 'legacy-authentication-text';
const CHARGE = { amount: 10, currency: 'DKK', code: 'P01', description: 'Vote', category: 'SC00' };

let t: TestCore;
let base: string;

beforeAll(async () => {
  t = await startTestCore();
  base = await startReceiver(t, { legacy: LEGACY_SECRET });
  await t.sim('PUT', '/_sim/webhooks', { legacy: { url: `${base}/webhooks/legacy`, secret: LEGACY_SECRET } });
});
afterAll(async () => {
  await t?.close();
});

type Row = { mode: string; charge_status: string; status_at: string; seen_at: string };
const recorded = (id: number, msisdn: string) =>
  t.core.db.prepare('SELECT mode, charge_status, status_at, seen_at FROM charge_statuses WHERE mtsms_id = ? AND msisdn = ?').get(id, msisdn) as Row | undefined;

/** What a webshop on the same account does: an overcharged SMS Besked knows nothing about. */
const sendCharged = async (msisdn: number) =>
  (await t.core.gateway.sendMtsms({ class: 'charge', message: 'Thanks for voting', sender: '1204', recipients: [{ msisdn, charge: CHARGE }] })).ids[0]!;

async function postSigned(body: Record<string, unknown>) {
  const jwt = await new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(LEGACY_SECRET));
  const res = await fetch(`${base}/webhooks/legacy`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-signature': jwt }, body: JSON.stringify(body) });
  return res.status;
}

describe('charge statuses from delivery callbacks', () => {
  it('records CAPTURED for a message another system sent, then REFUNDED after the refund', async () => {
    const id = await sendCharged(4512345671);
    expect(t.core.db.prepare('SELECT COUNT(*) AS n FROM gateway_messages WHERE gateway_id = ?').get(String(id))).toEqual({ n: 0 });
    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await eventually(() => expect(recorded(id, '4512345671')).toMatchObject({ mode: 'sandbox', charge_status: 'CAPTURED' }));
    const captured = recorded(id, '4512345671')!;
    expect(Date.parse(captured.seen_at)).not.toBeNaN();

    await t.call('account.refund', { mtsmsId: id, msisdn: 4512345671 });
    await t.sim('POST', '/_sim/clock', { advance_seconds: 5 });
    await eventually(() => expect(recorded(id, '4512345671')?.charge_status).toBe('REFUNDED'));
    expect(recorded(id, '4512345671')!.status_at > captured.status_at).toBe(true);
  });

  it('records FAILED when the charged message was not delivered', async () => {
    const id = await sendCharged(4512345670);
    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await eventually(() => expect(recorded(id, '4512345670')?.charge_status).toBe('FAILED'));
  });

  it('lets a later report update the status but never an older one undo it, and ignores callbacks without one', async () => {
    const id = 987654321;
    const time = Math.floor(Date.now() / 1000);
    const cb = (charge_status: string | undefined, at: number) => ({
      id,
      msisdn: 4512340001,
      time: at,
      status: 'DELIVERED',
      ...(charge_status ? { charge_status } : {}),
    });
    expect(await postSigned(cb('CAPTURED', time))).toBe(200);
    expect(recorded(id, '4512340001')?.charge_status).toBe('CAPTURED');
    expect(await postSigned(cb('REFUNDED', time + 60))).toBe(200);
    expect(recorded(id, '4512340001')?.charge_status).toBe('REFUNDED');
    // A redelivered, older report arrives late.
    expect(await postSigned(cb('CAPTURED', time + 30))).toBe(200);
    expect(recorded(id, '4512340001')?.charge_status).toBe('REFUNDED');
    // A delivery report without a charge status leaves it alone; a standard message gets no row at all.
    expect(await postSigned(cb(undefined, time + 90))).toBe(200);
    expect(recorded(id, '4512340001')?.charge_status).toBe('REFUNDED');
    expect(await postSigned({ id: id + 1, msisdn: 4512340001, time, status: 'DELIVERED' })).toBe(200);
    expect(recorded(id + 1, '4512340001')).toBeUndefined();
  });
});
