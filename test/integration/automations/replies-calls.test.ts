// Keyword and welcome automations set up the way the Automations view does it (automations.create and .activate),
// with what they did read back through automations.history and automations.get.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';
import { draftOf, keyword, ledgerOf, texts } from './replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

describe('keyword and welcome automations through the calls', () => {
  it('answers from the moment it is switched on, joins the group, welcomes once, and lists it all in the history', async () => {
    const club = await t.call('groups.create', { name: 'Klubben' });
    // A text from before the switch-on is not owed a reply.
    await t.inbound(4520000001, 'KLUB');
    await t.call('sync.now', {});

    const kw = await t.call('automations.create', {
      draft: draftOf('Tilmeld', keyword({ keywords: ['KLUB'], addToGroupId: club.id, optIn: true, frequency: { kind: 'period', hours: 24 } }), 'Du er med, {first_name}!'),
    });
    const wel = await t.call('automations.create', { draft: draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen i klubben!') });
    await t.call('automations.activate', { id: kw.id });
    await t.call('automations.activate', { id: wel.id });

    const got = await texts(t, [
      [4520000001, 'klub'],
      [4520000001, 'Klub igen'],
      [4520000002, 'hej'],
    ], 1204, 1);
    expect(got.map((d) => [d.msisdn, d.outcome])).toEqual([
      [4520000001, 'replied'],
      [4520000001, 'limited'],
      [4520000002, 'no_rule'],
    ]);
    await eventually(() => {
      const n = t.core.db.prepare("SELECT COUNT(*) AS n FROM automation_occurrences WHERE automation_id = ? AND occurrence = 'welcome'").get(wel.id) as { n: number };
      if (n.n !== 1) throw new Error('not welcomed yet');
    });
    const sent = await ledgerOf(t, 2);
    expect(sent.map((m) => [m.recipient, m.text]).sort()).toEqual([
      [4520000001, 'Du er med, kunde!'],
      [4520000001, 'Velkommen i klubben!'],
    ]);

    const replies = await t.call('automations.history', { id: kw.id });
    // The text no keyword matched is listed too (issue 27.8): it came after the switch-on, as the decision counted it.
    expect(replies.items.map((i) => [i.kind, i.state, i.msisdn, i.reason, i.reasonCode?.code ?? null])).toEqual([
      ['reply', 'skipped', 4520000002, 'hej', 'automation.reply.noRule'],
      ['reply', 'skipped', 4520000001, 'Klub igen', 'automation.reply.limited'],
      ['reply', 'replied', 4520000001, 'klub', null],
    ]);
    // The welcome's history: on its way, then sent, each an entry of its own (issue 27.5), newest first. The run is
    // marked sent when the outbox's acceptance reaches it, in a slice of its own: the gateway may hold the text first.
    await expect.poll(async () => (await t.call('automations.history', { id: wel.id })).items.length, { timeout: 10_000 }).toBe(2);
    const welcomes = await t.call('automations.history', { id: wel.id });
    expect(welcomes.items.map((i) => [i.kind, i.state, i.recipients])).toEqual([
      ['run', 'sent', 1],
      ['run', 'sending', 1],
    ]);
    expect(welcomes.items.map((i) => i.contactId)).toEqual([welcomes.items[0]!.contactId, welcomes.items[0]!.contactId]);
    expect(welcomes.items[0]!.contactId).toEqual(expect.any(Number));
    expect((await t.call('automations.get', { id: kw.id })).counts.replies).toBe(1);
  });
});
