// The messaging interface over real HTTP: auth, every field rule, batches, 422 bodies and 202 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValid } from 'ulid';
import { startSim, TOKEN, type Sim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());

const good = { sender: 'Shop', recipient: 4512345678, message: 'Hello' };

interface Detail {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
}

async function single(body: unknown) {
  const res = await sim.call('/mobile/single', { method: 'POST', json: body });
  return { status: res.status, body: (await res.json()) as { detail: Detail[] } & Record<string, unknown> };
}

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Token nope' }],
    ['HTTP Basic with the right token', { authorization: 'Basic ' + Buffer.from(`${TOKEN}:`).toString('base64') }],
    ['Bearer with the right token', { authorization: `Bearer ${TOKEN}` }],
  ])('answers 403 to %s', async (_, headers) => {
    const res = await sim.call('/mobile/single', { method: 'POST', auth: false, headers, json: good });
    expect(res.status).toBe(403);
  });

  it('accepts Authorization: Token <t>', async () => {
    const res = await sim.call('/mobile/single', { method: 'POST', json: good });
    expect(res.status).toBe(202);
  });

  it('does not accept a token= query parameter', async () => {
    const res = await sim.call(`/mobile/single?token=${TOKEN}`, { method: 'POST', auth: false, json: good });
    expect(res.status).toBe(403);
  });
});

describe('POST /mobile/single', () => {
  it('answers 202 with a 26-character ULID, the recipient and the reference (null when none)', async () => {
    const a = await single(good);
    expect(a.status).toBe(202);
    expect(typeof a.body['msg_id']).toBe('string');
    expect((a.body['msg_id'] as string).length).toBe(26);
    expect(isValid(a.body['msg_id'] as string)).toBe(true);
    expect(a.body).toMatchObject({ recipient: 4512345678, reference: null });
    const b = await single({ ...good, reference: 'order-17' });
    expect(b.body['reference']).toBe('order-17');
  });

  it.each<[string, Record<string, unknown>, (string | number)[], string]>([
    ['missing sender', { recipient: 4512345678, message: 'x' }, ['body', 'sender'], 'missing'],
    ['sender of 2 characters', { ...good, sender: 'ab' }, ['body', 'sender'], 'string_too_short'],
    ['sender of 19 characters', { ...good, sender: 'a'.repeat(19) }, ['body', 'sender'], 'string_too_long'],
    ['sender not a string', { ...good, sender: 1234 }, ['body', 'sender'], 'string_type'],
    ['missing recipient', { sender: 'Shop', message: 'x' }, ['body', 'recipient'], 'missing'],
    ['recipient 1000', { ...good, recipient: 1000 }, ['body', 'recipient'], 'greater_than'],
    ['recipient above 15 digits', { ...good, recipient: 1_000_000_000_000_000 }, ['body', 'recipient'], 'less_than_equal'],
    ['recipient as a string', { ...good, recipient: '4512345678' }, ['body', 'recipient'], 'int_type'],
    ['recipient with a fraction', { ...good, recipient: 4512345678.5 }, ['body', 'recipient'], 'int_from_float'],
    ['missing message', { sender: 'Shop', recipient: 4512345678 }, ['body', 'message'], 'missing'],
    ['message of 39016 characters', { ...good, message: 'a'.repeat(39016) }, ['body', 'message'], 'string_too_long'],
    ['label of 129 characters', { ...good, label: 'l'.repeat(129) }, ['body', 'label'], 'string_too_long'],
    ['priority high', { ...good, priority: 'high' }, ['body', 'priority'], 'literal_error'],
    ['reference not a string', { ...good, reference: 5 }, ['body', 'reference'], 'string_type'],
    ['expiration P6D', { ...good, expiration: 'P6D' }, ['body', 'expiration'], 'value_error'],
    ['expiration 432001 s as a timestamp in 1970', { ...good, expiration: 432001 }, ['body', 'expiration'], 'value_error'],
    ['expiration garbage', { ...good, expiration: 'tomorrow' }, ['body', 'expiration'], 'value_error'],
    ['expiration 0', { ...good, expiration: 0 }, ['body', 'expiration'], 'value_error'],
  ])('422 for %s', async (_, body, loc, type) => {
    const r = await single(body);
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type, msg: expect.any(String) })]));
  });

  it.each<[string, Record<string, unknown>]>([
    ['sender of 3 characters', { ...good, sender: 'abc' }],
    ['sender of 18 characters', { ...good, sender: 'a'.repeat(18) }],
    ['recipient 1001', { ...good, recipient: 1001 }],
    ['recipient 999999999999999', { ...good, recipient: 999_999_999_999_999 }],
    ['message of exactly 39015 characters', { ...good, message: 'a'.repeat(39015) }],
    ['39015 emoji (code points, not UTF-16 units)', { ...good, message: '😀'.repeat(39015) }],
    ['label of 128 characters and null reference', { ...good, label: 'l'.repeat(128), reference: null }],
    ['null label', { ...good, label: null }],
    ['priority urgent', { ...good, priority: 'urgent' }],
    ['priority normal', { ...good, priority: 'normal' }],
    ['ISO duration PT1H', { ...good, expiration: 'PT1H' }],
    ['ISO duration PT10M', { ...good, expiration: 'PT10M' }],
    ['ISO duration P1D', { ...good, expiration: 'P1D' }],
    ['ISO duration P5D (the maximum)', { ...good, expiration: 'P5D' }],
    ['seconds offset 3600', { ...good, expiration: 3600 }],
    ['seconds offset 432000', { ...good, expiration: 432000 }],
    ['extra unknown fields', { ...good, colour: 'blue' }],
  ])('202 for %s', async (_, body) => {
    const r = await single(body);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
  });

  it('accepts absolute date-times in every documented form and Unix timestamps', async () => {
    const now = sim.clock.now();
    const inOneDay = new Date(now + 86_400_000);
    const iso = inOneDay.toISOString(); // 2026-01-02T03:04:05.678Z
    const noFraction = iso.slice(0, 19);
    const forms = [
      iso,
      noFraction + 'Z',
      noFraction.replace('T', ' ') + 'Z',
      noFraction + '.123456Z',
      noFraction, // no offset: UTC
      shifted(inOneDay, 120, true),
      shifted(inOneDay, -300, false),
      Math.floor((now + 86_400_000) / 1000),
    ];
    for (const expiration of forms) {
      const r = await single({ ...good, expiration });
      expect(r.status, `${String(expiration)}: ${JSON.stringify(r.body)}`).toBe(202);
    }
    const past = await single({ ...good, expiration: new Date(now - 60_000).toISOString() });
    expect(past.status).toBe(422);
    const tooFar = await single({ ...good, expiration: new Date(now + 6 * 86_400_000).toISOString() });
    expect(tooFar.status).toBe(422);
    const badDate = await single({ ...good, expiration: '2026-02-30T10:00:00Z' });
    expect(badDate.status).toBe(422);
  });

  it('answers malformed JSON with a 422 json_invalid item', async () => {
    const res = await sim.call('/mobile/single', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"sender": "Shop",' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: Detail[] };
    expect(body.detail[0]).toMatchObject({ type: 'json_invalid' });
    expect(body.detail[0]!.loc[0]).toBe('body');
  });

  it('accepts JSON only: form data is a 422', async () => {
    const res = await sim.call('/mobile/single', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'sender=Shop&recipient=4512345678&message=hi',
    });
    expect(res.status).toBe(422);
  });

  it('answers an empty body and a non-object body with 422', async () => {
    expect((await sim.call('/mobile/single', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(422);
    expect((await single([good])).status).toBe(422);
  });
});

describe('POST /mobile/multi', () => {
  it('answers 202 with one response per message, in order', async () => {
    const messages = [1, 2, 3].map((i) => ({ ...good, recipient: 4512345670 + i, reference: `r${i}` }));
    const res = await sim.call('/mobile/multi', { method: 'POST', json: { messages } });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { responses: { msg_id: string; recipient: number; reference: string }[] };
    expect(body.responses.map((r) => [r.recipient, r.reference])).toEqual(messages.map((m) => [m.recipient, m.reference]));
    expect(new Set(body.responses.map((r) => r.msg_id)).size).toBe(3);
  });

  it('accepts 1000 messages and refuses 0 and 1001', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...good, recipient: 4520000000 + i }));
    expect((await sim.call('/mobile/multi', { method: 'POST', json: { messages: many(1000) } })).status).toBe(202);
    for (const n of [0, 1001]) {
      const res = await sim.call('/mobile/multi', { method: 'POST', json: { messages: many(n) } });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: Detail[] };
      expect(body.detail[0]).toMatchObject({ loc: ['body', 'messages'], type: n === 0 ? 'too_short' : 'too_long' });
    }
  });

  it('fails the whole batch when one message is invalid, naming its index', async () => {
    const before = (await sim.ledger()).length;
    const messages = [good, good, good, { ...good, recipient: 'x' }];
    const res = await sim.call('/mobile/multi', { method: 'POST', json: { messages } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: Detail[] };
    expect(body.detail).toEqual([expect.objectContaining({ loc: ['body', 'messages', 3, 'recipient'] })]);
    expect((await sim.ledger()).length).toBe(before);
  });

  it('answers missing messages and a non-list with 422', async () => {
    for (const json of [{}, { messages: 'x' }, { messages: [1] }]) {
      const res = await sim.call('/mobile/multi', { method: 'POST', json });
      expect(res.status).toBe(422);
    }
  });
});

/** An ISO date-time with the given UTC offset in minutes, with or without the colon. */
function shifted(d: Date, offsetMin: number, colon: boolean): string {
  const local = new Date(d.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}${colon ? ':' : ''}${mm}`;
}
