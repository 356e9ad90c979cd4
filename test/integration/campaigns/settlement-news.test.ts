// The idle outbox writes a sent campaign's frozen batches as rows and settles its chunks onto them a slice at a time
// (issue 30.3). The views hear of it once, when the last slice is done: each news carries a summary that counts
// all the campaign's rows, which for 100,000 held the core's loop for tens of milliseconds after every slice, and
// a slice changes neither the counts nor what a list shows.
import { afterEach, expect, it } from 'vitest';
import type { CampaignSummary, EventMessage } from '../../../src-shared/contract';
import { settlementLeft } from '../../../src-main/core/campaigns/recipients/settlement';
import { draft, numbers, perTest } from './helpers';

const opened = perTest();
afterEach(() => opened.after());

const summaryOf = (e: EventMessage) => (e.payload as { id: number; summary: CampaignSummary | null }).summary;

it('tells the views once when a sent campaign is settled, not after each of its slices, with the counts they had', async () => {
  // 30 recipients in chunks of 2 and frozen batches of 3: 15 chunks and 10 batches to write and settle.
  const t = await opened.core({ campaigns: { chunkSize: 2 } });
  const { id } = await t.ok('campaigns.create', {});
  await t.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(300, 30) } }) });
  await t.ok('campaigns.send', { id });
  const news = () => t.events.filter((e) => e.name === 'campaign.changed' && (e.payload as { id: number }).id === id);
  // Watched from the database, not through calls that would settle the rows for reading.
  const until = Date.now() + 30_000;
  const state = t.core.db.prepare('SELECT state FROM campaigns WHERE id = ?').pluck();
  while (state.get(id) !== 'sent' || settlementLeft(t.core.db, id)) {
    if (Date.now() > until) throw new Error(`not sent and settled: ${String(state.get(id))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 200));
  const all = news();
  const sentAt = all.findIndex((e) => summaryOf(e)?.state === 'sent');
  expect(sentAt).toBeGreaterThanOrEqual(0);
  // After the news that it was sent: one more, once its rows are all written and settled.
  const after = all.slice(sentAt + 1);
  expect(after).toHaveLength(1);
  expect(summaryOf(after[0]!)?.counts).toEqual(summaryOf(all[sentAt]!)?.counts);
  const rows = t.core.db.prepare('SELECT state, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY state').all(id);
  expect(rows).toEqual([{ state: 'accepted', n: 30 }]);
});
