// The retention of message texts (issue 28 point 11) on the core's clock: off by default; once set, the daily run
// deletes texts older than N months both ways, keeps dates, statuses, counts and costs, and is in the audit trail as
// Besked's own call; a day with nothing old enough writes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, dkNumber, perTest } from '../campaigns/helpers';

const run = perTest();
afterEach(() => run.after());

const DAY = 86_400_000;

describe('retention of message texts', () => {
  it('deletes texts older than the setting once a day, keeping everything else, and audits each run', async () => {
    let offset = 0;
    const ticks: (() => void)[] = [];
    const t = await run.core({ privacy: { now: () => Date.now() + offset, every: (_ms, fn) => (ticks.push(fn), () => undefined) } });
    const tick = () => ticks.forEach((fn) => fn());

    await t.ok('pricing.status', { refresh: true });
    const created = await t.ok('campaigns.create', {});
    const d = draft({ text: 'Tilbud til {first_name}', fallbacks: { first_name: 'dig' }, recipients: { contactIds: [], groupIds: [], searches: [], numbers: [`+${dkNumber(1)}`, `+${dkNumber(2)}`] } });
    await t.ok('campaigns.saveDraft', { id: created.id, draft: d });
    const preview = await t.ok('compose.preview', { draft: d });
    await t.ok('campaigns.send', { id: created.id, expectedCost: preview.cost!.total });
    const before = await t.waitForState(created.id, ['sent']);
    await t.sim('POST', '/_sim/inbound', { msisdn: dkNumber(1), receiver: 1204, message: 'Ja tak' });
    await t.ok('sync.now', {});

    expect(await t.ok('privacy.retention', {})).toEqual({ months: null, lastRunAt: null, lastRunTexts: null });
    expect(await t.ok('privacy.setRetention', { months: 3 })).toMatchObject({ months: 3 });
    const texts = () => t.core.db.prepare("SELECT (SELECT COUNT(*) FROM campaign_recipients WHERE text <> '') + (SELECT COUNT(*) FROM inbound_messages WHERE text <> '')").pluck().get();
    const runs = async () => (await t.ok('audit.list', {})).entries.filter((e) => e.call === 'privacy.applyRetention');

    // Two months on: nothing is old enough, and the day's look writes nothing.
    offset = 61 * DAY;
    tick();
    await new Promise((r) => setTimeout(r, 100));
    expect(texts()).toBe(3);
    expect(await runs()).toEqual([]);

    // Four months on: the texts go, both ways, in one audited run by Besked itself.
    offset = 122 * DAY;
    tick();
    await expect.poll(texts, { timeout: 5_000 }).toBe(0);
    const [entry] = await runs();
    expect(entry).toMatchObject({ action: 'delete', outcome: 'ok', address: 'Besked (daily retention)' });
    expect(await t.ok('privacy.retention', {})).toMatchObject({ months: 3, lastRunTexts: 3 });

    const after = await t.ok('campaigns.get', { id: created.id });
    expect(after.counts).toEqual(before.counts);
    expect(after.cost).toBeCloseTo(before.cost!, 6);
    const rows = t.core.db.prepare('SELECT msisdn, status, parts, cost FROM campaign_recipients ORDER BY msisdn').all();
    expect(rows).toEqual([expect.objectContaining({ msisdn: dkNumber(1), parts: 1 }), expect.objectContaining({ msisdn: dkNumber(2), parts: 1 })]);
    const inbound = t.core.db.prepare('SELECT msisdn, text, sent_at FROM inbound_messages').get() as { text: string; sent_at: string };
    expect(inbound).toMatchObject({ msisdn: dkNumber(1), text: '' });
    expect(inbound.sent_at).toMatch(/^\d{4}-/);

    // The same day again: no second run.
    tick();
    await new Promise((r) => setTimeout(r, 100));
    expect(await runs()).toHaveLength(1);
  });

  it('turned off, keeps every text', async () => {
    const t = await run.core();
    await t.ok('privacy.setRetention', { months: 6 });
    expect(await t.ok('privacy.setRetention', { months: null })).toMatchObject({ months: null });
    expect(await t.ok('privacy.applyRetention', {})).toEqual({ months: null, lastRunAt: null, lastRunTexts: null });
    expect((await t.fails('privacy.setRetention', { months: 0 })).kind).toBe('validation');
  });
});
