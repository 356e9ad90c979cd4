// Legacy messages after sending: lookup once stored, deleting scheduled ones, refunds, and JWT-signed delivery callbacks.
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, startSim, type Receiver, type Sim } from './helpers';

let sim: Sim;
let receiver: Receiver;
const SECRET = 'legacy-auth-text';

beforeEach(async () => {
  sim = await startSim();
  receiver = await startReceiver();
});
afterEach(async () => {
  await sim.close();
  await receiver.close();
});

async function send(json: Record<string, unknown>): Promise<number> {
  const r = await sim.ok<{ ids: number[] }>('/rest/mtsms', { method: 'POST', json: { message: 'Hello', sender: 'Shop', ...json } });
  return r.ids[0]!;
}

interface StoredRecipient {
  country: string;
  csms: number;
  dsnerror: string | null;
  dsnerrorcode: string | null;
  dsnstatus: string;
  dsntime: number | null;
  mcc: number;
  mnc: number;
  msisdn: string;
  senttime: number;
  tagvalues: string[] | null;
  charge_status?: string | null;
}

async function stored(id: number) {
  const res = await sim.call(`/rest/mtsms/${id}`);
  return { status: res.status, body: (await res.json()) as [{ id: number; recipients: StoredRecipient[] } & Record<string, unknown>] };
}

const advance = (s: number) => sim.control('POST', '/_sim/clock', { advance_seconds: s });

describe('GET /rest/mtsms/{id}', () => {
  it('is 404 until the message is in long-term storage, then returns the stored message', async () => {
    const id = await send({ recipients: [{ msisdn: 4512345671, tagvalues: ['Anna'] }], tags: ['%n%'], message: 'Hi %n%', userref: 'u1', label: 'L' });
    const early = await stored(id);
    expect(early.status).toBe(404);
    expect(early.body).toMatchObject({ code: '0x0302' });
    await advance(2);
    const later = await stored(id);
    expect(later.status).toBe(200);
    expect(later.body).toHaveLength(1);
    const [m] = later.body;
    expect(m).toMatchObject({
      id,
      class: 'standard',
      message: 'Hi %n%',
      payload: null,
      label: 'L',
      sender: 'Shop',
      tags: ['%n%'],
      userref: 'u1',
      encoding: 'UTF8',
      destaddr: 'MOBILE',
      validity_period: 432000,
    });
    for (const key of ['sendtime', 'priority', 'udh', 'callback_url']) expect(m).toHaveProperty(key);
    expect(m.recipients[0]).toEqual({
      country: 'DK',
      csms: 1,
      dsnerror: null,
      dsnerrorcode: null,
      dsnstatus: 'ENROUTE',
      dsntime: expect.any(Number),
      mcc: 238,
      mnc: expect.any(Number),
      msisdn: '4512345671',
      senttime: expect.any(Number),
      tagvalues: ['Anna'],
    });
    await advance(5);
    expect((await stored(id)).body[0].recipients[0]!.dsnstatus).toBe('DELIVERED');
  });

  it('is 404 with the not-found code for an unknown id and 400 for a non-integer id', async () => {
    expect((await stored(99)).body).toMatchObject({ code: '0x0301' });
    expect((await sim.call('/rest/mtsms/abc')).status).toBe(400);
  });

  it('reports each recipient with its own rule: error text and code on failures', async () => {
    const numbers = [4512345671, 4512345670, 4512345691, 4512345692, 4512345694, 4512345696, 4512345697, 4512345698, 4512345699];
    const id = await send({ recipients: numbers.map((msisdn) => ({ msisdn })) });
    await advance(120);
    const { body } = await stored(id);
    const byNumber = Object.fromEntries(body[0].recipients.map((r) => [r.msisdn, [r.dsnstatus, r.dsnerrorcode]]));
    expect(byNumber).toEqual({
      '4512345671': ['DELIVERED', null],
      '4512345670': ['UNDELIVERABLE', '0x1420'],
      '4512345691': ['EXPIRED', '0x1210'],
      '4512345692': ['REJECTED', '0x1510'],
      '4512345694': ['UNKNOWN', null],
      '4512345696': ['DELIVERED', null],
      '4512345697': ['ACCEPTED', null],
      '4512345698': ['DELETED', '0x1520'],
      '4512345699': ['SKIPPED', '0x1511'],
    });
  });

  it('shows BUFFERED for a number ending 96 until it is delivered a minute later', async () => {
    const id = await send({ recipients: [{ msisdn: 4512345696 }] });
    await advance(10);
    expect((await stored(id)).body[0].recipients[0]!.dsnstatus).toBe('BUFFERED');
    await advance(60);
    expect((await stored(id)).body[0].recipients[0]!.dsnstatus).toBe('DELIVERED');
  });

  it('can show a late ENROUTE after DELIVERED (out of order, number ending 95) while the ledger says DELIVERED', async () => {
    const id = await send({ recipients: [{ msisdn: 4512345695 }] });
    await advance(2.5);
    const first = (await stored(id)).body[0].recipients[0]!;
    expect(first.dsnstatus).toBe('DELIVERED');
    await advance(1);
    const second = (await stored(id)).body[0].recipients[0]!;
    expect(second.dsnstatus).toBe('ENROUTE');
    expect(second.dsntime!).toBeLessThan(first.dsntime!);
    expect((await sim.ledger())[0]!.status).toBe('DELIVERED');
  });

  it('keeps a number ending 93 ENROUTE until the validity period ends, then EXPIRED', async () => {
    const id = await send({ recipients: [{ msisdn: 4512345693 }], validity_period: 600 });
    await advance(599);
    expect((await stored(id)).body[0].recipients[0]!.dsnstatus).toBe('ENROUTE');
    await advance(2);
    expect((await stored(id)).body[0].recipients[0]).toMatchObject({ dsnstatus: 'EXPIRED', dsnerrorcode: '0x1211' });
  });
});

describe('scheduled messages (sendtime)', () => {
  it('is SCHEDULED in the ledger, 404 on lookup until sent, and sent at sendtime', async () => {
    const sendtime = Math.floor(sim.clock.now() / 1000) + 3600;
    const id = await send({ recipients: [{ msisdn: 4512345671 }], sendtime });
    expect((await sim.ledger())[0]!.status).toBe('SCHEDULED');
    await advance(1800);
    expect((await stored(id)).status).toBe(404);
    await advance(1800 + 10);
    expect((await stored(id)).body[0].recipients[0]!.dsnstatus).toBe('DELIVERED');
  });

  it('can be deleted before sendtime (204, cost returned, DELETED), not after and not twice', async () => {
    const before = Number((await sim.ok<{ credit: string }>('/rest/me')).credit);
    const id = await send({ recipients: [{ msisdn: 4512345671 }], sendtime: Math.floor(sim.clock.now() / 1000) + 600 });
    expect(Number((await sim.ok<{ credit: string }>('/rest/me')).credit)).toBeCloseTo(before - 0.13, 6);
    const del = await sim.call(`/rest/mtsms/${id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect(Number((await sim.ok<{ credit: string }>('/rest/me')).credit)).toBeCloseTo(before, 6);
    expect((await sim.ledger())[0]!.status).toBe('DELETED');
    const again = await sim.call(`/rest/mtsms/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(410);
    await advance(700);
    expect((await sim.ledger())[0]!.status).toBe('DELETED');
    expect((await stored(id)).status).toBe(404);
  });

  it('refuses to delete a message that was not scheduled or was already sent', async () => {
    const now = await send({ recipients: [{ msisdn: 4512345671 }] });
    expect((await sim.call(`/rest/mtsms/${now}`, { method: 'DELETE' })).status).toBe(409);
    const soon = await send({ recipients: [{ msisdn: 4512345671 }], sendtime: Math.floor(sim.clock.now() / 1000) + 60 });
    await advance(61);
    expect((await sim.call(`/rest/mtsms/${soon}`, { method: 'DELETE' })).status).toBe(410);
    expect((await sim.call('/rest/mtsms/12345', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('delivery callbacks', () => {
  it('go to callback_url with an X-Service-Signature JWT (HS256) whose claims are the callback fields', async () => {
    await sim.control('PUT', '/_sim/webhooks', { legacy: { url: receiver.url + '/default', secret: SECRET } });
    const id = await send({ recipients: [{ msisdn: 4512345671 }], userref: 'order-9', callback_url: receiver.url + '/cb' });
    await advance(10);
    const calls = await receiver.waitFor(2);
    expect(calls.map((c) => c.path)).toEqual(['/cb', '/cb']);
    expect(calls.map((c) => c.json['status'])).toEqual(['ENROUTE', 'DELIVERED']);
    for (const c of calls) {
      const token = c.headers['x-service-signature'] as string;
      const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET));
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload).toEqual(c.json);
    }
    expect(calls[1]!.json).toEqual({
      id,
      msisdn: 4512345671,
      time: expect.any(Number),
      status: 'DELIVERED',
      userref: 'order-9',
      country_code: 'DK',
      country_prefix: 45,
    });
    await expect(jwtVerify(calls[0]!.headers['x-service-signature'] as string, new TextEncoder().encode('wrong'))).rejects.toThrow();
  });

  it('go to the default webhook when the message has no callback_url, with error and code on failure', async () => {
    await sim.control('PUT', '/_sim/webhooks', { legacy: { url: receiver.url + '/default', secret: null } });
    await send({ recipients: [{ msisdn: 4512345692 }] });
    await advance(5);
    const [c] = await receiver.waitFor(1);
    expect(c!.path).toBe('/default');
    expect(c!.headers['x-service-signature']).toBeUndefined();
    expect(c!.json).toMatchObject({ status: 'REJECTED', code: '0x1510', error: expect.any(String) });
  });

  it('report SCHEDULED at once and DELETED when a scheduled message is deleted', async () => {
    await sim.control('PUT', '/_sim/webhooks', { legacy: { url: receiver.url + '/default', secret: null } });
    const id = await send({ recipients: [{ msisdn: 4512345671 }], sendtime: Math.floor(sim.clock.now() / 1000) + 600 });
    await sim.call(`/rest/mtsms/${id}`, { method: 'DELETE' });
    await advance(700);
    const calls = await receiver.waitFor(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received.map((c) => c.json['status'])).toEqual(['SCHEDULED', 'DELETED']);
    expect(calls[0]!.json['id']).toBe(id);
  });
});

describe('POST /rest/refund', () => {
  const charge = { amount: 10, currency: 'DKK', code: 'P01', description: 'Vote', category: 'SC00' };
  const sendCharged = (msisdn: number) =>
    send({ class: 'charge', sender: '1204', recipients: [{ msisdn, charge }], callback_url: receiver.url + '/charged' });

  it('refunds a delivered charged SMS whose charge was CAPTURED, once, with a callback', async () => {
    const id = await sendCharged(4512345671);
    await advance(10);
    expect((await stored(id)).body[0].recipients[0]!.charge_status).toBe('CAPTURED');
    const r = await sim.call('/rest/refund', { method: 'POST', json: { mtsms_id: id, msisdn: 4512345671 } });
    expect(r.status).toBe(200);
    expect((await stored(id)).body[0].recipients[0]!.charge_status).toBe('REFUNDED');
    await advance(2);
    const calls = await receiver.waitFor(3);
    expect(calls.map((c) => c.json['charge_status'])).toEqual([undefined, 'CAPTURED', 'REFUNDED']);
    const again = await sim.call('/rest/refund', { method: 'POST', json: { mtsms_id: id, msisdn: 4512345671 } });
    expect(again.status).toBe(409);
  });

  it('refuses a charged SMS that was not captured, an uncharged SMS and unknown ids', async () => {
    const failed = await sendCharged(4512345670);
    await advance(10);
    expect((await stored(failed)).body[0].recipients[0]!.charge_status).toBe('FAILED');
    expect((await sim.call('/rest/refund', { method: 'POST', json: { mtsms_id: failed, msisdn: 4512345670 } })).status).toBe(409);
    const plain = await send({ recipients: [{ msisdn: 4512345671 }] });
    expect((await sim.call('/rest/refund', { method: 'POST', json: { mtsms_id: plain, msisdn: 4512345671 } })).status).toBe(409);
    expect((await sim.call('/rest/refund', { method: 'POST', json: { mtsms_id: 1, msisdn: 4512345671 } })).status).toBe(404);
    expect((await sim.call('/rest/refund', { method: 'POST', json: { mtsms_id: plain, msisdn: 4599999999 } })).status).toBe(404);
    expect((await sim.call('/rest/refund', { method: 'POST', json: { msisdn: 4512345671 } })).status).toBe(400);
  });
});
