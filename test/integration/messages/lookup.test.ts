// messages.lookup against the Sandbox simulator over real HTTP: a webshop's overcharged SMS with its charge status and
// refund, a Besked campaign's message with its link and statuses, the plain not-found answer (also before the message
// reaches long-term storage), the typed error while the gateway cannot be reached, and campaign rows' message ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../inbox/core-fixture';
import { insertCampaign, recordAccepted } from '../sync/fixtures';

const CHARGE = { amount: 10, currency: 'DKK', code: 'P01', description: 'Vote', category: 'SC00' };

let t: TestCore;

beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t?.close();
});

const advance = (s: number) => t.sim('POST', '/_sim/clock', { advance_seconds: s });

describe('looking up a message by its gateway id', () => {
  it("shows a webshop's overcharged SMS in plain terms, CAPTURED, and the refund once asked for", async () => {
    const res = await t.core.gateway.sendMtsms({
      class: 'charge',
      message: 'Thanks for voting',
      sender: '1204',
      label: 'webshop',
      recipients: [{ msisdn: 4512345671, charge: CHARGE }],
    });
    const id = res.ids[0]!;
    await advance(10);
    const m = await t.call('messages.lookup', { gatewayId: id });
    expect(m).toMatchObject({ gatewayId: id, mode: 'sandbox', messageClass: 'charge', text: 'Thanks for voting', binary: false, sender: '1204', label: 'webshop', campaign: null });
    expect(Date.parse(m.sentAt!)).not.toBeNaN();
    expect(m.recipients).toEqual([
      expect.objectContaining({
        msisdn: '4512345671',
        status: 'delivered',
        statusLabel: 'Delivered',
        gatewayStatus: 'DELIVERED',
        parts: 1,
        country: 'DK',
        chargeStatus: 'CAPTURED',
        chargeStatusFrom: 'message',
        refundRequestedAt: null,
      }),
    ]);

    const receipt = await t.call('account.refund', { mtsmsId: id, msisdn: '4512345671', messageClass: m.messageClass, chargeStatus: m.recipients[0]!.chargeStatus });
    const after = await t.call('messages.lookup', { gatewayId: id });
    expect(after.recipients[0]).toMatchObject({ refundRequestedAt: receipt.requestedAt });
  });

  it("links a Besked campaign's message and shows each recipient's delivery", async () => {
    const res = await t.core.gateway.sendMtsms({ message: 'Spring sale', sender: 'Shop', recipients: [{ msisdn: 4520304071 }, { msisdn: 4520304070 }] });
    const id = res.ids[0]!;
    const campaignId = insertCampaign(t.core.db, { mode: 'sandbox' });
    t.core.db.prepare("UPDATE campaigns SET name = 'Spring sale' WHERE id = ?").run(campaignId);
    recordAccepted(t.core.db, { campaignId, gatewayId: String(id), msisdns: [4520304071, 4520304070], sendAt: Date.now(), validityS: 432000, done: true });
    await advance(10);
    const m = await t.call('messages.lookup', { gatewayId: id });
    expect(m).toMatchObject({ messageClass: 'standard', campaign: { id: campaignId, name: 'Spring sale', kind: 'campaign' } });
    const byNumber = Object.fromEntries(m.recipients.map((r) => [r.msisdn, r]));
    expect(byNumber['4520304071']).toMatchObject({ status: 'delivered', chargeStatus: null, chargeStatusFrom: null });
    expect(byNumber['4520304070']).toMatchObject({ status: 'failed', gatewayStatus: 'UNDELIVERABLE', statusExplanation: expect.stringMatching(/could not deliver/) });
    expect(byNumber['4520304070']!.statusError).toBeTruthy();

    // The same id in the other mode is another gateway's message: no link.
    t.core.db.prepare("UPDATE campaigns SET mode = 'live' WHERE id = ?").run(campaignId);
    expect((await t.call('messages.lookup', { gatewayId: id })).campaign).toBeNull();
  });

  it('says plainly that an unknown id, or one not yet in long-term storage, is not there', async () => {
    const unknown = await t.fail('messages.lookup', { gatewayId: 42 });
    expect(unknown.kind).toBe('not_found');
    expect(unknown.message).toMatch(/^The gateway has no sent message with id 42\. Check the number\./);
    expect(unknown.message).toMatch(/once it has been sent and moved to the gateway’s long-term storage/);
    expect(unknown.message).not.toMatch(/0x0|HTTP|404|incident/);

    // Sent this very moment: the gateway has not archived it yet.
    const fresh = (await t.core.gateway.sendMtsms({ message: 'Just now', sender: 'Shop', recipients: [{ msisdn: 4520304072 }] })).ids[0]!;
    expect(await t.fail('messages.lookup', { gatewayId: fresh })).toMatchObject({ kind: 'not_found' });
    await advance(5);
    expect((await t.call('messages.lookup', { gatewayId: fresh })).text).toBe('Just now');
  });

  it('answers a typed network error while the gateway cannot be reached, and works again after', async () => {
    const id = (await t.core.gateway.sendMtsms({ message: 'Hi', sender: 'Shop', recipients: [{ msisdn: 4520304073 }] })).ids[0]!;
    await advance(5);
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: `/rest/mtsms/${id}`, drop: 'before' }] });
    const e = await t.fail('messages.lookup', { gatewayId: id });
    expect(e.kind).toBe('network');
    await t.sim('PUT', '/_sim/faults', { rules: [] });
    expect((await t.call('messages.lookup', { gatewayId: id })).gatewayId).toBe(id);
  });

  it('refuses an id that is not a whole number, naming the field', async () => {
    const e = await t.fail('messages.lookup', { gatewayId: 'abc' as unknown as number });
    expect(e).toMatchObject({ kind: 'validation', message: expect.stringMatching(/gatewayId: A message id is a whole number/) });
  });
});

describe("campaign rows' message ids", () => {
  it('campaigns.recipients gives the SMS-interface id of rows that have one, and nothing for the rest', async () => {
    const legacyCampaign = insertCampaign(t.core.db);
    const [a, b] = recordAccepted(t.core.db, { campaignId: legacyCampaign, gatewayId: '100000555', msisdns: [4520304081, 4520304082], sendAt: Date.now(), validityS: 60, done: true });
    const messaging = insertCampaign(t.core.db, { channel: 'messaging' });
    const [c] = recordAccepted(t.core.db, { campaignId: messaging, gatewayId: '01JFAKEMSGID', msisdns: [4520304083], sendAt: Date.now(), validityS: 60, iface: 'messaging', done: true });
    const queued = Number(
      t.core.db
        .prepare("INSERT INTO campaign_recipients (campaign_id, msisdn, text, parts, state) VALUES (?, 4520304084, 'x', 1, 'queued')")
        .run(legacyCampaign).lastInsertRowid,
    );
    const rows = async (campaignId: number) =>
      new Map((await t.call('campaigns.recipients', { id: campaignId, limit: 100 })).rows.map((r) => [r.id, r.messageId]));
    const legacyRows = await rows(legacyCampaign);
    expect(legacyRows.get(a!)).toBe(100000555);
    expect(legacyRows.get(b!)).toBe(100000555);
    expect(legacyRows.get(queued)).toBeNull();
    expect((await rows(messaging)).get(c!)).toBeNull();
  });
});
