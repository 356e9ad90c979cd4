// Incoming SMS over HTTP: POST /_sim/inbound, keyword routing, the incoming webhook and paging of GET /rest/mosms.
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, startSim, type Receiver, type Sim } from './helpers';

let sim: Sim;
let receiver: Receiver;
beforeEach(async () => {
  sim = await startSim();
  receiver = await startReceiver();
});
afterEach(async () => {
  await sim.close();
  await receiver.close();
});

interface MosmsPage {
  results: number;
  pages: number;
  per_page: number;
  page: number;
  messages: { mosms_id: number; msisdn: number; receiver: number; message: string; senttime: number; webhook: string; sender: string | null; anonymized: boolean; encoding: string }[];
}

const day = (offsetDays = 0) => new Date(sim.clock.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const inbound = (json: Record<string, unknown>) => sim.control<{ id: number }>('POST', '/_sim/inbound', json);

describe('POST /_sim/inbound', () => {
  it('answers 201 with an id and lists the message in /rest/mosms', async () => {
    const { id } = await inbound({ msisdn: 4512345671, receiver: 1204, message: 'Hello shop' });
    expect(id).toEqual(expect.any(Number));
    const page = await sim.ok<MosmsPage>(`/rest/mosms?from=${day()}&to=${day()}`);
    expect(page).toMatchObject({ results: 1, pages: 1, per_page: 100, page: 1 });
    expect(page.messages[0]).toEqual({
      anonymized: false,
      encoding: 'UTF8',
      message: 'Hello shop',
      mosms_id: id,
      msisdn: 4512345671,
      receiver: 1204,
      sender: null,
      senttime: expect.any(Number),
      webhook: 'default',
    });
  });

  it('refuses a malformed inbound with 400', async () => {
    const res = await sim.call('/_sim/inbound', { method: 'POST', json: { msisdn: 'x', receiver: 1204 } });
    expect(res.status).toBe(400);
  });

  it('routes by keyword to its webhook label and sends a JWT-signed incoming callback', async () => {
    await sim.ok('/api/vas', { method: 'POST', json: { keyword: 'PIZZA', shortcode: 1204, pushsetting_reference: 'orders' } }, 201);
    await sim.control('PUT', '/_sim/webhooks', { legacy: { url: receiver.url + '/in', secret: 's3cret' } });
    const { id } = await inbound({ msisdn: 4512345671, receiver: 1204, message: 'pizza large please' });
    await inbound({ msisdn: 4512345672, receiver: 1204, message: 'no keyword here' });
    const calls = await receiver.waitFor(2);
    const first = calls.find((c) => c.json['id'] === id)!;
    expect(first.json).toEqual({
      id,
      msisdn: 4512345671,
      receiver: 1204,
      message: 'pizza large please',
      senttime: expect.any(Number),
      webhook_label: 'orders',
      encoding: 'UTF8',
    });
    const { payload } = await jwtVerify(first.headers['x-service-signature'] as string, new TextEncoder().encode('s3cret'));
    expect(payload).toEqual(first.json);
    expect(calls.find((c) => c.json['id'] !== id)!.json['webhook_label']).toBe('default');
  });

  it('sends a user-message.text.sms event to the messaging webhook', async () => {
    await sim.control('PUT', '/_sim/webhooks', { messaging: { url: receiver.url + '/msg', secret: null } });
    const { id } = await inbound({ msisdn: 4512345671, receiver: 1204, message: 'Hi', sender: 'Anna' });
    const [c] = await receiver.waitFor(1);
    expect(c!.json).toMatchObject({ event_type: 'user-message.text.sms', event: { msg_id: String(id), sender: 4512345671, recipient: 1204, text: 'Hi' } });
  });
});

describe('GET /rest/mosms', () => {
  it('pages with per_page up to 200 and counts pages', async () => {
    for (let i = 0; i < 5; i++) await inbound({ msisdn: 4512345600 + i, receiver: 1204, message: `m${i}` });
    const p1 = await sim.ok<MosmsPage>(`/rest/mosms?from=${day()}&to=${day()}&per_page=2`);
    const p3 = await sim.ok<MosmsPage>(`/rest/mosms?from=${day()}&to=${day()}&per_page=2&page=3`);
    const p4 = await sim.ok<MosmsPage>(`/rest/mosms?from=${day()}&to=${day()}&per_page=2&page=4`);
    expect([p1.results, p1.pages, p1.messages.map((m) => m.message)]).toEqual([5, 3, ['m0', 'm1']]);
    expect(p3.messages.map((m) => m.message)).toEqual(['m4']);
    expect(p4.messages).toEqual([]);
    expect((await sim.ok<MosmsPage>(`/rest/mosms?from=${day()}&to=${day()}&per_page=200`)).per_page).toBe(200);
  });

  it('selects whole UTC days from..to', async () => {
    await inbound({ msisdn: 4512345671, receiver: 1204, message: 'today' });
    await sim.control('POST', '/_sim/clock', { advance_seconds: 86_400 });
    await inbound({ msisdn: 4512345671, receiver: 1204, message: 'tomorrow' });
    const only = (from: string, to: string) => sim.ok<MosmsPage>(`/rest/mosms?from=${from}&to=${to}`).then((p) => p.messages.map((m) => m.message));
    expect(await only(day(-1), day(-1))).toEqual(['today']);
    expect(await only(day(0), day(0))).toEqual(['tomorrow']);
    expect(await only(day(-1), day(0))).toEqual(['today', 'tomorrow']);
  });

  it.each([
    ['missing from', `to=2026-01-01`],
    ['missing to', `from=2026-01-01`],
    ['a bad date', `from=2026-1-1&to=2026-01-02`],
    ['per_page 201', `from=2026-01-01&to=2026-01-02&per_page=201`],
    ['per_page 0', `from=2026-01-01&to=2026-01-02&per_page=0`],
    ['page 0', `from=2026-01-01&to=2026-01-02&page=0`],
    ['to before from', `from=2026-01-02&to=2026-01-01`],
  ])('answers %s with 400', async (_, q) => {
    const res = await sim.call(`/rest/mosms?${q}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^0x/) });
  });
});
