import { describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../src-main/core/gateway/client';
import { AuthError, GatewayProtocolError, NetworkError, RateLimited, ServerError, ValidationError } from '../../../src-main/core/gateway/errors';
import type { HttpRequest, Transport, TransportOutcome } from '../../../src-main/core/gateway/transport';
import { withEncoding } from '../../../src-main/core/gateway/legacy';

/** A transport that answers from a script and records what it was asked. */
function scripted(outcomes: TransportOutcome[]) {
  const requests: HttpRequest[] = [];
  const transport: Transport = {
    send: async (req) => {
      requests.push(req);
      const next = outcomes.shift();
      if (!next) throw new Error('script exhausted');
      return next;
    },
    close: async () => {},
  };
  return { transport, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): TransportOutcome => ({
  ok: true,
  response: { status, headers, body: new TextEncoder().encode(JSON.stringify(body)) },
});
const refused: TransportOutcome = {
  ok: false,
  failure: { requestStarted: false, reason: 'refused', code: 'ECONNREFUSED', host: '127.0.0.1:1', cause: new Error('refused') },
};
const resetAfterWrite: TransportOutcome = {
  ok: false,
  failure: { requestStarted: true, reason: 'reset', code: 'UND_ERR_SOCKET', host: '127.0.0.1:1', cause: new Error('closed') },
};

function client(outcomes: TransportOutcome[], token: string | null = 'tok-123', base = 'http://127.0.0.1:9') {
  const s = scripted(outcomes);
  const sleeps: number[] = [];
  const c = new GatewayClient({
    endpoints: () => ({ messagingUrl: base, legacyUrl: `${base}/legacy/` }),
    token: async () => token,
    transport: s.transport,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
  return { c, requests: s.requests, sleeps };
}

const msg = { sender: 'Bakery', recipient: 4512345678, message: 'Fresh bread' };
const accepted = json(202, { msg_id: '01J', recipient: 4512345678, reference: null });

describe('GatewayClient call loop', () => {
  it('sends JSON with the token header to the right address', async () => {
    const { c, requests } = client([accepted]);
    await expect(c.sendSingle(msg)).resolves.toMatchObject({ msg_id: '01J' });
    expect(requests[0]).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:9/mobile/single' });
    expect(requests[0]!.headers['authorization']).toBe('Token tok-123');
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]!.body!)).toEqual(msg);
  });

  it('joins a base address with a path prefix and a query', async () => {
    const { c, requests } = client([json(200, { results: 0, pages: 0, per_page: 200, page: 1, messages: [] })]);
    await c.listIncoming({ from: '2025-01-01', to: '2025-01-31', per_page: 200 });
    expect(requests[0]!.url).toBe('http://127.0.0.1:9/legacy/rest/mosms?from=2025-01-01&to=2025-01-31&per_page=200');
  });

  it('retries a send refused before connecting, then succeeds once', async () => {
    const { c, requests, sleeps } = client([refused, refused, accepted]);
    await expect(c.sendSingle(msg)).resolves.toMatchObject({ msg_id: '01J' });
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([188, 375]);
  });

  it('does not retry a send whose connection dropped after it was written', async () => {
    const { c, requests } = client([resetAfterWrite, accepted]);
    const err = await c.sendSingle(msg).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ maybeAccepted: true, kind: 'network' });
    expect(requests).toHaveLength(1);
  });

  it('does not retry a send answered 5xx and reports it uncertain', async () => {
    const { c, requests } = client([json(503, {}), accepted]);
    await expect(c.sendSingle(msg)).rejects.toMatchObject({ kind: 'server', maybeAccepted: true });
    expect(requests).toHaveLength(1);
  });

  it('retries a read after a dropped connection and a 5xx', async () => {
    const me = json(200, { credit: '10.00', currency: 'DKK', id: 1 });
    const { c, requests } = client([resetAfterWrite, json(500, {}), me]);
    await expect(c.me()).resolves.toMatchObject({ credit: '10.00' });
    expect(requests).toHaveLength(3);
  });

  it('gives up on reads after maxAttempts', async () => {
    const { c, requests } = client([json(500, {}), json(500, {}), json(500, {}), json(500, {}), json(500, {})]);
    await expect(c.me()).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(4);
  });

  it('waits exactly Retry-After on 429, even for a send', async () => {
    const { c, requests, sleeps } = client([json(429, {}, { 'retry-after': '2' }), accepted]);
    await expect(c.sendSingle(msg)).resolves.toMatchObject({ msg_id: '01J' });
    expect(sleeps).toEqual([2000]);
    expect(requests).toHaveLength(2);
  });

  it('hands a long Retry-After to the caller', async () => {
    const { c } = client([json(429, {}, { 'retry-after': '3600' })]);
    const err = await c.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect(err).toMatchObject({ retryAfterS: 3600, maybeAccepted: false });
  });

  it('fails without a token before touching the network', async () => {
    const { c, requests } = client([accepted], null);
    const err = await c.sendSingle(msg).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).message).toMatch(/No API token is set/);
    expect(requests).toHaveLength(0);
  });

  it('refuses plain http except to this computer', async () => {
    const { c, requests } = client([accepted], 'tok', 'http://gateway.example.com');
    await expect(c.sendSingle(msg)).rejects.toBeInstanceOf(ValidationError);
    expect(requests).toHaveLength(0);
  });

  it('rejects invalid input locally with readable field paths', async () => {
    const { c, requests } = client([accepted]);
    const err = await c.sendMulti([msg, { ...msg, recipient: 12 }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fields[0]).toMatchObject({ path: ['messages', 1, 'recipient'] });
    expect((err as ValidationError).fields[0]!.message).toMatch(/^Message 2, phone number: /);
    expect(requests).toHaveLength(0);
  });

  it('turns a 2xx with a missing field into a GatewayProtocolError naming the path, not retried', async () => {
    const { c, requests } = client([json(202, { responses: [{ recipient: 4512345678, reference: null }] }), accepted]);
    const err = await c.sendMulti([msg]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayProtocolError);
    expect((err as GatewayProtocolError).message).toContain('responses[0].msg_id');
    expect(err).toMatchObject({ maybeAccepted: true });
    expect(requests).toHaveLength(1);
  });

  it('treats a non-JSON 2xx as a protocol error', async () => {
    const { c } = client([{ ok: true, response: { status: 200, headers: {}, body: new TextEncoder().encode('<html>') } }]);
    await expect(c.me()).rejects.toBeInstanceOf(GatewayProtocolError);
  });

  it('returns price files as bytes', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    const { c } = client([{ ok: true, response: { status: 200, headers: {}, body: bytes } }]);
    await expect(c.priceListFile('xlsx')).resolves.toEqual(bytes);
  });

  it('fetches every page of incoming SMS at 200 per page', async () => {
    const item = (id: number) => ({ mosms_id: id, msisdn: 4512345678, receiver: 1204, message: 'hi', senttime: 1, webhook: 'w' });
    const page = (p: number, ids: number[]) => json(200, { results: 5, pages: 3, per_page: 200, page: p, messages: ids.map(item) });
    const { c, requests } = client([page(1, [1, 2]), page(2, [3, 4]), page(3, [5])]);
    const all = await c.listAllIncoming({ from: '2025-01-01', to: '2025-01-31' });
    expect(all.map((m) => m.mosms_id)).toEqual([1, 2, 3, 4, 5]);
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(requests.every((r) => new URL(r.url).searchParams.get('per_page') === '200')).toBe(true);
  });

  it('does not retry once the caller cancels', async () => {
    const ac = new AbortController();
    const s = scripted([refused, accepted]);
    const c = new GatewayClient({
      endpoints: () => ({ messagingUrl: 'http://127.0.0.1:9', legacyUrl: 'http://127.0.0.1:9' }),
      token: async () => 't',
      transport: s.transport,
      sleep: (_ms, signal) => (ac.abort(), Promise.reject(signal?.reason)),
    });
    await expect(c.sendSingle(msg, { signal: ac.signal })).rejects.toBeInstanceOf(NetworkError);
    expect(s.requests).toHaveLength(1);
  });
});

describe('withEncoding (legacy sends)', () => {
  const base = { recipients: [{ msisdn: 4512345678 }] };
  it.each([
    ['GSM-7 text stays default', { ...base, message: 'Hello {world}' }, undefined],
    ['Danish letters are GSM-7', { ...base, message: 'Æble og ørred på å' }, undefined],
    ['emoji needs UCS2', { ...base, message: 'Hi 🙂' }, 'UCS2'],
    ['Polish letters need UCS2', { ...base, message: 'Zażółć' }, 'UCS2'],
    ['an explicit UTF8 is corrected', { ...base, message: 'Hi 🙂', encoding: 'UTF8' as const }, 'UCS2'],
    ['an explicit UCS2 is kept', { ...base, message: 'Hello', encoding: 'UCS2' as const }, 'UCS2'],
    [
      'a merge-field value outside GSM-7',
      { message: 'Hi %n', tags: ['%n'], recipients: [{ msisdn: 4512345678, tagvalues: ['Ann'] }, { msisdn: 4512345679, tagvalues: ['Łukasz'] }] },
      'UCS2',
    ],
    ['binary payload untouched', { ...base, payload: 'AAEC' }, undefined],
  ])('%s', (_n, m, encoding) => {
    expect(withEncoding(m).encoding).toBe(encoding);
  });
});
