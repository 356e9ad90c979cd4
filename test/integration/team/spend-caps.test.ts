// Staff spend only within the owner's caps (issue 26.6), over the wire: with the per-campaign and daily caps at
// 0.01 DKK a staff user's reply to a new number, 200-number lookup and email are refused with a spend.* code before
// the gateway is asked (the simulator's credit does not move); with room left they go, and what they cost counts
// against the daily cap for the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld;
let owner: TeamClient;
let staff: TeamClient;
beforeAll(async () => {
  world = await startTeamWorld();
  owner = await world.owner('Anna');
  staff = await world.invite('Bo');
});
afterAll(async () => {
  await world?.close();
});

const credit = async () => ((await world.sim('GET', '/_sim/account')) as { credit: number }).credit;
const caps = (campaignCap: number | null, dailyCap: number | null) =>
  owner.ok('settings.update', { sendingLimits: { campaignCap, dailyCap, maxParts: null, quietHours: null, messagesPerMinute: null } });
const numbers = (n: number) => Array.from({ length: n }, (_, i) => ({ msisdn: `4520${String(100001 + i).padStart(6, '0')}` }));
const email = {
  from: 'Salon <shop@example.com>',
  subject: 'Hello',
  plaintext: 'Hi',
  html: '',
  recipients: [{ address: 'anna@example.com' }, { address: 'bo@example.com' }],
};

describe('paid calls within the owner’s caps', () => {
  it('refuses staff a reply, a lookup and an email the caps leave no room for, and the gateway is never asked', async () => {
    // One lookup and one email before any cap: Besked learns what they cost (the gateway publishes no price for them).
    await staff.ok('account.lookup', { numbers: numbers(1), acceptCost: true });
    await staff.ok('account.emailSend', email);
    await caps(0.01, 0.01);
    const before = await credit();

    const reply = await staff.fails('inbox.reply', { msisdn: 4529990001, text: 'Hej, tak for beskeden', sender: 'Salon' });
    expect(reply).toMatchObject({ kind: 'limit', code: 'spend.overCampaignCap', params: { cap: 0.01, currency: 'DKK' } });
    const lookup = await staff.fails('account.lookup', { numbers: numbers(200), acceptCost: true });
    expect(lookup).toMatchObject({ kind: 'limit', code: 'spend.overCampaignCap', params: { cost: expect.closeTo(10, 2), cap: 0.01 } });
    expect((await staff.fails('account.emailSend', email)).code).toBe('spend.overCampaignCap');

    expect(await credit()).toBe(before);
    expect((await world.ledger()).filter((m) => m.recipient === 4529990001)).toEqual([]);
    expect(world.core.db.prepare("SELECT count(*) FROM campaigns WHERE kind = 'reply'").pluck().get()).toBe(0);
  });

  it('lets paid calls through while today’s cap has room, and counts what they cost against it', async () => {
    await caps(null, null);
    const spentBefore = world.core.db.prepare('SELECT coalesce(sum(cost), 0) FROM daily_spend').pluck().get() as number;
    expect(spentBefore).toBeGreaterThan(0.05);
    // Room for two lookups (0.05 each) but not three.
    await caps(null, spentBefore + 0.11);
    await staff.ok('account.lookup', { numbers: numbers(2), acceptCost: true });
    const over = await staff.fails('account.lookup', { numbers: numbers(1), acceptCost: true });
    expect(over).toMatchObject({ kind: 'limit', code: 'spend.overDailyCap' });
    expect(over.params!.room).toBeCloseTo(0.01, 2);
  });

  it('refuses a capped reply whose number the price list does not price', async () => {
    await caps(100, 100);
    expect((await staff.fails('inbox.reply', { msisdn: 999123456, text: 'Hej', sender: 'Salon' })).code).toBe('spend.unpriced');
    await caps(null, null);
  });
});
