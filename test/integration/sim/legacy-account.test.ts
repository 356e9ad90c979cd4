// Account endpoints over HTTP: balance, price lists, usage by label, number lookup, keywords, email and feature flags.
import ExcelJS from 'exceljs';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, startSim, type Receiver, type Sim } from './helpers';

let sim: Sim;
let receiver: Receiver;
beforeAll(async () => {
  sim = await startSim();
  receiver = await startReceiver();
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(async () => {
  await sim.control('POST', '/_sim/reset');
  receiver.received.length = 0;
});

const today = () => new Date(sim.clock.now()).toISOString().slice(0, 10);
const credit = async () => Number((await sim.ok<{ credit: string }>('/rest/me')).credit);

describe('GET /rest/me', () => {
  it('shows credit as a string, currency and account id', async () => {
    await sim.control('PUT', '/_sim/account', { credit: 12.5, currency: 'EUR' });
    expect(await sim.ok('/rest/me')).toEqual({ credit: '12.50', currency: 'EUR', id: 1001 });
  });
});

describe('price lists', () => {
  it('serves JSON with standard and premium lists in DKK and EUR, without a token', async () => {
    const list = await sim.ok<{ standard: Record<string, unknown>[]; premium: Record<string, unknown>[] }>('/api/prices/list/sms/json', { auth: false });
    const prefixes = list.standard.map((p) => p['prefix']);
    for (const p of [45, 46, 47, 49, 44, 1, 358, 31, 33, 48]) expect(prefixes).toContain(p);
    expect(list.standard.find((p) => p['country'] === 'DK')).toEqual({ country: 'DK', country_name: 'Denmark', dkk: 0.13, eur: 0.0174, prefix: 45 });
    expect(list.premium).toHaveLength(list.standard.length);
  });

  it('serves CSV', async () => {
    const res = await sim.call('/api/prices/list/sms/csv');
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('type,country,country_name,prefix,dkk,eur');
    expect(lines).toContain('standard,DK,Denmark,45,0.13,0.0174');
  });

  it('serves XLSX that opens as a workbook with both lists', async () => {
    const res = await sim.call('/api/prices/list/sms/xlsx');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['standard', 'premium']);
    expect(wb.getWorksheet('standard')!.getRow(1).values).toEqual([undefined, 'country', 'country_name', 'prefix', 'dkk', 'eur']);
  });

  it('answers an unknown format with 404', async () => {
    expect((await sim.call('/api/prices/list/sms/pdf')).status).toBe(404);
  });
});

describe('POST /api/usage/labels', () => {
  it('sums parts and cost per label, country and class over the date range, across both interfaces', async () => {
    const send = (json: unknown) => sim.ok('/rest/mtsms', { method: 'POST', json });
    await send([
      { message: 'x'.repeat(200), label: 'shop', recipients: [{ msisdn: 4512345671 }, { msisdn: 4612345671 }] },
      { message: 'y', label: 'shop', recipients: [{ msisdn: 4512345672 }] },
    ]);
    await send({ message: 'z', recipients: [{ msisdn: 4512345673 }] });
    await sim.ok('/mobile/single', { method: 'POST', json: { sender: 'Shop', recipient: 4512345674, message: 'm', label: 'shop' } }, 202);
    const items = await sim.ok<unknown[]>('/api/usage/labels', { method: 'POST', json: { from: today(), to: today() } });
    expect(items).toEqual([
      { amount: 1, cost: 0.13, country: 'DK', currency: 'DKK', label: null, messageclass_id: 'standard' },
      { amount: 4, cost: 0.52, country: 'DK', currency: 'DKK', label: 'shop', messageclass_id: 'standard' },
      { amount: 2, cost: 0.58, country: 'SE', currency: 'DKK', label: 'shop', messageclass_id: 'standard' },
    ]);
    const filtered = await sim.ok<{ label: string }[]>('/api/usage/labels', { method: 'POST', json: { from: today(), to: today(), label: 'shop' } });
    expect(filtered.map((i) => i.label)).toEqual(['shop', 'shop']);
    const earlier = await sim.ok<unknown[]>('/api/usage/labels', { method: 'POST', json: { from: '2020-01-01', to: '2020-01-31' } });
    expect(earlier).toEqual([]);
  });

  it('requires from and to as YYYY-MM-DD', async () => {
    for (const json of [{ to: today() }, { from: today() }, { from: '2024-13-01', to: today() }, { from: '01-01-2024', to: today() }]) {
      expect((await sim.call('/api/usage/labels', { method: 'POST', json })).status).toBe(400);
    }
  });
});

describe('POST /rest/hlr', () => {
  it('looks up Danish numbers in +45, 0045, 45 and 8-digit form; leaves out others; charges valid ones', async () => {
    const before = await credit();
    const r = await sim.ok<{ currency: string; hlr: Record<string, Record<string, unknown>>; lookups: number; total_cost: number }>('/rest/hlr', {
      method: 'POST',
      json: { msisdns: ['+4512345671', '004512345673', 4512345670, '12345672', '4612345671', '4512345600', '451234567'] },
    });
    expect(Object.keys(r.hlr).sort()).toEqual(['4512345670', '4512345671', '4512345672', '4512345673']);
    expect(r.lookups).toBe(4);
    expect(r.total_cost).toBe(0.2);
    expect(r.currency).toBe('DKK');
    expect(r.hlr['4512345671']).toEqual({
      current_carrier: { mcc: '238', mnc: '02', name: 'Telenor' },
      network_operator: { mcc: '238', mnc: '02', name: 'Telenor' },
      original_carrier: { mcc: '238', mnc: '02', name: 'Telenor' },
      ported: false,
      type: 'mobile',
    });
    expect(r.hlr['4512345673']).toMatchObject({ ported: true });
    expect(r.hlr['4512345670']).toMatchObject({ type: 'landline' });
    expect(await credit()).toBeCloseTo(before - 0.2, 6);
  });

  it('refuses a missing or empty list with 400 and a disabled feature with 403', async () => {
    expect((await sim.call('/rest/hlr', { method: 'POST', json: {} })).status).toBe(400);
    expect((await sim.call('/rest/hlr', { method: 'POST', json: { msisdns: [] } })).status).toBe(400);
    await sim.control('PUT', '/_sim/account', { features: { hlr: false } });
    const res = await sim.call('/rest/hlr', { method: 'POST', json: { msisdns: ['4512345671'] } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: '0x0102', variables: ['Number lookup'] });
  });
});

describe('keywords (/api/vas)', () => {
  it('checks, creates with an immediate full charge, lists and deletes (204) a keyword', async () => {
    expect(await sim.ok('/api/vas', {})).toEqual([]);
    expect(await sim.ok('/api/vas/check', { method: 'POST', json: { keyword: 'PIZZA', shortcode: 1204 } })).toEqual({ system: 'shared', available: true });
    const before = await credit();
    const created = await sim.ok('/api/vas', { method: 'POST', json: { keyword: 'PIZZA', shortcode: 1204, pushsetting_reference: 'orders' } }, 201);
    expect(created).toEqual({ shortcode: 1204, keyword: 'PIZZA', pushsetting_reference: 'orders', account_id: 1001 });
    expect(await credit()).toBe(before - 250);
    expect(await sim.ok('/api/vas', {})).toEqual([{ shortcode: 1204, keyword: 'PIZZA', pushsetting_reference: 'orders' }]);
    expect(await sim.ok('/api/vas/check', { method: 'POST', json: { keyword: 'pizza', shortcode: 1204 } })).toMatchObject({ available: false });
    expect((await sim.call('/api/vas', { method: 'POST', json: { keyword: 'PIZZA', shortcode: 1204 } })).status).toBe(409);
    const del = await sim.call('/api/vas/1204/PIZZA', { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await sim.call('/api/vas/1204/PIZZA', { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps a cancelled keyword active until the end of the month', async () => {
    await sim.ok('/api/vas', { method: 'POST', json: { keyword: 'SALE', shortcode: 1204 } }, 201);
    await sim.call('/api/vas/1204/SALE', { method: 'DELETE' });
    expect(await sim.ok<unknown[]>('/api/vas', {})).toHaveLength(1);
    const now = new Date(sim.clock.now());
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    await sim.control('POST', '/_sim/clock', { advance_seconds: (nextMonth - now.getTime()) / 1000 + 1 });
    expect(await sim.ok<unknown[]>('/api/vas', {})).toHaveLength(0);
  });

  it('knows reserved keywords on the shared short code and refuses bad input', async () => {
    expect(await sim.ok('/api/vas/check', { method: 'POST', json: { keyword: 'STOP', shortcode: 1204 } })).toMatchObject({ available: false });
    expect(await sim.ok('/api/vas/check', { method: 'POST', json: { keyword: 'STOP', shortcode: 1919 } })).toEqual({ system: 'dedicated', available: true });
    for (const json of [{ keyword: 'two words', shortcode: 1204 }, { keyword: 'X' }, { shortcode: 1204 }, { keyword: 'X', shortcode: 'abc' }]) {
      expect((await sim.call('/api/vas/check', { method: 'POST', json })).status).toBe(400);
    }
  });

  it('refuses with 403 and 402 when the feature is off or the credit too low', async () => {
    await sim.control('PUT', '/_sim/account', { credit: 10 });
    expect((await sim.call('/api/vas', { method: 'POST', json: { keyword: 'CHEAP', shortcode: 1204 } })).status).toBe(402);
    await sim.control('PUT', '/_sim/account', { features: { keywords: false } });
    expect((await sim.call('/api/vas')).status).toBe(403);
  });
});

describe('POST /rest/email', () => {
  const email = (extra: Record<string, unknown> = {}) => ({
    from: 'Shop <shop@example.com>',
    subject: 'Hi %name%',
    plaintext: 'Dear %name%',
    html: '<p>Dear %name%</p>',
    tags: ['%name%'],
    recipients: [
      { address: 'anna@example.com', name: 'Anna', tagvalues: ['Anna'], cc: [{ address: 'boss@example.com' }], bcc: [{ address: 'log@example.com', name: 'Log' }] },
      { address: 'bounce-bo@example.com', tagvalues: ['Bo'] },
    ],
    ...extra,
  });

  it('sends one email per recipient with tags substituted, charges per email and reports statuses to callback_url', async () => {
    await sim.control('PUT', '/_sim/webhooks', { legacy: { url: receiver.url + '/default', secret: 'mail-secret' } });
    const r = await sim.ok<{ ids: number[]; usage: Record<string, unknown> }>('/rest/email', {
      method: 'POST',
      json: email({ callback_url: receiver.url + '/mail', userref: 'm1' }),
    });
    expect(r.ids).toHaveLength(2);
    expect(r.usage).toEqual({ amount: 2, currency: 'DKK', total_cost: 0.02 });
    const { emails } = await sim.control<{ emails: { subject: string; plaintext: string; cc: unknown[] }[] }>('GET', '/_sim/emails');
    expect(emails.map((e) => e.subject)).toEqual(['Hi Anna', 'Hi Bo']);
    expect(emails[0]!.cc).toEqual([{ address: 'boss@example.com' }]);
    await sim.control('POST', '/_sim/clock', { advance_seconds: 5 });
    const calls = await receiver.waitFor(4);
    const byAddress = (a: string) => calls.filter((c) => c.json['email_address'] === a).map((c) => c.json['status']);
    expect(byAddress('anna@example.com')).toEqual(['PROCESSED', 'DELIVERED']);
    expect(byAddress('bounce-bo@example.com')).toEqual(['PROCESSED', 'BOUNCED']);
    const bounced = calls.find((c) => c.json['status'] === 'BOUNCED')!;
    expect(bounced.json).toMatchObject({ id: r.ids[1], userref: 'm1', callback_url: receiver.url + '/mail', details: expect.stringContaining('550') });
    await jwtVerify(bounced.headers['x-service-signature'] as string, new TextEncoder().encode('mail-secret'));
  });

  it('accepts attachments up to 5 MB in total and refuses more', async () => {
    const file = (bytes: number) => ({ data: Buffer.alloc(bytes, 7).toString('base64'), filename: 'a.bin', mimetype: 'application/octet-stream' });
    const ok = await sim.call('/rest/email', { method: 'POST', json: email({ attachments: [file(3 * 1024 * 1024), file(2 * 1024 * 1024)] }) });
    expect(ok.status).toBe(200);
    const tooBig = await sim.call('/rest/email', { method: 'POST', json: email({ attachments: [file(3 * 1024 * 1024), file(2 * 1024 * 1024 + 1)] }) });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ code: '0x0201', variables: ['attachments', expect.stringContaining('5 MB')] });
  });

  it.each<[string, Record<string, unknown>]>([
    ['no recipients', { recipients: [] }],
    ['a bad address', { tags: undefined, recipients: [{ address: 'not-an-address' }] }],
    ['mismatched tagvalues', { recipients: [{ address: 'a@example.com', tagvalues: [] }] }],
    ['no content', { plaintext: undefined, html: undefined }],
    ['a bad sender', { from: 'nobody' }],
    ['an attachment without filename', { attachments: [{ data: 'AAAA', mimetype: 'text/plain' }] }],
  ])('refuses %s with 400', async (_, extra) => {
    expect((await sim.call('/rest/email', { method: 'POST', json: email(extra) })).status).toBe(400);
  });

  it('is refused with 403 when email is not enabled', async () => {
    await sim.control('PUT', '/_sim/account', { features: { email: false } });
    const res = await sim.call('/rest/email', { method: 'POST', json: email() });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('not enabled');
  });
});
