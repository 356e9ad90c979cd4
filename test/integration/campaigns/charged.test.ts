// What a campaign "charged": what the gateway kept. Messages withdrawn at the gateway before their send time were
// refunded there (the balance shows it), so they cost 0 on the campaign, in the list and on each recipient row.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, numbers, startTestCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const recipients = (from: number, n: number) => ({ contactIds: [], groupIds: [], searches: [], numbers: numbers(from, n) });

describe('charged', () => {
  it('is what the gateway kept: a scheduled campaign cancelled at the gateway costs 0, as its balance shows', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const before = (await t.ok('account.balance', { refresh: true })).credit;
    const { id } = await t.ok('campaigns.create', {});
    await t.ok('campaigns.saveDraft', { id, draft: draft({ sendAt: new Date(Date.now() + 3600_000).toISOString(), recipients: recipients(900, 3) }) });
    await t.ok('campaigns.send', { id });
    const scheduled = await t.waitForState(id, ['scheduled']);
    expect(scheduled.cost).toBeGreaterThan(0);
    const during = (await t.ok('account.balance', { refresh: true })).credit;
    expect(during).toBeCloseTo(before - scheduled.cost!, 4);

    const cancelled = await t.ok('campaigns.cancel', { id });
    expect(cancelled.state).toBe('cancelled');
    const after = (await t.ok('account.balance', { refresh: true })).credit;
    expect(after).toBeCloseTo(before, 4);
    // The campaign page, the list and every recipient row say what the balance says.
    expect(cancelled.cost).toBe(0);
    expect((await t.ok('campaigns.get', { id })).cost).toBe(0);
    const listed = (await t.ok('campaigns.list', {})).campaigns.find((c) => c.id === id);
    expect(listed?.cost).toBe(0);
    const rows = (await t.ok('campaigns.recipients', { id })).rows;
    expect(rows.map((r) => r.cost)).toEqual([0, 0, 0]);
  });
});
