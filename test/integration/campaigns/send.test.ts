// A campaign end to end against the sandbox simulator over real HTTP: resolved, priced, frozen, sent in chunks,
// and found in the simulator's ledger once per recipient with the merged text.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, dkNumber, makeGroup, startTestCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('a campaign to a group', () => {
  it('lands once per recipient with each text merged, excluded entries listed with reasons', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const { groupId, ids } = await makeGroup(t, 'Regulars', [
      { firstName: 'Anna', phone: `+${dkNumber(1)}` },
      { firstName: 'Bo', phone: `+${dkNumber(2)}` },
      { firstName: '', lastName: 'Nameless', phone: `+${dkNumber(3)}` },
      { firstName: 'Zoë', phone: `+${dkNumber(4)}` },
      { firstName: 'Opted', phone: `+${dkNumber(5)}` },
    ]);
    await t.ok('contacts.optOut', { selection: { ids: [ids[4]!] } });
    await t.ok('pricing.status', { refresh: true });
    await t.ok('account.balance', { refresh: true });

    const created = await t.ok('campaigns.create', {});
    const d = draft({
      text: 'Hi {first_name}, 20% off today!',
      fallbacks: { first_name: 'friend' },
      recipients: { contactIds: [], groupIds: [groupId], searches: [], numbers: [`+${dkNumber(1)}`, 'not a number', `0045 20 00 00 06`] },
    });
    await t.ok('campaigns.saveDraft', { id: created.id, draft: d });

    const preview = await t.ok('compose.preview', { draft: d });
    expect(preview.recipients).toBe(5);
    expect(preview.exclusionCounts).toEqual({ opted_out: 1, invalid: 1, duplicate: 1, no_phone: 0 });
    expect(preview.parts).toEqual({ min: 1, max: 1, total: 5 });
    expect(preview.encodings).toEqual({ gsm: 4, ucs2: 1 });
    expect(preview.cost?.currency).toBe('DKK');
    expect(preview.cost!.total).toBeCloseTo(5 * 0.13, 4);
    expect(preview.fields.missing).toEqual([{ field: 'first_name', recipients: 2 }]);
    expect(preview.canSend).toBe(true);

    const second = await t.ok('compose.recipient', { draft: d, index: 3 });
    expect(second?.text).toBe('Hi Zoë, 20% off today!');
    expect(second?.encoding).toBe('UCS-2');

    const sent = await t.ok('campaigns.send', { id: created.id, expectedCost: preview.cost!.total });
    expect(['sending', 'sent']).toContain(sent.state);
    const done = await t.waitForState(created.id, ['sent']);
    expect(done.counts).toMatchObject({ total: 5, accepted: 5, queued: 0, uncertain: 0, failed: 0, excluded: 3 });
    expect(done.cost).toBeCloseTo(5 * 0.13, 4);

    const ledger = (await t.ledger()).filter((e) => e.interface === 'legacy');
    const byNumber = new Map<number, string[]>();
    for (const e of ledger) byNumber.set(e.recipient, [...(byNumber.get(e.recipient) ?? []), e.text]);
    expect(byNumber).toEqual(
      new Map([
        [dkNumber(1), ['Hi Anna, 20% off today!']],
        [dkNumber(2), ['Hi Bo, 20% off today!']],
        [dkNumber(3), ['Hi friend, 20% off today!']],
        [dkNumber(4), ['Hi Zoë, 20% off today!']],
        [dkNumber(6), ['Hi friend, 20% off today!']],
      ]),
    );
    // The UCS-2 recipient went in a message of its own, so the others were billed as GSM-7.
    expect(ledger.find((e) => e.recipient === dkNumber(4))?.encoding).toBe('UCS-2');
    expect(ledger.filter((e) => e.recipient !== dkNumber(4)).every((e) => e.encoding === 'GSM-7')).toBe(true);

    const progress = t.events.filter((e) => e.name === 'campaign.progress');
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const detail = await t.ok('campaigns.get', { id: created.id });
    expect(detail.exclusions).toEqual(
      expect.arrayContaining([
        { reason: 'opted_out', count: 1 },
        { reason: 'invalid', count: 1 },
        { reason: 'duplicate', count: 1 },
      ]),
    );
    const rows = await t.ok('campaigns.recipients', { id: created.id, filter: 'accepted' });
    expect(rows.total).toBe(5);
    expect(rows.rows[0]).toMatchObject({ state: 'accepted', status: 'pending', statusLabel: 'Waiting' });
    expect(await t.ok('senders.recent', {})).toEqual({ senders: ['Besked'] });

    const file = await t.ok('campaigns.export', { id: created.id });
    const csv = Buffer.from(file.base64, 'base64').toString('utf8');
    expect(csv.startsWith('\uFEFFNumber,Name,Text')).toBe(true);
    expect(csv).toContain(`${dkNumber(2)},Bo,"Hi Bo, 20% off today!",1,Accepted by the gateway`);
    expect(csv.split('\r\n')).toHaveLength(1 + 6 + 2);
  });
});
