// A campaign sent through the core's outbox, its statuses polled, and the campaign page's roll-up and timeline call.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

async function sendCampaign(numbers: string[]): Promise<number> {
  const c = await t.call('campaigns.create', {});
  await t.call('campaigns.saveDraft', {
    id: c.id,
    draft: { ...c.draft, name: 'Timeline', sender: 'Shop', text: 'Hello', recipients: { contactIds: [], groupIds: [], searches: [], numbers } },
  });
  await t.call('campaigns.send', { id: c.id });
  await eventually(async () => expect((await t.call('campaigns.get', { id: c.id })).counts.accepted).toBe(numbers.length));
  return c.id;
}

describe('campaigns.statusTimeline', () => {
  it('rolls a campaign up honestly and shows how its status mix moved', async () => {
    const id = await sendCampaign(['+4520304071', '+4520304070', '+4520304081', '+4520304092']);
    const before = await t.call('campaigns.statusTimeline', { id, buckets: 4 });
    expect(before.rollup).toMatchObject({ sent: 4, pending: 4, outcome: 'in_progress' });
    expect(before.buckets.at(-1)!.counts.pending).toBe(4);

    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await t.call('sync.now', { campaignId: id });
    const after = await t.call('campaigns.statusTimeline', { id, buckets: 4 });
    expect(after.rollup).toMatchObject({ sent: 4, delivered: 2, failed: 2, pending: 0, unknown: 0, outcome: 'partly_delivered' });
    expect(after.rollup.failedByReason).toHaveLength(2);
    expect(after.buckets).toHaveLength(4);
    expect(after.buckets.at(-1)!.counts).toMatchObject({ delivered: 2, failed: 2, pending: 0 });
    for (const b of after.buckets) expect(Object.values(b.counts).reduce((a, n) => a + n, 0)).toBe(4);
    expect(Date.parse(after.to)).toBeGreaterThan(Date.parse(after.from));
    const changed = t.heard.filter((m) => m.name === 'message.status');
    expect(changed.length).toBeGreaterThan(0);
  });

  it('never calls a campaign delivered while one recipient is not', async () => {
    const id = await sendCampaign(['+4520304071', '+4520304094']);
    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await t.call('sync.now', { campaignId: id });
    const r = (await t.call('campaigns.statusTimeline', { id })).rollup;
    expect(r).toMatchObject({ delivered: 1, unknown: 1 });
    expect(r.outcome).not.toBe('delivered');
  });

  it('says so for a campaign that does not exist', async () => {
    expect((await t.fail('campaigns.statusTimeline', { id: 999 })).kind).toBe('not_found');
  });
});
