// The account calls against the Sandbox simulator over real HTTP: balance, prices, usage, keywords, lookup,
// email, refunds, and the plain not-enabled state when the simulator switches a feature off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { writeGate } from '../../../src-main/core/db/write-gate';
import { startAccountCore, utcDays, type AccountCore } from './helpers';
import { loopTurns } from '../loop-turns';

let a: AccountCore;

beforeAll(async () => {
  a = await startAccountCore();
});
afterAll(async () => {
  await a?.close();
});

const credit = async () => ((await a.sim('GET', '/_sim/account')) as { credit: number }).credit;
const setFeatures = (features: Record<string, boolean>) => a.sim('PUT', '/_sim/account', { features });
const decode = (b64: string) => Buffer.from(b64, 'base64');

describe('balance', () => {
  it('shows the simulator credit and flags it low below the threshold from Settings', async () => {
    await a.sim('PUT', '/_sim/account', { credit: 1000 });
    const b = await a.ok('account.balance', { refresh: true });
    expect(b).toMatchObject({ credit: 1000, currency: 'DKK', mode: 'sandbox', low: false });
    await a.sim('PUT', '/_sim/account', { credit: 40 });
    expect(await a.ok('account.balance', { refresh: true })).toMatchObject({ credit: 40, low: true });
    await a.ok('settings.update', { lowBalanceThreshold: 10 });
    expect(await a.ok('account.balance', { refresh: true })).toMatchObject({ low: false });
    await a.ok('settings.update', { lowBalanceThreshold: 100 });
    await a.sim('PUT', '/_sim/account', { credit: 1000 });
  });
});

describe('prices', () => {
  it('lists both tiers in DKK and EUR with the date, and searches by name, code and prefix', async () => {
    const all = await a.ok('account.prices', {});
    expect(all.total).toBeGreaterThan(10);
    expect(all.rows).toHaveLength(all.total);
    expect(Date.parse(all.fetchedAt)).not.toBeNaN();
    const dk = await a.ok('account.prices', { search: '+45' });
    expect(dk.rows.map((r) => r.tier).sort()).toEqual(['premium', 'standard']);
    for (const r of dk.rows) {
      expect(r).toMatchObject({ country: 'DK', countryName: 'Denmark', prefix: 45 });
      expect(r.dkk).toBeGreaterThan(r.eur);
    }
    expect((await a.ok('account.prices', { search: 'swed', tier: 'premium' })).rows).toEqual([expect.objectContaining({ country: 'SE', tier: 'premium' })]);
    expect((await a.ok('account.prices', { search: 'no such land' })).rows).toEqual([]);
  });

  it('serves the cached list with its date until asked to fetch it again', async () => {
    const first = await a.ok('account.prices', {});
    await new Promise((r) => setTimeout(r, 5));
    expect((await a.ok('account.prices', { search: 'den' })).fetchedAt).toBe(first.fetchedAt);
    const fresh = await a.ok('account.prices', { refresh: true });
    expect(Date.parse(fresh.fetchedAt)).toBeGreaterThan(Date.parse(first.fetchedAt));
  });

  it("downloads the gateway's CSV and XLSX bytes with a file name", async () => {
    const csv = await a.ok('account.pricesDownload', { format: 'csv' });
    expect(csv).toMatchObject({ mimeType: 'text/csv', fileName: expect.stringMatching(/^sms-prices-\d{4}-\d{2}-\d{2}\.csv$/) });
    const text = decode(csv.base64).toString('utf8');
    expect(text).toMatch(/^type,country,country_name,prefix,dkk,eur\r\n/);
    expect(text).toContain('standard,DK,Denmark,45,');
    expect(csv.bytes).toBe(decode(csv.base64).length);
    const xlsx = await a.ok('account.pricesDownload', { format: 'xlsx' });
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    expect(decode(xlsx.base64).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('usage', () => {
  it('adds up day and week queries by label, country and time, with the label filter, and exports CSV', async () => {
    await a.core.gateway.sendMtsms({ message: 'Hello', sender: 'Shop', label: 'spring', recipients: [{ msisdn: 4512345671 }, { msisdn: 46701234561 }] });
    await a.core.gateway.sendMtsms({ message: 'Hi', sender: 'Shop', label: 'autumn', recipients: [{ msisdn: 4512345672 }] });
    const { today, yesterday } = utcDays();
    const byDay = await a.ok('account.usage', { from: yesterday, to: today, granularity: 'day' });
    expect(byDay.queries).toBe(2);
    expect(byDay.overTime.map((p) => p.from)).toEqual([yesterday, today]);
    expect(byDay.totals.messages).toBe(3);
    expect(byDay.currency).toBe('DKK');
    expect(byDay.byLabel.map((l) => l.label).sort()).toEqual(['autumn', 'spring']);
    expect(byDay.byCountry.find((c) => c.country === 'DK')?.messages).toBe(2);
    expect(byDay.byCountry.find((c) => c.country === 'SE')?.messages).toBe(1);
    expect(byDay.overTime.at(-1)!.messages).toBe(3);
    expect(byDay.totals.cost).toBeCloseTo(byDay.overTime.reduce((n, p) => n + p.cost, 0), 6);

    const byWeek = await a.ok('account.usage', { from: yesterday, to: today, granularity: 'week' });
    expect(byWeek.totals).toEqual(byDay.totals);
    expect(byWeek.queries).toBeLessThanOrEqual(2);

    const spring = await a.ok('account.usage', { from: yesterday, to: today, label: 'spring', granularity: 'day' });
    expect(spring.label).toBe('spring');
    expect(spring.byLabel).toEqual([expect.objectContaining({ label: 'spring', messages: 2 })]);

    const csv = await a.ok('account.usageExport', { from: yesterday, to: today, label: 'spring', granularity: 'day' });
    expect(csv.fileName).toBe(`besked-usage-${yesterday}-to-${today}-spring.csv`);
    const lines = decode(csv.base64).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('from,to,label,country,message_class,messages,cost,currency');
    expect(lines.slice(1).every((l) => l.includes(',spring,'))).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('refuses a range the gateway would need too many questions for, before asking', async () => {
    const e = await a.fails('account.usage', { from: '2024-01-01', to: '2024-12-31', granularity: 'day' });
    expect(e.kind).toBe('limit');
    expect(e.message).toMatch(/by week/);
  });
});

describe('keywords', () => {
  it('checks, leases (charging the month at once), lists and cancels to the end of the month', async () => {
    const before = await credit();
    expect((await a.ok('account.keywordCheck', { keyword: 'PIZZA', shortcode: 1204 })).available).toBe(true);
    expect((await a.ok('account.keywordCheck', { keyword: 'STOP', shortcode: 1204 })).available).toBe(false);
    const k = await a.ok('account.keywordCreate', { keyword: 'PIZZA', shortcode: 1204, webhook: 'orders', acceptMonthlyCharge: true });
    expect(k).toEqual({ shortcode: 1204, keyword: 'PIZZA', webhook: 'orders', cancelledAt: null, activeUntil: null });
    expect(await credit()).toBeLessThan(before);
    expect((await a.ok('account.keywords', {})).keywords).toEqual([k]);
    expect((await a.ok('account.keywordCheck', { keyword: 'pizza', shortcode: 1204 })).available).toBe(false);

    const cancelled = await a.ok('account.keywordDelete', { keyword: 'PIZZA', shortcode: 1204 });
    const now = new Date();
    const end = new Date(now.getFullYear(), now.getMonth() + 1, 0);
    expect(cancelled.activeUntil).toBe(`${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`);
    const list = (await a.ok('account.keywords', {})).keywords;
    expect(list).toEqual([expect.objectContaining({ keyword: 'PIZZA', cancelledAt: expect.any(String), activeUntil: cancelled.activeUntil })]);
  });

  it('refuses a lease that was not confirmed, without calling the gateway', async () => {
    const e = await a.fails('account.keywordCreate', { keyword: 'TACO', shortcode: 1204 } as never);
    expect(e.kind).toBe('validation');
    expect((await a.ok('account.keywordCheck', { keyword: 'TACO', shortcode: 1204 })).available).toBe(true);
  });
});

describe('number lookup', () => {
  it('quotes first (refusing non-Danish numbers), then looks up and marks numbers that do not exist', async () => {
    const q1 = await a.ok('account.lookupQuote', {
      entries: [{ input: '+45 12 34 56 71', name: 'Anna' }, { input: '12345600' }, { input: '+46 70 123 45 67', name: 'Sven' }, { input: '4512345671' }],
    });
    expect(q1.accepted.map((x) => x.msisdn)).toEqual(['4512345671', '4512345600']);
    expect(q1.refused).toEqual([{ input: '+46 70 123 45 67', name: 'Sven', reason: expect.stringMatching(/Sweden.*only for Danish/) }]);
    expect(q1.unitPrice).toBeNull();

    const before = await credit();
    const run = await a.ok('account.lookup', { numbers: q1.accepted.map((x) => ({ msisdn: x.msisdn, ...(x.name ? { name: x.name } : {}) })), acceptCost: true });
    expect(run.results).toEqual([
      { msisdn: '4512345671', name: 'Anna', exists: true, currentCarrier: 'Telenor', originalCarrier: 'Telenor', ported: false, type: 'mobile' },
      { msisdn: '4512345600', name: null, exists: false, currentCarrier: null, originalCarrier: null, ported: null, type: null },
    ]);
    expect(run).toMatchObject({ lookups: 1, currency: 'DKK' });
    expect(await credit()).toBeCloseTo(before - run.totalCost, 6);

    const q2 = await a.ok('account.lookupQuote', { entries: [{ input: '20123453' }, { input: '20123454' }] });
    expect(q2.unitPrice).toBeCloseTo(run.totalCost, 6);
    expect(q2.estimatedCost).toBeCloseTo(2 * run.totalCost, 6);
    expect((await a.ok('account.lookups', {})).runs[0]).toEqual(run);
  });

  it('records a lookup whose answer comes while an import saves, once the save ends, without holding the core meanwhile', async () => {
    const db = a.core.db;
    const before = (await a.ok('account.lookups', {})).runs.length;
    // The call claims the gate for its start and goes out; then the import's save begins (the core holds the gate,
    // another connection the write lock). The charge, the feature and the run are written after the answer: in
    // SQLite's busy handler on the core's thread they held it and, the lock still held at busy_timeout, failed.
    const run = a.core.dispatch('account.lookup', { numbers: [{ msisdn: '4520123452' }], acceptCost: true });
    const release = writeGate(db).hold();
    const other = new Database(db.name);
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      await loopTurns(20, 1000);
      other.prepare('COMMIT').run();
    } finally {
      release();
      other.close();
    }
    const r = await run;
    expect(r.ok).toBe(true);
    expect((await a.ok('account.lookups', {})).runs.length).toBe(before + 1);
  });

  it('refuses a non-Danish number at the boundary, before any call', async () => {
    const e = await a.fails('account.lookup', { numbers: [{ msisdn: '46701234567' }], acceptCost: true });
    expect(e.kind).toBe('validation');
    expect(e.message).toMatch(/Only Danish numbers/);
  });

  it('refreshes the balance shortly after a lookup', async () => {
    a.events.length = 0;
    await a.ok('account.lookup', { numbers: [{ msisdn: '4520123451' }], acceptCost: true });
    await expect.poll(() => a.events.filter((e) => e.name === 'balance.changed').length, { timeout: 5000 }).toBeGreaterThan(0);
    const last = a.events.filter((e) => e.name === 'balance.changed').at(-1)!.payload as { credit: number };
    expect(last.credit).toBeCloseTo(await credit(), 6);
  });
});

describe('email', () => {
  const base = {
    from: 'Bageriet <shop@example.com>',
    subject: 'Hello {first_name}',
    plaintext: 'Dear {name}, your code is {code}.',
    html: '<p>Dear {name}</p>',
    recipients: [
      { address: 'anna@example.com', name: 'Anna Berg', fields: { code: 'A1' } },
      { address: 'bo@example.com', name: 'Bo' },
    ],
    cc: [{ address: 'office@example.com' }],
    attachments: [{ fileName: 'menu.txt', mimeType: 'text/plain', base64: Buffer.from('Rye bread').toString('base64') }],
  };

  it('sends with merge tags per recipient, cc and an attachment, and lists it with the gateway ids', async () => {
    const sent = await a.ok('account.emailSend', base);
    expect(sent.ids).toHaveLength(2);
    expect(sent).toMatchObject({ subject: 'Hello {first_name}', recipients: 2, attachments: 1, currency: 'DKK' });
    const emails = ((await a.sim('GET', '/_sim/emails')) as { emails: { id: number; subject: string; plaintext: string; cc: { address: string }[]; attachments: { filename: string; bytes: number }[] }[] }).emails;
    const anna = emails.find((e) => e.id === sent.ids[0])!;
    expect(anna.subject).toBe('Hello Anna');
    expect(anna.plaintext).toBe('Dear Anna Berg, your code is A1.');
    expect(anna.cc).toEqual([{ address: 'office@example.com' }]);
    expect(anna.attachments).toEqual([{ filename: 'menu.txt', mimetype: 'text/plain', bytes: 9 }]);
    expect(emails.find((e) => e.id === sent.ids[1])!.plaintext).toBe('Dear Bo, your code is .');
    expect((await a.ok('account.emails', {})).emails[0]).toEqual(sent);
  });

  it('refuses attachments over 5 MB in total before anything reaches the gateway', async () => {
    const before = ((await a.sim('GET', '/_sim/emails')) as { emails: unknown[] }).emails.length;
    const big = Buffer.alloc(3 * 1024 * 1024, 1).toString('base64');
    const e = await a.fails('account.emailSend', {
      ...base,
      attachments: [
        { fileName: 'a.bin', mimeType: 'application/octet-stream', base64: big },
        { fileName: 'b.bin', mimeType: 'application/octet-stream', base64: big },
      ],
    });
    expect(e.kind).toBe('limit');
    expect(e.message).toMatch(/6\.0 MB together; the gateway accepts at most 5 MB/);
    expect(((await a.sim('GET', '/_sim/emails')) as { emails: unknown[] }).emails).toHaveLength(before);
  });
});

describe('refunds', () => {
  const charge = { amount: 10, currency: 'DKK', code: 'P01', description: 'Vote', category: 'SC00' };
  const sendCharged = async (msisdn: number) =>
    (await a.core.gateway.sendMtsms({ class: 'charge', message: 'Thanks for voting', sender: '1204', recipients: [{ msisdn, charge }] })).ids[0]!;

  it('refunds a captured overcharged SMS once, and says so when asked again', async () => {
    const id = await sendCharged(4512345671);
    await a.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    const r = await a.ok('account.refund', { mtsmsId: id, msisdn: 4512345671, messageClass: 'charge', chargeStatus: 'CAPTURED' });
    expect(r).toMatchObject({ mtsmsId: id, msisdn: '4512345671', alreadyRequested: false });
    expect(await a.ok('account.refundState', { mtsmsId: id, msisdn: '+4512345671' })).toEqual({ requestedAt: r.requestedAt });
    const again = await a.ok('account.refund', { mtsmsId: id, msisdn: '4512345671' });
    expect(again).toEqual({ ...r, alreadyRequested: true });
  });

  it('explains why a message cannot be refunded: not overcharged, or the charge not captured', async () => {
    const plain = (await a.core.gateway.sendMtsms({ message: 'Hi', sender: 'Shop', recipients: [{ msisdn: 4512345672 }] })).ids[0]!;
    const failed = await sendCharged(4512345670);
    await a.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    const e1 = await a.fails('account.refund', { mtsmsId: plain, msisdn: 4512345672 });
    expect(e1).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/Only overcharged messages/) });
    const e2 = await a.fails('account.refund', { mtsmsId: failed, msisdn: 4512345670 });
    expect(e2).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/CAPTURED/) });
    // The view knew no status: the stored message's status decides.
    const e3 = await a.fails('account.refund', { mtsmsId: failed, msisdn: 4512345670, messageClass: 'charge', chargeStatus: null });
    expect(e3).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/charge status is FAILED/) });
  });
});

describe('a feature the account may not use', () => {
  it.each([
    ['keywords', { keywords: false }, () => a.fails('account.keywords', {}), /^Keyword management is not enabled on your gateway account/],
    ['lookup', { hlr: false }, () => a.fails('account.lookup', { numbers: [{ msisdn: '4520123451' }], acceptCost: true }), /^Number lookup is not enabled/],
    [
      'email',
      { email: false },
      () => a.fails('account.emailSend', { from: 'shop@example.com', subject: 'S', plaintext: 'T', html: '', recipients: [{ address: 'a@example.com' }] }),
      /^Email sending is not enabled/,
    ],
  ] as const)('%s: a plain not_enabled state with what to do, remembered until it works again', async (feature, off, attempt, message) => {
    await setFeatures(off);
    const e = await attempt();
    expect(e.kind).toBe('not_enabled');
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/support/);
    expect(e.message).not.toMatch(/0x0102|incident|HTTP 403|The gateway said/);
    expect((await a.ok('account.features', {})).features).toContainEqual(expect.objectContaining({ feature, state: 'not_enabled' }));
    await setFeatures(Object.fromEntries(Object.keys(off).map((k) => [k, true])));
    if (feature === 'keywords') {
      await a.ok('account.keywords', {});
      expect((await a.ok('account.features', {})).features).toContainEqual(expect.objectContaining({ feature, state: 'enabled' }));
    }
  });
});
