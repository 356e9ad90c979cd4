// At most once across users (issue 21): two colleagues pressing Send on one campaign, or Resend to failed on one
// finished campaign, at the same moment, through the real dispatcher with their own callers: one send, and the
// simulator's ledger holds each recipient once.
import { afterEach, describe, expect, it } from 'vitest';
import { draft, dkNumber, numbers, startTestCore, type TestCore } from './helpers';
import { ANNA, BO, colleague } from '../colleagues';
import type { LedgerEntry } from '../../../src-sim/ledger';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const perRecipient = (ledger: LedgerEntry[]) => {
  const m = new Map<number, number>();
  for (const e of ledger) m.set(e.recipient, (m.get(e.recipient) ?? 0) + 1);
  return m;
};

describe('two colleagues at the same moment', () => {
  it('pressing Send on one campaign: one of them sends it, the other is told it went, and each recipient gets it once', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const anna = colleague(t.core, ANNA);
    const bo = colleague(t.core, BO);
    const { id } = await anna.ok('campaigns.create', {});
    await anna.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(10, 7) } }) });
    await anna.ok('campaigns.share', { id, shared: true });

    // Both fired before either is awaited: each runs its checks and prices the list before freezing it.
    const first = anna.call('campaigns.send', { id });
    const second = bo.call('campaigns.send', { id });
    const answers = await Promise.all([first, second]);

    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const refused = answers.find((a) => !a.ok);
    expect(refused && !refused.ok && refused.error).toMatchObject({ kind: 'conflict', code: 'campaign.alreadySent' });
    const done = await t.waitForState(id, ['sent']);
    expect(done.counts).toMatchObject({ total: 7, accepted: 7 });
    const counts = perRecipient((await t.ledger()).filter((e) => e.interface === 'legacy'));
    expect([...counts.keys()].sort()).toEqual(Array.from({ length: 7 }, (_, i) => dkNumber(10 + i)));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('pressing Resend to failed: one resend draft, sent once, and no second resend after it went', async () => {
    t = await startTestCore({ campaigns: { chunkSize: 2 } });
    const anna = colleague(t.core, ANNA);
    const bo = colleague(t.core, BO);
    // The first request of two recipients is refused: they fail, the other two are accepted.
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, status: 400 }] });
    const { id } = await anna.ok('campaigns.create', {});
    await anna.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(40, 4) } }) });
    await anna.ok('campaigns.send', { id });
    await t.waitForState(id, ['partly_failed']);
    const failed = (await anna.ok('campaigns.recipients', { id, filter: 'failed' })).rows.map((r) => r.msisdn).sort();
    expect(failed).toHaveLength(2);

    // Both press at the same moment: the first press makes the one resend draft, as Anna's (not shared yet), and
    // Bo is told she is preparing it.
    const answers = await Promise.all([anna.call('campaigns.resendFailed', { id }), bo.call('campaigns.resendFailed', { id })]);
    const made = answers[0];
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.recipients).toBe(2);
    expect(answers[1]).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'campaign.resendByColleague', params: { name: ANNA.name } } });
    const resend = made.value.id;
    expect(t.core.db.prepare("SELECT COUNT(*) FROM campaigns WHERE duplicated_from = ? AND state = 'draft'").pluck().get(id)).toBe(1);
    // Shared, the second press leads Bo to the same draft instead of a second one.
    await anna.ok('campaigns.share', { id: resend, shared: true });
    expect(await bo.ok('campaigns.resendFailed', { id })).toEqual({ id: resend, recipients: 2 });

    // Both send the one draft at the same moment: it goes once.
    const sends = await Promise.all([anna.call('campaigns.send', { id: resend }), bo.call('campaigns.send', { id: resend })]);
    expect(sends.filter((s) => s.ok)).toHaveLength(1);
    await t.waitForState(resend, ['sent']);
    const counts = perRecipient((await t.ledger()).filter((e) => e.interface === 'legacy'));
    // The refused request never reached the ledger: the failed two are there once, from the resend.
    for (const msisdn of failed) expect(counts.get(msisdn), String(msisdn)).toBe(1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    // A late press after the resend went out makes no second one: it says where the first went.
    expect(await bo.fails('campaigns.resendFailed', { id })).toMatchObject({ kind: 'conflict', code: 'campaign.alreadyResent', params: { id: resend } });
  });
});
