// Staff spend only within the owner's caps (issue 26.6), over the wire: with the per-campaign and daily caps at
// 0.01 DKK a staff user's reply to a new number, 200-number lookup and email are refused with a spend.* code before
// the gateway is asked (the simulator's credit does not move); with room left they go, and what they cost counts
// against the daily cap for the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTeamWorld, type TeamClient, type TeamWorld } from './harness';

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

  it('sends at most what today’s cap holds of replies made at the same moment', async () => {
    await caps(null, null);
    const dk = (await staff.ok('account.prices', { search: 'Denmark', tier: 'standard' })).rows[0]!.dkk;
    const spent = world.core.db.prepare('SELECT coalesce(sum(cost), 0) FROM daily_spend').pluck().get() as number;
    await caps(null, spent + dk * 1.5);
    const to = [4529990011, 4529990012, 4529990013];
    const answers = await Promise.all(to.map((msisdn) => staff.call('inbox.reply', { msisdn, text: 'Hej', sender: 'Salon' })));
    for (const a of answers) if (!a.ok) expect(a.error.code).toBe('spend.overDailyCap');
    const refused = answers.filter((a) => !a.ok).length;
    // One goes out; each other one was refused, or waits in the outbox at the daily cap (never sent by itself).
    const waiting = () => world.core.db.prepare("SELECT count(*) FROM campaigns WHERE kind = 'reply' AND waiting_reason = 'daily_cap'").pluck().get() as number;
    const sent = async () => (await world.ledger()).filter((m) => to.includes(m.recipient)).length;
    await eventually(async () => (await sent()) === 1 && refused + waiting() === 2, 10_000, 'one reply sent, the others refused or waiting');
    expect(await sent()).toBe(1);
    await caps(null, null);
  });

  it('refuses a capped reply whose number the price list does not price', async () => {
    await caps(100, 100);
    expect((await staff.fails('inbox.reply', { msisdn: 999123456, text: 'Hej', sender: 'Salon' })).code).toBe('spend.unpriced');
    await caps(null, null);
  });
});
