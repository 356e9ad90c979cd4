// Keyword auto-replies against the simulator over real HTTP: which rule answers, how often, what the rule does to
// the number (group, opt-in), and every guard that keeps Besked from answering what it must not.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf, keyword, ledger, ledgerOf, texts } from './replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

const KAREN = 4520304051;
const OLE = 4520304052;

const outcomes = (list: { outcome: string }[]) => list.map((d) => d.outcome);

describe('keyword auto-replies', () => {
  it('matches the first word case- and accent-insensitively, with the contact’s merge fields, and å is not a', async () => {
    await t.call('contacts.create', { firstName: 'Karen', phone: `+${KAREN}` });
    const rule = activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Hej {first_name}, vi har åbent 9-17'));
    const got = await texts(t, [
      [KAREN, 'åben i dag?'],
      [OLE, 'A\u030Aben?'],
      [KAREN, 'Aben'],
      [OLE, 'hvornår er I åbne'],
    ]);
    expect(got.map((d) => [d.text, d.outcome, d.automation_id])).toEqual([
      ['åben i dag?', 'replied', rule],
      ['A\u030Aben?', 'replied', rule],
      ['Aben', 'no_rule', null],
      ['hvornår er I åbne', 'no_rule', null],
    ]);
    const sent = await ledgerOf(t, 2);
    expect(sent.map((m) => [m.recipient, m.text, m.sender]).sort()).toEqual([
      [KAREN, 'Hej Karen, vi har åbent 9-17', 'Butikken'],
      [OLE, 'Hej kunde, vi har åbent 9-17', 'Butikken'],
    ]);
    const campaigns = t.core.db.prepare("SELECT automation_id FROM campaigns WHERE kind = 'reply'").pluck().all();
    expect(campaigns).toEqual([rule, rule]);
  });

  it('lists a text no keyword matched ("Aaben" to the ÅBEN rule) in the keyword rules\' history, not silently (issue 27.8)', async () => {
    const rule = activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
    const got = await texts(t, [[KAREN, 'Aaben']]);
    expect(got.map((d) => d.outcome)).toEqual(['no_rule']);
    const history = (await t.call('automations.history', { id: rule })) as { items: { state: string; reason: string | null; reasonCode: { code: string } | null }[] };
    expect(history.items.map((h) => [h.state, h.reason, h.reasonCode?.code])).toEqual([['skipped', 'Aaben', 'automation.reply.noRule']]);
  });

  it('lists an unmatched text from the second its rule was switched on, as the decision counted it, and none before', async () => {
    const rule = activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
    const got = await texts(t, [[KAREN, 'Aaben']]);
    expect(got.map((d) => d.outcome)).toEqual(['no_rule']);
    // The gateway stamps the text to the second; a switch-on later in that second still counts it (the CI saw the
    // history hide it while the decision counted it).
    const sentAt = t.core.db.prepare('SELECT sent_at FROM inbound_messages').pluck().get() as string;
    expect(sentAt).toMatch(/\.000Z$/);
    const listed = async (activatedAt: string) => {
      t.core.db.prepare('UPDATE automations SET activated_at = ? WHERE id = ?').run(activatedAt, rule);
      return (await t.call('automations.history', { id: rule })).items.map((h) => h.reason);
    };
    expect(await listed(new Date(Date.parse(sentAt) + 999).toISOString())).toEqual(['Aaben']);
    expect(await listed(new Date(Date.parse(sentAt) + 1000).toISOString())).toEqual([]);
    expect(await listed(new Date(Date.parse(sentAt) - 1).toISOString())).toEqual(['Aaben']);
  });

  it('answers what no keyword matched with the fallback rule, and never an opt-out word', async () => {
    const info = activate(t, draftOf('Info', keyword({ keywords: ['INFO', 'hjælp'] }), 'Info: ring 70 10 10 10'));
    const other = activate(t, draftOf('Alt andet', keyword({ fallback: true }), 'Tak for din besked'));
    const got = await texts(t, [
      [KAREN, 'Info tak'],
      [OLE, 'Hej med jer'],
      [KAREN, 'HJÆLP!'],
      [4520304053, 'stop'],
    ]);
    expect(got.map((d) => [d.outcome, d.automation_id])).toEqual([
      ['replied', info],
      ['replied', other],
      ['replied', info],
      ['opt_out_word', null],
    ]);
    expect((await t.call('inbox.conversations', {})).conversations.find((c) => c.msisdn === 4520304053)?.optedOut).toBe(true);
    await ledgerOf(t, 3);
    expect((await ledger(t)).filter((m) => m.recipient === OLE).map((m) => m.text)).toEqual(['Tak for din besked']);
    expect((await ledger(t)).filter((m) => m.recipient === 4520304053)).toEqual([]);
  });

  it.each([
    ['every', { kind: 'every' } as const, ['replied', 'replied', 'replied'], ['replied']],
    ['first', { kind: 'first' } as const, ['replied', 'limited', 'limited'], ['limited']],
    ['period of 24 h', { kind: 'period', hours: 24 } as const, ['replied', 'limited', 'limited'], ['replied']],
  ])('how often one number gets the reply: %s', async (_name, frequency, firstDay, dayAfter) => {
    activate(t, draftOf('Menu', keyword({ keywords: ['MENU'], frequency }), 'Dagens ret: frikadeller'));
    const day1 = await texts(t, [
      [KAREN, 'menu 1'],
      [KAREN, 'menu 2'],
      [KAREN, 'menu 3'],
      [OLE, 'menu'],
    ]);
    expect(outcomes(day1.filter((d) => d.msisdn === KAREN))).toEqual(firstDay);
    expect(outcomes(day1.filter((d) => d.msisdn === OLE))).toEqual(['replied']);
    await t.sim('POST', '/_sim/clock', { advance_seconds: 25 * 3600 });
    const all = await texts(t, [[KAREN, 'menu igen']]);
    expect(outcomes(all.slice(4))).toEqual(dayAfter);
  });

  it('adds the number to a group, creating its contact, and opts it in with the inbound text as provenance', async () => {
    const club = await t.call('groups.create', { name: 'Klubben' });
    await t.call('contacts.create', { firstName: 'Karen', phone: `+${KAREN}` });
    const rule = activate(t, draftOf('Tilmeld', keyword({ keywords: ['JA'], addToGroupId: club.id, optIn: true }), 'Velkommen i klubben, {first_name}!'));
    // Karen opted out earlier; her JA is a new consent.
    await texts(t, [[KAREN, 'STOP']]);
    const got = await texts(t, [
      [KAREN, 'ja tak'],
      [OLE, 'Ja'],
    ]);
    expect(got.slice(1).map((d) => [d.msisdn, d.outcome, d.automation_id])).toEqual([
      [KAREN, 'replied', rule],
      [OLE, 'replied', rule],
    ]);
    const members = await t.call('contacts.list', { filter: { groupId: club.id } });
    expect(members.rows.map((r) => r.e164).sort()).toEqual([`+${KAREN}`, `+${OLE}`]);
    expect(members.rows.every((r) => !r.optedOut)).toBe(true);
    const ole = await t.call('contacts.get', { id: members.rows.find((r) => r.e164 === `+${OLE}`)!.id });
    const inboundOle = got[2]!.inbound_id;
    expect(ole.consent).toEqual([expect.objectContaining({ action: 'opt_in', source: 'keyword', by: `JA from +${OLE}`, note: `inbound #${inboundOle}` })]);
    const karen = await t.call('contacts.get', { id: members.rows.find((r) => r.e164 === `+${KAREN}`)!.id });
    expect(karen.consent.map((c) => c.action)).toEqual(['opt_in', 'opt_out']);
    const sent = await ledgerOf(t, 2);
    expect(sent.map((m) => m.text).sort()).toEqual(['Velkommen i klubben, Karen!', 'Velkommen i klubben, kunde!']);
  });

  it('never answers an opted-out number, a short code, a sender name, our own number, a loop or a text older than the grace period', async () => {
    const OWN = 4570100100;
    activate(t, draftOf('Alt', keyword({ fallback: true }), 'Tak', String(OWN)));
    await texts(t, [[OLE, 'STOP']]);
    const got = await texts(t, [
      [OLE, 'hej igen'],
      [1234, 'hej'],
      [4520000001, 'hej', 'Orange'],
      [OWN, 'Tak'],
      [KAREN, 'Er I der?'],
      [KAREN, 'er i der?'],
      [KAREN, 'Er I  der? '],
      [KAREN, 'Er I der?'],
      [KAREN, 'Er I der?'],
    ]);
    expect(outcomes(got.slice(1))).toEqual(['opted_out', 'not_a_phone', 'not_a_phone', 'not_a_phone', 'replied', 'replied', 'replied', 'loop', 'loop']);

    // A text the gateway got while Besked was closed, first seen 3 hours later (grace: 2 hours).
    await t.sim('POST', '/_sim/inbound', { msisdn: 4520000002, receiver: 1204, message: 'hej' });
    await t.sim('POST', '/_sim/clock', { advance_seconds: 3 * 3600 });
    const late = await texts(t, []);
    expect(outcomes(late.slice(got.length))).toEqual(['too_old']);
    await ledgerOf(t, 3);
    expect(new Set((await ledger(t)).map((m) => m.recipient))).toEqual(new Set([KAREN]));
  });
});

describe('keyword auto-replies within the owner’s spending caps (issue 26.6)', () => {
  it('does not answer when the caps leave no room: the decision is failed with the cap’s words, nothing goes out', async () => {
    await t.call('settings.update', { sendingLimits: { campaignCap: 0.01, dailyCap: 0.01, maxParts: null, quietHours: null, messagesPerMinute: null } });
    activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
    const got = await texts(t, [[KAREN, 'åben?']]);
    expect(outcomes(got)).toEqual(['failed']);
    expect(t.core.db.prepare('SELECT reason FROM auto_replies').pluck().get()).toMatch(/more than your limit of 0\.01 DKK per send/);
    expect(t.core.db.prepare("SELECT count(*) FROM campaigns WHERE kind = 'reply'").pluck().get()).toBe(0);
    expect((await ledger(t)).filter((m) => m.recipient === KAREN)).toEqual([]);
  });
});
