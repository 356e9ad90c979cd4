// Delivery on the simulated clock: the number rules, RCS, credit and sender refusals, and signed messaging webhooks.
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outcomeForNumber, timeline, actualAt, reportedAt } from '../../../src-sim/delivery';
import { startReceiver, startSim, type Receiver, type Sim } from './helpers';

let sim: Sim;
let receiver: Receiver;
const SECRET = 'messaging-secret';

// A fresh receiver per test, so calls a closed simulator had in flight cannot leak into the next test.
beforeEach(async () => {
  receiver = await startReceiver();
  sim = await startSim();
  await sim.control('PUT', '/_sim/webhooks', { messaging: { url: receiver.url + '/hook', secret: SECRET } });
});
afterEach(async () => {
  await sim.close();
  await receiver.close();
});

async function send(recipient: number, extra: Record<string, unknown> = {}) {
  const res = await sim.ok<{ msg_id: string }>(
    '/mobile/single',
    { method: 'POST', json: { sender: 'Shop', recipient, message: 'Hi', ...extra } },
    202,
  );
  return res.msg_id;
}

async function statusOf(id: string) {
  return (await sim.ledger()).find((e) => e.id === id)!.status;
}

describe('the number rule (pure)', () => {
  it.each([
    [4512345671, 'delivered'],
    [4512345670, 'undeliverable'],
    [4512345691, 'expired'],
    [4512345692, 'rejected'],
    [4512345693, 'enroute_until_expiry'],
    [4512345694, 'unknown'],
    [4512345695, 'out_of_order'],
    [4512345696, 'buffered'],
    [4512345697, 'accepted'],
    [4512345698, 'deleted'],
    [4512345699, 'skipped'],
    [4512345677, 'rcs'],
    [4512345690, 'undeliverable'],
  ])('%d → %s on the messaging interface', (n, outcome) => {
    expect(outcomeForNumber(n, 'messaging')).toBe(outcome);
  });

  it('gives no RCS on the legacy interface', () => {
    expect(outcomeForNumber(4512345677, 'legacy')).toBe('delivered');
  });

  it('never lets a late transient report win the actual status, while storage shows the late one', () => {
    const reports = timeline({ outcome: 'out_of_order', iface: 'legacy', createdAt: 0, sendAt: 0, expiresAt: 1e9 });
    expect(reportedAt(reports, 10_000)?.status).toBe('ENROUTE');
    expect(actualAt(reports, 10_000)?.status).toBe('DELIVERED');
  });
});

describe('messaging delivery over HTTP', () => {
  it.each([
    [4512345671, 'DELIVERED'],
    [4512345670, 'UNDELIVERABLE'],
    [4512345691, 'EXPIRED'],
    [4512345692, 'REJECTED'],
    [4512345694, 'UNKNOWN'],
    [4512345697, 'ACCEPTED'],
    [4512345698, 'DELETED'],
    [4512345699, 'REJECTED'],
    [4512345677, 'READ'],
  ])('%d ends %s a few simulated seconds after sending', async (n, final) => {
    const id = await send(n);
    expect(await statusOf(id)).toBe('ACCEPTED');
    await sim.control('POST', '/_sim/clock', { advance_seconds: 10 });
    expect(await statusOf(id)).toBe(final);
  });

  it('keeps a number ending 93 ENROUTE until its expiration, then EXPIRED', async () => {
    const id = await send(4512345693, { expiration: 'PT1H' });
    await sim.control('POST', '/_sim/clock', { advance_seconds: 3599 });
    expect(await statusOf(id)).toBe('ENROUTE');
    await sim.control('POST', '/_sim/clock', { advance_seconds: 2 });
    expect(await statusOf(id)).toBe('EXPIRED');
  });

  it('expires a message whose expiration comes before its delivery', async () => {
    const id = await send(4512345671, { expiration: 2 });
    await sim.control('POST', '/_sim/clock', { advance_seconds: 10 });
    expect(await statusOf(id)).toBe('EXPIRED');
  });

  it('sends ENROUTE then DELIVERED events, signed with v1=<hex HMAC-SHA-256 of the raw body>', async () => {
    const id = await send(4512345671, { reference: 'ref-1' });
    await sim.control('POST', '/_sim/clock', { advance_seconds: 10 });
    const calls = await receiver.waitFor(2);
    for (const c of calls) {
      const expected = 'v1=' + createHmac('sha256', SECRET).update(c.raw).digest('hex');
      expect(c.headers['signature']).toBe(expected);
      expect(c.json).toMatchObject({ event_type: 'message.status.sms', event_id: expect.any(String), timestamp: expect.any(String) });
    }
    const events = calls.map((c) => c.json['event'] as Record<string, unknown>);
    expect(events.map((e) => e['status'])).toEqual(['ENROUTE', 'DELIVERED']);
    expect(events[1]).toMatchObject({ msg_id: id, recipient: 4512345671, reference: 'ref-1', error: null });
    expect(Date.parse(events[1]!['status_at'] as string)).toBeGreaterThan(0);
  });

  it('sends no Signature header when the webhook has no secret', async () => {
    await sim.control('PUT', '/_sim/webhooks', { messaging: { url: receiver.url + '/plain' } });
    await send(4512345671);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 2 });
    const [c] = await receiver.waitFor(1);
    expect(c!.headers['signature']).toBeUndefined();
  });

  it('reports RCS-capable numbers (ending 77) with message.status.rcs events up to READ', async () => {
    await send(4512345677);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 10 });
    const calls = await receiver.waitFor(3);
    expect(calls.map((c) => c.json['event_type'])).toEqual(['message.status.rcs', 'message.status.rcs', 'message.status.rcs']);
    expect(calls.map((c) => (c.json['event'] as { status: string }).status)).toEqual(['ENROUTE', 'DELIVERED', 'READ']);
    expect((await sim.ledger())[0]!.channel).toBe('rcs');
  });

  it('delivers statuses of numbers ending 95 out of order: DELIVERED first, then the older ENROUTE', async () => {
    const id = await send(4512345695);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 10 });
    const calls = await receiver.waitFor(2);
    const events = calls.map((c) => c.json['event'] as { status: string; status_at: string });
    expect(events.map((e) => e.status)).toEqual(['DELIVERED', 'ENROUTE']);
    expect(Date.parse(events[1]!.status_at)).toBeLessThan(Date.parse(events[0]!.status_at));
    expect(await statusOf(id)).toBe('DELIVERED');
  });

  it('rejects with 0x1092 when the credit does not cover a message, and charges nothing for it', async () => {
    await sim.control('PUT', '/_sim/account', { credit: 0.2, currency: 'DKK' });
    const ids = [];
    for (const n of [4512345671, 4512345672]) ids.push(await send(n));
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    const ledger = await sim.ledger();
    expect(ledger.map((e) => e.status)).toEqual(['DELIVERED', 'REJECTED']);
    expect(ledger.map((e) => e.cost)).toEqual([0.13, 0]);
    await receiver.waitFor(3);
    const rejected = receiver.received.map((c) => c.json['event'] as { status: string; error: { hex_code: string } | null; msg_id: string }).find((e) => e.status === 'REJECTED');
    expect(rejected).toMatchObject({ msg_id: ids[1], error: { hex_code: '0x1092', details: expect.any(String) } });
    const me = await sim.ok<{ credit: string }>('/rest/me');
    expect(me.credit).toBe('0.07');
  });

  it.each([
    ['an alphanumeric sender longer than 11 characters', 'TwelveChars1', 4512345671],
    ['a numeric sender longer than 15 digits', '1234567890123456', 4512345671],
    ['an alphanumeric sender to the United States', 'Shop', 12025550171],
  ])('rejects %s with 0x1905', async (_, sender, recipient) => {
    await send(recipient, { sender });
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    const [entry] = await sim.ledger();
    expect(entry!.status).toBe('REJECTED');
    expect(entry!.cost).toBe(0);
    const calls = await receiver.waitFor(1);
    expect(calls[0]!.json['event']).toMatchObject({ status: 'REJECTED', error: { hex_code: '0x1905' } });
  });

  it('accepts a numeric sender to the United States', async () => {
    await send(12025550171, { sender: '4512345678' });
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    expect((await sim.ledger())[0]!.status).toBe('DELIVERED');
  });

  it('records encoding and parts from the shared segment module and prices parts by country', async () => {
    await send(4512345671, { message: 'a'.repeat(161) });
    await send(4612345671, { message: 'Hej 😀' });
    const [gsm, ucs] = await sim.ledger();
    expect(gsm).toMatchObject({ encoding: 'GSM-7', parts: 2, cost: 0.26, country: 'DK' });
    expect(ucs).toMatchObject({ encoding: 'UCS-2', parts: 1, cost: 0.29, country: 'SE' });
  });

  it('retries a webhook the receiver refuses, with backoff on the simulated clock', async () => {
    let n = 0;
    receiver.answer = () => (++n <= 2 ? 500 : 200);
    await send(4512345692); // one REJECTED event only
    await sim.control('POST', '/_sim/clock', { advance_seconds: 1 });
    await receiver.waitFor(1);
    await waitForDeliveryState(sim, 'pending');
    await sim.control('POST', '/_sim/clock', { advance_seconds: 10 });
    await receiver.waitFor(2);
    await waitForDeliveryState(sim, 'pending');
    await sim.control('POST', '/_sim/clock', { advance_seconds: 20 });
    await receiver.waitFor(3);
    const d = await waitForDeliveryState(sim, 'delivered');
    expect(d.attempts).toBe(3);
    // Every attempt carries the same event.
    expect(new Set(receiver.received.map((c) => c.raw)).size).toBe(1);
  });

  it('gives up on a webhook after about 24 hours of simulated time', async () => {
    receiver.answer = () => 503;
    await send(4512345692);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 1 });
    for (let i = 0; i < 40; i++) {
      await waitForIdle(sim);
      await sim.control('POST', '/_sim/clock', { advance_seconds: 3600 });
    }
    const d = await waitForDeliveryState(sim, 'failed');
    expect(d.attempts).toBeGreaterThan(10);
    expect(d.attempts).toBeLessThan(60);
  });

  it('counts a receiver that does not answer within the time-out as a failure', async () => {
    const quick = await startSim({ webhookTimeoutMs: 200 });
    try {
      receiver.answer = () => 'hang';
      await quick.control('PUT', '/_sim/webhooks', { messaging: { url: receiver.url + '/slow', secret: null } });
      await quick.ok('/mobile/single', { method: 'POST', json: { sender: 'Shop', recipient: 4512345692, message: 'x' } }, 202);
      await quick.control('POST', '/_sim/clock', { advance_seconds: 1 });
      const d = await waitForDeliveryState(quick, 'pending', (x) => x.attempts === 1 && x.last_error !== null);
      expect(d.last_error).toMatch(/time-out/);
    } finally {
      await quick.close();
    }
  });
});

interface Delivery {
  state: string;
  in_flight: boolean;
  attempts: number;
  last_error: string | null;
}

async function deliveries(s: Sim): Promise<Delivery[]> {
  return (await s.control<{ deliveries: Delivery[] }>('GET', '/_sim/deliveries')).deliveries;
}

/** Waits until the latest delivery has had an attempt, none is under way, and it is in `state`. */
async function waitForDeliveryState(s: Sim, state: string, extra: (d: Delivery) => boolean = () => true): Promise<Delivery> {
  for (let i = 0; i < 250; i++) {
    const list = await deliveries(s);
    const d = list[list.length - 1];
    if (d && d.state === state && d.attempts > 0 && !d.in_flight && extra(d)) return d;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no delivery reached ${state}`);
}

async function waitForIdle(s: Sim): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if ((await deliveries(s)).every((d) => !d.in_flight)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
