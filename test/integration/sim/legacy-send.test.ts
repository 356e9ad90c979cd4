// Legacy sending over HTTP: auth schemes, the three input forms, every field rule and limit, and the send response.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSim, TOKEN, type Sim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  await sim.control('POST', '/_sim/reset');
});

interface SendResponse {
  ids: number[];
  usage: { countries: Record<string, number>; currency: string; total_cost: number };
  details?: { messages: { id: number; recipients: { country: string; msisdn: number; parts: number }[] }[] };
}

interface LegacyErrorBody {
  code: string;
  incident_uuid: string;
  message: string;
  variables?: string[];
}

const msg = (extra: Record<string, unknown> = {}) => ({ message: 'Hello', sender: 'Shop', recipients: [{ msisdn: 4512345671 }], ...extra });

async function post(json: unknown) {
  const res = await sim.call('/rest/mtsms', { method: 'POST', json });
  return { status: res.status, body: (await res.json()) as SendResponse & LegacyErrorBody };
}

async function refused(json: unknown, status = 400): Promise<LegacyErrorBody> {
  const r = await post(json);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toMatch(/^0x[0-9A-F]{4}$/);
  expect(r.body.incident_uuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(r.body.message).toEqual(expect.any(String));
  return r.body;
}

describe('authentication', () => {
  const basic = (user: string, pass = '') => 'Basic ' + Buffer.from(`${user}:${pass}`).toString('base64');

  it.each([
    ['Token header', { headers: { authorization: `Token ${TOKEN}` } }, ''],
    ['HTTP Basic with the token as user name', { headers: { authorization: basic(TOKEN) } }, ''],
    ['token= query parameter', {}, `?token=${TOKEN}`],
  ])('accepts the %s', async (_, init, query) => {
    const res = await sim.call('/rest/mtsms' + query, { method: 'POST', auth: false, ...init, json: msg() });
    expect(res.status).toBe(200);
  });

  it('accepts a token= form parameter', async () => {
    const res = await sim.call('/rest/mtsms', {
      method: 'POST',
      auth: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${TOKEN}&message=Hi&recipients.0.msisdn=4512345671`,
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['no credentials', {}],
    ['a wrong token', { authorization: 'Token wrong' }],
    ['Basic with a wrong user', { authorization: basic('wrong') }],
  ])('answers 403 with an error body to %s', async (_, headers) => {
    const res = await sim.call('/rest/mtsms', { method: 'POST', auth: false, headers, json: msg() });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: '0x0101', incident_uuid: expect.any(String) });
  });

  it('answers 401 on GET /rest/me for an invalid key', async () => {
    expect((await sim.call('/rest/me', { auth: 'wrong' })).status).toBe(401);
    expect((await sim.call('/rest/me', { auth: false })).status).toBe(401);
    expect((await sim.call('/rest/me')).status).toBe(200);
  });
});

describe('input forms', () => {
  it('takes form data with dotted keys, tags and tag values', async () => {
    const form = new URLSearchParams({
      message: 'Hi %name%, code %code%',
      sender: 'Shop',
      'tags.0': '%name%',
      'tags.1': '%code%',
      'recipients.0.msisdn': '4512345671',
      'recipients.0.tagvalues.0': 'Anna',
      'recipients.0.tagvalues.1': 'A1',
      'recipients.1.msisdn': '+4512345672',
      'recipients.1.tagvalues.0': 'Bo',
      'recipients.1.tagvalues.1': 'B2',
    });
    const res = await sim.call('/rest/mtsms', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(res.status).toBe(200);
    const ledger = await sim.ledger();
    expect(ledger.map((e) => [e.recipient, e.text])).toEqual([
      [4512345671, 'Hi Anna, code A1'],
      [4512345672, 'Hi Bo, code B2'],
    ]);
  });

  it('takes multipart form data', async () => {
    const fd = new FormData();
    fd.set('message', 'Multipart');
    fd.set('recipients.0.msisdn', '4512345671');
    const res = await sim.call('/rest/mtsms', { method: 'POST', body: fd });
    expect(res.status).toBe(200);
    expect((await sim.ledger())[0]!.text).toBe('Multipart');
  });

  it('takes the fields as a query string, on GET and on POST', async () => {
    const q = `message=Query&recipients.0.msisdn=4512345671&token=${TOKEN}`;
    expect((await sim.call(`/rest/mtsms?${q}`, { auth: false })).status).toBe(200);
    expect((await sim.call(`/rest/mtsms?${q}`, { method: 'POST', auth: false })).status).toBe(200);
    expect((await sim.ledger()).map((e) => e.text)).toEqual(['Query', 'Query']);
  });

  it('takes a list of messages and msisdn as number or string', async () => {
    const r = await post([msg({ recipients: [{ msisdn: '4512345671' }] }), msg({ message: 'Second', recipients: [{ msisdn: 4612345671 }] })]);
    expect(r.status).toBe(200);
    expect(r.body.ids).toHaveLength(2);
    expect(r.body.ids[1]).toBeGreaterThan(r.body.ids[0]!);
  });

  it('answers malformed JSON and unknown content types with errors, not 500', async () => {
    const bad = await sim.call('/rest/mtsms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message": ' });
    expect(bad.status).toBe(400);
    const xml = await sim.call('/rest/mtsms', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<sms/>' });
    expect(xml.status).toBe(415);
  });
});

describe('send response', () => {
  it('answers 200 with ids, usage by country, currency and total cost', async () => {
    const r = await post(msg({ recipients: [{ msisdn: 4512345671 }, { msisdn: 4512345672 }, { msisdn: 4612345671 }] }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ids: [expect.any(Number)], usage: { countries: { DK: 2, SE: 1 }, currency: 'DKK', total_cost: 0.55 } });
  });

  it('adds per-recipient parts with extra_details=recipients_usage', async () => {
    const r = await post(msg({ message: 'x'.repeat(200), extra_details: 'recipients_usage' }));
    expect(r.body.details).toEqual({ messages: [{ id: r.body.ids[0], recipients: [{ country: 'DK', msisdn: 4512345671, parts: 2 }] }] });
  });

  it('takes the cost from the credit and refuses a request the credit does not cover with 402 0x1092', async () => {
    await sim.control('PUT', '/_sim/account', { credit: 0.3, currency: 'DKK' });
    await post(msg());
    expect((await sim.ok<{ credit: string }>('/rest/me')).credit).toBe('0.17');
    const body = await refused(msg({ recipients: [{ msisdn: 4512345671 }, { msisdn: 4512345672 }] }), 402);
    expect(body.code).toBe('0x1092');
    expect(body.message).toContain('%1');
    expect(body.variables).toEqual(['0.26', 'DKK', '0.17']);
    expect((await sim.ledger()).length).toBe(1);
  });

  it('prices in EUR for a EUR account', async () => {
    await sim.control('PUT', '/_sim/account', { credit: 10, currency: 'EUR' });
    const r = await post(msg());
    expect(r.body.usage).toMatchObject({ currency: 'EUR', total_cost: 0.0174 });
  });
});

describe('field rules', () => {
  it.each<[string, unknown, string]>([
    ['missing recipients', { message: 'x' }, '0x0202'],
    ['empty recipients', msg({ recipients: [] }), '0x0201'],
    ['missing message and payload', { recipients: [{ msisdn: 4512345671 }] }, '0x0202'],
    ['message and payload together', msg({ payload: 'AAAA' }), '0x020A'],
    ['an invalid msisdn', msg({ recipients: [{ msisdn: 'abc' }] }), '0x0201'],
    ['a duplicate msisdn in one message', msg({ recipients: [{ msisdn: 4512345671 }, { msisdn: '4512345671' }] }), '0x0206'],
    ['a 12-character alphanumeric sender', msg({ sender: 'TwelveChars1' }), '0x0201'],
    ['a 16-digit sender', msg({ sender: '1234567890123456' }), '0x0201'],
    ['an unknown class', msg({ class: 'gold' }), '0x0201'],
    ['different classes in one request', [msg(), msg({ class: 'premium' })], '0x0207'],
    ['different labels in one request', [msg({ label: 'a' }), msg({ label: 'b' })], '0x0208'],
    ['a label on only one message', [msg({ label: 'a' }), msg()], '0x0208'],
    ['an unknown priority', msg({ priority: 'FAST' }), '0x0201'],
    ['an unknown encoding', msg({ encoding: 'LATIN1' }), '0x0201'],
    ['an unknown destaddr', msg({ destaddr: 'PHONE' }), '0x0201'],
    ['a sendtime that is not an integer', msg({ sendtime: 'soon' }), '0x0201'],
    ['a validity_period that is not an integer', msg({ validity_period: 1.5 }), '0x0201'],
    ['max_parts 0', msg({ max_parts: 0 }), '0x0201'],
    ['max_parts 256', msg({ max_parts: 256 }), '0x0201'],
    ['max_parts with tags', msg({ max_parts: 2, tags: ['%n%'], recipients: [{ msisdn: 4512345671, tagvalues: ['A'] }] }), '0x020A'],
    ['max_parts with a payload', { payload: 'AAAA', max_parts: 1, recipients: [{ msisdn: 4512345671 }] }, '0x020A'],
    ['tags with a payload', { payload: 'AAAA', tags: ['%n%'], recipients: [{ msisdn: 4512345671, tagvalues: ['A'] }] }, '0x020A'],
    ['fewer tagvalues than tags', msg({ tags: ['%a%', '%b%'], recipients: [{ msisdn: 4512345671, tagvalues: ['A'] }] }), '0x0209'],
    ['tagvalues without tags', msg({ recipients: [{ msisdn: 4512345671, tagvalues: ['A'] }] }), '0x0209'],
    ['tags without tagvalues', msg({ tags: ['%a%'] }), '0x0209'],
    ['a payload that is not base64', { payload: 'not base64!', recipients: [{ msisdn: 4512345671 }] }, '0x0201'],
    ['udh without a payload', msg({ udh: 'BQADAAIB' }), '0x020A'],
    ['an unknown extra_details', msg({ extra_details: 'everything' }), '0x0201'],
    ['a callback_url that is not a URL', msg({ callback_url: 'here' }), '0x0201'],
    ['a charge object outside class charge', msg({ recipients: [{ msisdn: 4512345671, charge: {} }] }), '0x020A'],
    ['a message that is not an object', [5], '0x0201'],
  ])('refuses %s', async (_, json, code) => {
    const body = await refused(json);
    expect(body.code).toBe(code);
  });

  it('allows 10000 recipients in one message and refuses 10001', async () => {
    await sim.control('PUT', '/_sim/account', { credit: 100_000 });
    const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ msisdn: 4520000001 + i }));
    expect((await post(msg({ recipients: recipients(10_000) }))).status).toBe(200);
    const body = await refused(msg({ recipients: recipients(10_001) }));
    expect(body.code).toBe('0x0204');
    expect(body.variables).toEqual(['0', '10001', '10000']);
  });

  it('refuses more than 10000 recipients or more than 1000 messages in one request', async () => {
    const eleven = Array.from({ length: 11 }, (_, j) => msg({ recipients: Array.from({ length: 1000 }, (_, i) => ({ msisdn: 4520000001 + j * 1000 + i })) }));
    expect((await refused(eleven)).code).toBe('0x0205');
    const many = Array.from({ length: 1001 }, (_, i) => msg({ recipients: [{ msisdn: 4520000001 + i }] }));
    expect((await refused(many)).code).toBe('0x0205');
    const thousand = many.slice(0, 1000);
    expect((await post(thousand)).status).toBe(200);
  });

  it('raises validity_period below 60 to 60 and lowers one above 5 days to 5 days', async () => {
    const short = await post(msg({ validity_period: 5, sendtime: Math.floor(sim.clock.now() / 1000) - 10 }));
    const long = await post(msg({ validity_period: 999_999 }));
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    const [a] = await sim.ok<{ validity_period: number }[]>(`/rest/mtsms/${short.body.ids[0]}`);
    const [b] = await sim.ok<{ validity_period: number }[]>(`/rest/mtsms/${long.body.ids[0]}`);
    expect(a!.validity_period).toBe(60);
    expect(b!.validity_period).toBe(432_000);
  });

  it('sends text with characters outside GSM-7 as GSM-7 with "?" unless encoding is UCS2', async () => {
    await post(msg({ message: 'Smile 😀 “quoted”' }));
    await post(msg({ message: 'Smile 😀 “quoted”', encoding: 'UCS2' }));
    const [plain, ucs2] = await sim.ledger();
    expect(plain).toMatchObject({ text: 'Smile ? ?quoted?', encoding: 'GSM-7', parts: 1 });
    expect(ucs2).toMatchObject({ text: 'Smile 😀 “quoted”', encoding: 'UCS-2', parts: 1 });
  });

  it('caps parts (and cost) at max_parts and drops the rest of the text', async () => {
    const text = 'a'.repeat(153 * 3);
    const r = await post(msg({ message: text, max_parts: 2 }));
    expect(r.body.usage.total_cost).toBe(0.26);
    const [e] = await sim.ledger();
    expect(e).toMatchObject({ parts: 2, text: 'a'.repeat(306) });
  });

  it('counts binary SMS by payload bytes', async () => {
    const payload = Buffer.alloc(200, 1).toString('base64');
    await post({ payload, udh: Buffer.from([5, 0, 3, 1, 2, 1]).toString('base64'), recipients: [{ msisdn: 4512345671 }] });
    const [e] = await sim.ledger();
    expect(e).toMatchObject({ encoding: 'binary', parts: 2, text: payload });
  });

  it('substitutes every occurrence of each tag once, literally', async () => {
    await post(msg({ message: '%a% and %a% and %b%', tags: ['%a%', '%b%'], recipients: [{ msisdn: 4512345671, tagvalues: ['%b%', '$1'] }] }));
    expect((await sim.ledger())[0]!.text).toBe('%b% and %b% and $1');
  });

  it('refuses classes the account lacks with 403 and a clear message', async () => {
    await sim.control('PUT', '/_sim/account', { features: { premium: false } });
    const body = await refused(msg({ class: 'premium' }), 403);
    expect(body.code).toBe('0x0102');
    expect(body.variables?.[0]).toMatch(/premium/);
    await sim.control('PUT', '/_sim/account', { features: { premium: true } });
    expect((await post(msg({ class: 'premium' }))).body.usage.total_cost).toBe(0.19);
  });

  it('prices secret like premium and blurs its content in storage, not in the ledger', async () => {
    const r = await post(msg({ class: 'secret', message: 'PIN 1234' }));
    expect(r.body.usage.total_cost).toBe(0.19);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    const [stored] = await sim.ok<{ message: string }[]>(`/rest/mtsms/${r.body.ids[0]}`);
    expect(stored!.message).toBe('*** ****');
    expect((await sim.ledger())[0]!.text).toBe('PIN 1234');
  });

  it('rejects an alphanumeric sender to the United States per recipient with 0x1905, uncharged', async () => {
    const r = await post(msg({ recipients: [{ msisdn: 12025550171 }, { msisdn: 4512345671 }] }));
    expect(r.body.usage.total_cost).toBe(0.13);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    const [stored] = await sim.ok<{ recipients: { msisdn: string; dsnstatus: string; dsnerrorcode: string | null }[] }[]>(`/rest/mtsms/${r.body.ids[0]}`);
    expect(stored!.recipients.map((x) => [x.msisdn, x.dsnstatus, x.dsnerrorcode])).toEqual([
      ['12025550171', 'REJECTED', '0x1905'],
      ['4512345671', 'DELIVERED', null],
    ]);
  });
});

describe('overcharged (class charge) messages', () => {
  const charge = { amount: 10, currency: 'DKK', code: 'P01', description: 'Vote', category: 'SC00' };
  const charged = (extra: Record<string, unknown> = {}) => ({
    class: 'charge',
    message: 'Thanks for your vote',
    sender: '1204',
    recipients: [{ msisdn: 4512345671, charge }],
    ...extra,
  });

  it('accepts one Danish recipient from the shared short code', async () => {
    expect((await post(charged())).status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['two recipients', { recipients: [{ msisdn: 4512345671, charge }, { msisdn: 4512345672, charge }] }, '0x020B'],
    ['a Swedish recipient', { recipients: [{ msisdn: 4612345671, charge }] }, '0x020B'],
    ['another sender', { sender: 'Shop' }, '0x020B'],
    ['a recipient without charge', { recipients: [{ msisdn: 4512345671 }] }, '0x0202'],
    ['a bad product code', { recipients: [{ msisdn: 4512345671, charge: { ...charge, code: 'P11' } }] }, '0x0201'],
    ['a bad category', { recipients: [{ msisdn: 4512345671, charge: { ...charge, category: 'SC35' } }] }, '0x0201'],
    ['a charge without currency', { recipients: [{ msisdn: 4512345671, charge: { ...charge, currency: undefined } }] }, '0x0202'],
  ])('refuses %s', async (_, extra, code) => {
    expect((await refused(charged(extra))).code).toBe(code);
  });

  it('is refused with 403 on an account without the charge feature', async () => {
    await sim.control('PUT', '/_sim/account', { features: { charge: false } });
    expect((await refused(charged(), 403)).code).toBe('0x0102');
  });
});
