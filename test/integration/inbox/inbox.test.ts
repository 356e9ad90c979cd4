// The inbox through the core's calls, against the sandbox simulator: replies arrive once, STOP opts out, answers go out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from './core-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

const CUSTOMER = 4520304051;

describe('inbox', () => {
  it('shows a reply in its conversation with an unread count, once, and marks it read', async () => {
    await t.inbound(CUSTOMER, 'Hej, har I åbent i morgen?');
    await t.inbound(CUSTOMER, 'Og på lørdag?');
    await t.call('sync.now', {});
    await t.call('sync.now', {});

    const list = await t.call('inbox.conversations', {});
    expect(list.unread).toBe(2);
    expect(list.conversations).toEqual([
      expect.objectContaining({ msisdn: CUSTOMER, unread: 2, lastText: 'Og på lørdag?', lastDirection: 'in', optedOut: false, name: null }),
    ]);
    const received = t.heard.filter((m) => m.name === 'inbox.received');
    expect(received).toHaveLength(2);
    expect(t.heard.filter((m) => m.name === 'inbox.unread').at(-1)?.payload).toEqual({ count: 2 });
    expect((await t.call('inbox.unreadCount', {})).count).toBe(2);

    const thread = await t.call('inbox.thread', { msisdn: CUSTOMER });
    expect(thread.items.map((i) => i.text)).toEqual(['Hej, har I åbent i morgen?', 'Og på lørdag?']);

    expect(await t.call('inbox.markRead', { msisdn: CUSTOMER })).toEqual({ unread: 0 });
    expect((await t.call('inbox.conversations', {})).conversations[0]!.unread).toBe(0);
    expect(t.heard.filter((m) => m.name === 'inbox.unread').at(-1)?.payload).toEqual({ count: 0 });
  });

  it('names the conversation after the contact with that number', async () => {
    await t.call('contacts.create', { firstName: 'Karen', lastName: 'Jensen', phone: `+${CUSTOMER}` });
    await t.inbound(CUSTOMER, 'Tak!');
    await t.call('sync.now', {});
    const c = (await t.call('inbox.conversations', {})).conversations[0]!;
    expect(c.name).toBe('Karen Jensen');
    expect(c.contactId).not.toBeNull();
  });

  it('stores nothing twice across a restart and picks up what came in meanwhile', async () => {
    await t.inbound(CUSTOMER, 'one');
    await t.call('sync.now', {});
    await t.restart();
    await t.inbound(CUSTOMER, 'two');
    await t.call('sync.now', {});
    const thread = await t.call('inbox.thread', { msisdn: CUSTOMER });
    expect(thread.items.map((i) => i.text)).toEqual(['one', 'two']);
    const n = (t.core.db.prepare('SELECT COUNT(*) AS n FROM inbound_messages').get() as { n: number }).n;
    expect(n).toBe(2);
  });

  it('reads every page and misses nothing across midnight', async () => {
    // Put the sandbox's clock a few minutes before midnight UTC (which is after midnight in Denmark).
    const clock = await t.sim<{ now: string }>('GET', '/_sim/clock');
    const now = Date.parse(clock.now);
    const nextMidnight = Math.ceil(now / 86_400_000) * 86_400_000;
    await t.sim('POST', '/_sim/clock', { advance_seconds: Math.floor((nextMidnight - now) / 1000) - 120 });
    for (let i = 0; i < 230; i++) await t.inbound(4520000000 + i, `before ${i}`);
    await t.call('sync.now', {});
    await t.sim('POST', '/_sim/clock', { advance_seconds: 240 });
    for (let i = 0; i < 190; i++) await t.inbound(4520000000 + i, `after ${i}`);
    await t.call('sync.now', {});
    const rows = t.core.db.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT mosms_id) AS d FROM inbound_messages').get() as { n: number; d: number };
    expect(rows).toEqual({ n: 420, d: 420 });
    // Texts stamped on both sides of midnight, by the gateway's clock.
    const days = t.core.db.prepare("SELECT COUNT(DISTINCT substr(sent_at, 1, 10)) AS d FROM inbound_messages").get() as { d: number };
    expect(days.d).toBe(2);
    // Only the first poll's news raised notifications, a few at most.
    expect(t.heard.filter((m) => m.name === 'inbox.received').length).toBeLessThanOrEqual(10);
  });

  it('opts the number out on STOP, with a consent-log entry, and refuses to reply to it', async () => {
    await t.inbound(CUSTOMER, 'Stop!');
    await t.call('sync.now', {});
    const c = (await t.call('inbox.conversations', {})).conversations[0]!;
    expect(c.optedOut).toBe(true);
    const thread = await t.call('inbox.thread', { msisdn: CUSTOMER });
    expect(thread.items[0]).toMatchObject({ direction: 'in', optOutKeyword: 'STOP' });
    const log = t.core.db.prepare('SELECT action, source, by FROM consent_log WHERE msisdn = ?').all(CUSTOMER);
    expect(log).toEqual([{ action: 'opt_out', source: 'keyword', by: `STOP from +${CUSTOMER}` }]);
    const err = await t.fail('inbox.reply', { msisdn: CUSTOMER, text: 'Er du sikker?' });
    expect(err.kind).toBe('conflict');
    expect(err.message).toMatch(/opted out/);
  });

  it('uses the keywords from Settings', async () => {
    await t.call('settings.update', { optOutKeywords: ['NEJ TAK'] });
    await t.inbound(CUSTOMER, 'stop');
    await t.inbound(CUSTOMER + 1, 'Nej tak.');
    await t.call('sync.now', {});
    const out = t.core.db.prepare('SELECT msisdn FROM opt_outs ORDER BY msisdn').all();
    expect(out).toEqual([{ msisdn: CUSTOMER + 1 }]);
  });

  it('sends the opt-out confirmation when switched on', async () => {
    await t.call('settings.update', { autoConfirmOptOut: true, optOutConfirmText: 'Du er afmeldt.' });
    await t.inbound(CUSTOMER, 'AFMELD');
    await t.call('sync.now', {});
    await eventually(async () => {
      const ledger = await t.sim<{ messages: { recipient: number; text: string }[] }>('GET', '/_sim/ledger');
      expect(ledger.messages).toEqual([expect.objectContaining({ recipient: CUSTOMER, text: 'Du er afmeldt.' })]);
    });
  });

  it('answers a reply through the outbox and shows its delivery status in the thread', async () => {
    await t.inbound(CUSTOMER, 'Hvad koster det?');
    await t.call('sync.now', {});
    const { campaignId, item } = await t.call('inbox.reply', { msisdn: CUSTOMER, text: 'Det koster 100 kr.' });
    expect(item).toMatchObject({ direction: 'out', campaignKind: 'reply', text: 'Det koster 100 kr.', parts: 1, needsWebhook: false });
    await eventually(async () => {
      const th = await t.call('inbox.thread', { msisdn: CUSTOMER });
      expect(th.items.at(-1)).toMatchObject({ direction: 'out', sendState: 'accepted' });
    });
    const ledger = await t.sim<{ messages: { recipient: number; text: string }[] }>('GET', '/_sim/ledger');
    expect(ledger.messages).toEqual([expect.objectContaining({ recipient: CUSTOMER, text: 'Det koster 100 kr.' })]);

    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await t.call('sync.now', { campaignId });
    const th = await t.call('inbox.thread', { msisdn: CUSTOMER });
    expect(th.items.map((i) => i.direction)).toEqual(['in', 'out']);
    expect(th.items.at(-1)).toMatchObject({ status: 'delivered', gatewayStatus: 'DELIVERED' });
    expect(t.heard.some((m) => m.name === 'message.status')).toBe(true);
    // The reply keeps the conversation listed, newest activity first.
    expect((await t.call('inbox.conversations', {})).conversations[0]).toMatchObject({ msisdn: CUSTOMER, lastDirection: 'out' });
  });

  it('refuses an empty reply and a reply without any sender', async () => {
    expect((await t.fail('inbox.reply', { msisdn: CUSTOMER, text: '   ' })).kind).toBe('validation');
    // Never written to: no short code to answer from, and no default sender.
    const e = await t.fail('inbox.reply', { msisdn: CUSTOMER, text: 'Hej' });
    expect(e).toMatchObject({ kind: 'validation' });
    expect(e.message).toMatch(/sender/);
  });

  it('reports when replies were last refreshed', async () => {
    const s = await t.call('sync.now', {});
    expect(s.inbox.lastSuccessAt).not.toBeNull();
    expect(s.inbox.offline).toBe(false);
    expect(s.webhook).toMatchObject({ enabled: false, listening: false });
  });
});
