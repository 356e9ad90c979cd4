// One clock in the core (issue 27.7): in Sandbox every part of the core reads the test gateway's clock, so after
// that clock has passed a year the campaigns' send-time check still takes an automation's run, and a run handed
// over ahead stops waiting at the gateway once the test clock (not the computer's) passes its send time.
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { numbers, perTest, type TestCore } from '../campaigns/helpers';
import { activate, advance, dailyAt, occurrences, settled, simNow } from './runner-helpers';

const p = perTest();
afterEach(() => p.after());

const zone = 'Europe/Copenhagen';
const DAY = 86_400;

async function dailyIn(t: TestCore, minutes: number): Promise<number> {
  const due = DateTime.fromMillis((await simNow(t)) + minutes * 60_000, { zone });
  return activate(t, dailyAt(due, numbers(700, 1)), { name: 'Daily' });
}

describe('one clock in Sandbox', () => {
  it('hands over a run after the test clock passed a year (the send-time check reads the same clock)', async () => {
    const t = await p.core();
    // The Sandbox tools move at most 60 days at a time.
    for (let day = 0; day < 400; day += 50) await t.ok('sandbox.advanceClock', { seconds: 50 * DAY });
    const id = await dailyIn(t, 600);
    expect(occurrences(t, id).map((r) => [r.state, r.reason])).toEqual([['handed_over', null]]);
    const ledger = (await t.ledger()).filter((e) => e.interface === 'legacy');
    expect(ledger.map((e) => e.status)).toEqual(['SCHEDULED']);
  });

  it('a handed-over run no longer waits at the gateway once the test clock passes its send time', async () => {
    const t = await p.core();
    const id = await dailyIn(t, 600);
    const [run] = occurrences(t, id);
    expect(run!.state).toBe('handed_over');
    const before = await t.ok('campaigns.get', { id: run!.campaign_id! });
    expect(before.pendingAtGateway).toBe(true);
    await advance(t, 11 * 3600);
    await settled(t);
    const after = await t.ok('campaigns.get', { id: run!.campaign_id! });
    expect(after.pendingAtGateway).toBe(false);
  });
});
