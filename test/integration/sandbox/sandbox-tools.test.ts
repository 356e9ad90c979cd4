// The sandbox.* calls against a whole core: a reply played for a contact or a number arrives in the inbox at once (STOP
// opts the contact out), a number made unreachable fails, the clock moves; and while live, every call is refused with
// sandbox.liveMode and the live gateway is never touched.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallInput, CallName } from '../../../src-shared/contract';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { simCall } from '../core-calls';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';

describe('Sandbox tools in Sandbox', () => {
  let t: TestCore;
  beforeEach(async () => {
    t = await startTestCore();
  });
  afterEach(() => t.close());

  it("plays a contact's reply: in the inbox as soon as the call answers, and STOP opts the contact out", async () => {
    const contact = await t.call('contacts.create', { firstName: 'Mette', phone: '+45 20 30 40 51' });
    expect(await t.call('sandbox.reply', { contactId: contact.id, text: 'Har I den i blå?' })).toEqual({ from: '+4520304051' });
    const { conversations } = await t.call('inbox.conversations', {});
    expect(conversations.map((c) => [c.msisdn, c.lastText])).toEqual([[4520304051, 'Har I den i blå?']]);

    await t.call('sandbox.reply', { contactId: contact.id, text: 'STOP' });
    expect((await t.call('contacts.get', { id: contact.id })).optedOut).toBe(true);
  });

  it('plays a reply from a number typed in the contacts’ default country', async () => {
    expect(await t.call('sandbox.reply', { phone: '20 30 40 52', text: 'Hej' })).toEqual({ from: '+4520304052' });
    expect((await t.call('inbox.conversations', {})).conversations[0]?.msisdn).toBe(4520304052);
  });

  it.each([
    ['neither a contact nor a number', { text: 'Hej' }, 'sandbox.whoMissing'],
    ['both a contact and a number', { contactId: 1, phone: '20304052', text: 'Hej' }, 'sandbox.whoMissing'],
    ['a contact that does not exist', { contactId: 999, text: 'Hej' }, 'contact.notFound'],
    ['a number no plan has', { phone: '123', text: 'Hej' }, 'phone.invalid'],
  ] as const)('refuses a reply from %s with %s', async (_what, input, code) => {
    expect(await t.fail('sandbox.reply', input)).toMatchObject({ code });
  });

  it('makes a number unreachable (its next message fails at the test gateway) and reachable again', async () => {
    // Ends in 1: the test gateway's number rule would deliver it.
    const state = await t.call('sandbox.setReachable', { phone: '+4520304061', reachable: false });
    expect(state.unreachable).toEqual(['+4520304061']);
    await t.sim('POST', '/rest/mtsms', { message: 'Hej', sender: 'Besked', recipients: [{ msisdn: 4520304061 }] });
    await t.call('sandbox.advanceClock', { seconds: 10 });
    const { messages } = await t.sim<{ messages: { recipient: number; status: string }[] }>('GET', '/_sim/ledger');
    expect(messages.find((m) => m.recipient === 4520304061)?.status).toBe('UNDELIVERABLE');
    expect((await t.call('sandbox.setReachable', { phone: '+4520304061', reachable: true })).unreachable).toEqual([]);
  });

  it('lets a scheduled campaign go out when the clock passes its send time, its reports fetched at once', async () => {
    // Ending 1 is delivered, and the number made unreachable fails.
    await t.call('sandbox.setReachable', { phone: '+4520304072', reachable: false });
    const { id, draft } = await t.call('campaigns.create', {});
    const sendAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const recipients = { contactIds: [], groupIds: [], searches: [], numbers: ['+4520304071', '+4520304072'] };
    await t.call('campaigns.saveDraft', { id, draft: { ...draft, name: 'Weekend', channel: 'legacy', sender: 'Bageriet', text: 'Weekend!', recipients, sendAt } });
    await t.call('campaigns.send', { id });
    await eventually(async () => expect((await t.call('campaigns.get', { id })).state).toBe('scheduled'));
    expect((await t.call('campaigns.get', { id })).delivery).toMatchObject({ delivered: 0, failed: 0 });

    await t.call('sandbox.advanceClock', { seconds: 3 * 3600 });
    const after = await t.call('campaigns.get', { id });
    expect(after.delivery).toMatchObject({ delivered: 1, failed: 1 });
    // The gateway's reports say the messages went out, though this PC's clock is still before the send time: the
    // campaign is sent (both requests were accepted; the failed delivery is in its delivery counts), and nothing
    // waits at the gateway any more, so there is nothing to cancel.
    expect(after.state).toBe('sent');
    expect(after.finishedAt).not.toBeNull();
    expect(after.pendingAtGateway).toBe(false);
  });

  it("moves the test gateway's clock forward and says where it is now", async () => {
    const before = Date.parse((await t.call('sandbox.state', {})).now);
    const after = Date.parse((await t.call('sandbox.advanceClock', { seconds: 3600 })).now);
    expect(after - before).toBeGreaterThanOrEqual(3_600_000);
    expect(after - before).toBeLessThan(3_660_000);
  });
});

describe('Sandbox tools while live', () => {
  const TOKEN = 'live-gateway-token-for-the-refusal-test';
  let live: Simulator;
  let t: TestCore;
  beforeAll(async () => {
    live = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    t = await startTestCore();
    await t.call('contacts.create', { firstName: 'Mette', phone: '+4520304051' });
    await t.call('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: live.url, legacyUrl: live.url } } });
    await t.call('settings.setToken', { platform: 'default', token: TOKEN });
    expect((await t.core.connection.state()).mode).toBe('live');
  });
  afterAll(async () => {
    await t.close();
    await live.close();
  });

  const calls: [CallName, CallInput<CallName>][] = [
    ['sandbox.state', {}],
    ['sandbox.reply', { contactId: 1, text: 'STOP' }],
    ['sandbox.reply', { phone: '+4520304051', text: 'Hej' }],
    ['sandbox.setReachable', { phone: '+4520304051', reachable: false }],
    ['sandbox.advanceClock', { seconds: 3600 }],
  ];

  it.each(calls)('refuses %s %j with sandbox.liveMode', async (name, input) => {
    const clockBefore = Date.parse(((await simCall(live.url, TOKEN, 'GET', '/_sim/clock')) as { now: string }).now);
    expect(await t.fail(name, input as never)).toMatchObject({ kind: 'conflict', code: 'sandbox.liveMode' });
    // Nothing reached the live gateway: no forced outcome, no moved clock, no reply in the contact's inbox.
    expect(await simCall(live.url, TOKEN, 'GET', '/_sim/outcomes')).toEqual({ numbers: {} });
    const clockAfter = Date.parse(((await simCall(live.url, TOKEN, 'GET', '/_sim/clock')) as { now: string }).now);
    expect(clockAfter - clockBefore).toBeLessThan(60_000);
    const day = new Date(clockAfter).toISOString().slice(0, 10);
    expect(await simCall(live.url, TOKEN, 'GET', `/rest/mosms?from=${day}&to=${day}`)).toMatchObject({ messages: [], results: 0 });
  });
});
