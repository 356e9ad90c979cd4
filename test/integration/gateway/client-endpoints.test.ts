// Every endpoint of both interfaces, and every error class, from real simulator responses over HTTP.
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ConflictError,
  GatewayProtocolError,
  InsufficientCredit,
  NetworkError,
  NotEnabledError,
  NotFound,
  RateLimited,
  ServerError,
  ValidationError,
} from '../../../src-main/core/gateway/errors';
import { describeGatewayStatus } from '../../../src-shared/delivery-status';
import { clientFor, EU_TOKEN, ledger, served, simSuite, TOKEN } from './sim-helpers';

const suite = simSuite();

const today = () => new Date().toISOString().slice(0, 10);
const msg = (recipient = 4512345678, extra: object = {}) => ({ sender: 'Bakery', recipient, message: 'Fresh bread today', ...extra });

describe('messaging interface', () => {
  it('POST /mobile/single', async () => {
    const r = await suite.gw.client.sendSingle(msg(4512345678, { reference: 'order-1', label: 'bread' }));
    expect(r).toMatchObject({ recipient: 4512345678, reference: 'order-1' });
    expect(r.msg_id.length).toBeGreaterThan(0);
    const entries = await ledger(suite.ctl);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ interface: 'messaging', id: r.msg_id, reference: 'order-1' });
  });

  it('POST /mobile/multi', async () => {
    const r = await suite.gw.client.sendMulti([msg(4512345671, { reference: 'a' }), msg(4512345672, { reference: 'b' }), msg(4512345673)]);
    expect(r.responses).toHaveLength(3);
    expect(new Set(r.responses.map((x) => x.reference))).toEqual(new Set(['a', 'b', null]));
    expect(await ledger(suite.ctl)).toHaveLength(3);
  });
});

describe('legacy interface', () => {
  it('POST /rest/mtsms sets UCS2 for text outside GSM-7, so it arrives intact', async () => {
    const text = 'Tak for besøget 🙂 – Zażółć';
    const r = await suite.gw.client.sendMtsms({ sender: 'Bakery', message: text, recipients: [{ msisdn: 4512345678 }] });
    expect(r.ids).toHaveLength(1);
    expect(r.usage.currency).toBe('DKK');
    const [entry] = await ledger(suite.ctl);
    expect(entry).toMatchObject({ interface: 'legacy', text, encoding: 'UCS-2' });
  });

  it('POST /rest/mtsms keeps GSM-7 for Danish text and personalises tags', async () => {
    const r = await suite.gw.client.sendMtsms({
      sender: 'Bakery',
      message: 'Hej %name%, dine æbleskiver er klar',
      tags: ['%name%'],
      recipients: [
        { msisdn: 4512345671, tagvalues: ['Søren'] },
        { msisdn: 4512345672, tagvalues: ['Åse'] },
      ],
    });
    expect(r.ids).toHaveLength(1);
    const entries = await ledger(suite.ctl);
    expect(entries.map((e) => e.text).sort()).toEqual(['Hej Søren, dine æbleskiver er klar', 'Hej Åse, dine æbleskiver er klar']);
    expect(entries.every((e) => e.encoding === 'GSM-7')).toBe(true);
  });

  it('POST /rest/mtsms sets UCS2 when only a merge-field value needs it', async () => {
    await suite.gw.client.sendMtsms({
      message: 'Hi %name%',
      tags: ['%name%'],
      recipients: [
        { msisdn: 4512345671, tagvalues: ['Ann'] },
        { msisdn: 4512345672, tagvalues: ['Łukasz'] },
      ],
    });
    const texts = (await ledger(suite.ctl)).map((e) => [e.text, e.encoding]);
    expect(texts).toContainEqual(['Hi Łukasz', 'UCS-2']);
  });

  it('GET /rest/mtsms/{id} after sending; statuses map through the status model', async () => {
    const { ids } = await suite.gw.client.sendMtsms({ message: 'x', recipients: [{ msisdn: 4512345678 }, { msisdn: 4512345670 }] });
    await suite.sim.advance(60);
    const stored = await suite.gw.client.getMtsms(ids[0]!);
    expect(stored[0]!.id).toBe(ids[0]);
    const states = stored[0]!.recipients.map((r) => describeGatewayStatus('legacy', r.dsnstatus ?? 'UNKNOWN').state).sort();
    expect(states).toEqual(['delivered', 'failed']);
  });

  it('DELETE /rest/mtsms/{id} removes a scheduled message; a second delete is a ConflictError', async () => {
    const sendtime = Math.floor(Date.now() / 1000) + 3600;
    const { ids } = await suite.gw.client.sendMtsms({ message: 'later', sendtime, recipients: [{ msisdn: 4512345678 }] });
    await suite.gw.client.deleteScheduled(ids[0]!);
    const err = await suite.gw.client.deleteScheduled(ids[0]!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).kind).toBe('conflict');
    expect((err as ConflictError).message).toContain(`Message ${ids[0]} cannot be deleted`);
  });

  it('POST /rest/refund for a captured charge', async () => {
    const charge = { amount: 10, currency: 'DKK', code: 'P01', description: 'Ticket', category: 'SC01' };
    const { ids } = await suite.gw.client.sendMtsms({ class: 'charge', sender: '1204', message: 'Your ticket', recipients: [{ msisdn: 4512345678, charge }] });
    await suite.sim.advance(60);
    await suite.gw.client.refund({ mtsms_id: ids[0]!, msisdn: 4512345678 });
    const again = await suite.gw.client.refund({ mtsms_id: ids[0]!, msisdn: 4512345678 }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ConflictError);
  });

  it('GET /rest/mosms fetches every page at 200 per page', async () => {
    for (let i = 0; i < 450; i++) await suite.ctl('POST', '/_sim/inbound', { msisdn: 4512340000 + i, receiver: 1204, message: `PIZZA ${i}` });
    const all = await suite.gw.client.listAllIncoming({ from: today(), to: today() });
    expect(all).toHaveLength(450);
    expect(new Set(all.map((m) => m.mosms_id)).size).toBe(450);
    expect(await served(suite.ctl, 'GET /rest/mosms')).toBe(3);
    const first = await suite.gw.client.listIncoming({ from: today(), to: today(), per_page: 200 });
    expect(first).toMatchObject({ results: 450, pages: 3, per_page: 200, page: 1 });
  });

  it('POST /rest/hlr', async () => {
    const r = await suite.gw.client.lookupNumbers(['+4522345678', '004530000000']);
    expect(r.lookups).toBeGreaterThanOrEqual(1);
    // Only valid numbers appear: 30000000 does not exist.
    expect(Object.values(r.hlr).map((h) => h.type)).toEqual(['mobile']);
  });

  it('GET /rest/me', async () => {
    const me = await suite.gw.client.me();
    expect(me).toMatchObject({ currency: 'DKK' });
    expect(Number(me.credit)).toBeGreaterThan(0);
  });

  it('price lists as JSON, CSV bytes and XLSX bytes', async () => {
    const json = await suite.gw.client.priceList();
    expect(json.standard.length).toBeGreaterThan(0);
    const csv = await suite.gw.client.priceListFile('csv');
    expect(csv).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(csv)).toMatch(/country/i);
    const xlsx = await suite.gw.client.priceListFile('xlsx');
    expect([...xlsx.subarray(0, 2)]).toEqual([0x50, 0x4b]); // "PK": a zip container
  });

  it('POST /api/usage/labels', async () => {
    await suite.gw.client.sendMtsms({ message: 'x', label: 'shop-a', recipients: [{ msisdn: 4512345678 }] });
    const usage = await suite.gw.client.usageByLabel({ from: today(), to: today() });
    expect(usage.find((u) => u.label === 'shop-a')).toMatchObject({ amount: 1 });
  });

  it('keywords: check, create, list, delete', async () => {
    await expect(suite.gw.client.checkKeyword({ keyword: 'BREAD', shortcode: 1204 })).resolves.toMatchObject({ available: true });
    await expect(suite.gw.client.createKeyword({ keyword: 'BREAD', shortcode: 1204 })).resolves.toMatchObject({ keyword: 'BREAD', shortcode: 1204 });
    expect((await suite.gw.client.listKeywords()).map((k) => k.keyword)).toContain('BREAD');
    await expect(suite.gw.client.checkKeyword({ keyword: 'BREAD', shortcode: 1204 })).resolves.toMatchObject({ available: false });
    await suite.gw.client.deleteKeyword(1204, 'BREAD');
    const taken = await suite.gw.client.createKeyword({ keyword: 'BREAD', shortcode: 1204 }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ConflictError); // a cancelled keyword stays active until the end of its period
  });

  it('POST /rest/email', async () => {
    const r = await suite.gw.client.sendEmail({
      from: 'Bakery <shop@example.com>',
      subject: 'Hi %name%',
      plaintext: 'Hello %name%',
      tags: ['%name%'],
      recipients: [{ address: 'ann@example.com', tagvalues: ['Ann'] }],
    });
    expect(r.ids).toHaveLength(1);
  });

  it('the EU platform with its own token', async () => {
    const eu = clientFor(suite.sim.euUrl!, EU_TOKEN);
    try {
      await expect(eu.client.me()).resolves.toMatchObject({ currency: 'EUR' });
    } finally {
      await eu.client.close();
    }
  });
});

describe('errors from real responses', () => {
  it('ValidationError from a 422 with readable field paths', async () => {
    const err = await suite.gw.client.sendMulti([msg(), msg(4512345679, { expiration: 'P10D' })]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    const v = err as ValidationError;
    expect(v.status).toBe(422);
    expect(v.maybeAccepted).toBe(false);
    expect(v.fields[0]!.path).toEqual(['messages', 1, 'expiration']);
    expect(v.fields[0]!.message).toMatch(/^Message 2, validity: /);
    expect(await ledger(suite.ctl)).toHaveLength(0);
  });

  it('ValidationError from a legacy 400 with its placeholders filled', async () => {
    const charge = { amount: 10, currency: 'DKK', code: 'P01', description: 'Ticket', category: 'SC01' };
    const err = await suite.gw.client
      .sendMtsms({ class: 'charge', sender: '1204', message: 'x', recipients: [{ msisdn: 4912345678, charge }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).message).toContain('charged messages can only be sent to Danish numbers');
    expect((err as ValidationError).message).not.toContain('%1');
  });

  it('AuthError from a wrong token, on both interfaces, with the platform hint', async () => {
    const bad = clientFor(suite.sim.url, 'not-the-token');
    try {
      for (const call of [() => bad.client.sendSingle(msg()), () => bad.client.sendMtsms({ message: 'x', recipients: [{ msisdn: 4512345678 }] }), () => bad.client.me()]) {
        const err = await call().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(AuthError);
        expect((err as AuthError).message).toMatch(/bound to a platform/);
        expect((err as AuthError).maybeAccepted).toBe(false);
      }
      expect(bad.retries).toHaveLength(0);
    } finally {
      await bad.client.close();
    }
  });

  it('AuthError when the EU token is used on the default platform', async () => {
    const wrong = clientFor(suite.sim.url, EU_TOKEN);
    try {
      await expect(wrong.client.me()).rejects.toBeInstanceOf(AuthError);
    } finally {
      await wrong.client.close();
    }
  });

  it('AuthError "No API token is set" without a request', async () => {
    const none = clientFor(suite.sim.url, null);
    await suite.ctl('DELETE', '/_sim/stats');
    await expect(none.client.me()).rejects.toThrow(/No API token is set/);
    expect(await served(suite.ctl, 'GET /rest/me')).toBe(0);
    await none.client.close();
  });

  it('NotEnabledError when the account lacks the feature', async () => {
    await suite.ctl('PUT', '/_sim/account', { features: { email: false } });
    const err = await suite.gw.client
      .sendEmail({ plaintext: 'x', recipients: [{ address: 'ann@example.com' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotEnabledError);
    expect((err as NotEnabledError).kind).toBe('not_enabled');
  });

  it('InsufficientCredit from a legacy send the account cannot pay for', async () => {
    await suite.ctl('PUT', '/_sim/account', { credit: 0 });
    const err = await suite.gw.client.sendMtsms({ message: 'x', recipients: [{ msisdn: 4512345678 }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientCredit);
    expect(err).toMatchObject({ kind: 'limit', maybeAccepted: false });
  });

  it('NotFound for an unknown message id', async () => {
    const err = await suite.gw.client.getMtsms(987654321).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFound);
    expect((err as NotFound).message).toMatch(/only be looked up after it has been sent/);
  });

  it('RateLimited: a short Retry-After is waited out', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/rest/me', status: 429, retry_after_s: 1, count: 1 }] });
    const started = Date.now();
    await expect(suite.gw.client.me()).resolves.toMatchObject({ currency: 'DKK' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(suite.gw.retries.map((r) => [r.error.kind, r.delayMs])).toEqual([['rate_limited', 1000]]);
    expect(await served(suite.ctl, 'GET /rest/me')).toBe(2);
  });

  it('RateLimited: a long Retry-After goes back to the caller', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/mobile/single', status: 429, retry_after_s: 300, count: 1 }] });
    const err = await suite.gw.client.sendSingle(msg()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect(err).toMatchObject({ retryAfterS: 300, maybeAccepted: false });
  });

  it('ServerError on a send is uncertain and not retried', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/mobile/single', status: 500, count: 1 }] });
    const err = await suite.gw.client.sendSingle(msg()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 500, maybeAccepted: true });
    expect(await served(suite.ctl, 'POST /mobile/single')).toBe(1);
  });

  it('ServerError on a read is retried until it succeeds', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/rest/me', status: 503, retry_after_s: 0, count: 2 }] });
    await expect(suite.gw.client.me()).resolves.toMatchObject({ currency: 'DKK' });
    expect(await served(suite.ctl, 'GET /rest/me')).toBe(3);
  });

  it('NetworkError when nothing listens, after the read retries', async () => {
    const dead = clientFor('http://127.0.0.1:1');
    const err = await dead.client.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ maybeAccepted: false });
    expect(dead.retries).toHaveLength(3);
    await dead.client.close();
  });

  it('GatewayProtocolError naming the missing field of a 2xx read', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/rest/me', body: '{"credit":"5.00","currency":"DKK"}', count: 1 }] });
    const err = await suite.gw.client.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayProtocolError);
    expect((err as GatewayProtocolError).message).toContain('id');
    expect((err as GatewayProtocolError).fields?.map((f) => f.path)).toEqual([['id']]);
  });

  it('GatewayProtocolError on a send: accepted, so uncertain and never retried', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/mobile/multi', body: '{"responses":[{"recipient":4512345678,"reference":null}]}', count: 1 }] });
    const err = await suite.gw.client.sendMulti([msg()]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayProtocolError);
    expect((err as GatewayProtocolError).message).toContain('responses[0].msg_id');
    expect(err).toMatchObject({ maybeAccepted: true });
    expect(await ledger(suite.ctl)).toHaveLength(1);
    expect(await served(suite.ctl, 'POST /mobile/multi')).toBe(1);
  });

  it('responses with extra fields pass', async () => {
    await suite.ctl('PUT', '/_sim/faults', {
      rules: [{ path: '/rest/me', body: '{"credit":"5.00","currency":"DKK","id":7,"tier":"gold","limits":{"daily":100}}', count: 1 }],
    });
    await expect(suite.gw.client.me()).resolves.toMatchObject({ credit: '5.00', id: 7, tier: 'gold' });
  });

  it('keeps the token out of every error message', async () => {
    await suite.ctl('PUT', '/_sim/faults', { rules: [{ path: '/rest/me', status: 500, count: 10 }] });
    const err = (await suite.gw.client.me().catch((e: unknown) => e)) as Error;
    expect(JSON.stringify({ m: err.message, v: (err as ServerError).toValue() })).not.toContain(TOKEN);
  });
});
