// Keyword auto-replies stay out of a conversation a colleague has taken on (issue 21): its texts are decided
// 'assigned' and answered by no machine; once it is assigned to no one, the rule answers again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../src-main/core/team/caller';
import { startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf, keyword, ledger, ledgerOf, texts } from './replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore({ team: { serverName: 'Butikken' } });
});
afterEach(async () => {
  await t.close();
});

const KAREN = 4520304051;
const OLE = 4520304052;

describe('an assigned conversation', () => {
  it('gets no keyword auto-reply while assigned, and gets one again after it is unassigned', async () => {
    const id = Number(
      t.core.db
        .prepare("INSERT INTO team_users (name, name_key, role, password_hash, created_at) VALUES ('Bo', 'bo', 'staff', 'x', '2026-11-01T00:00:00.000Z')")
        .run().lastInsertRowid,
    );
    const owner: Caller = { kind: 'remote', user: { id: 99, name: 'Anna', role: 'owner' }, sessionId: 's', connectionId: 'c', address: '192.0.2.1' };
    const rule = activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
    const assign = async (userId: number | null) => {
      const r = await t.core.dispatch('inbox.assign', { msisdn: KAREN, userId }, owner);
      expect(r.ok).toBe(true);
    };

    await assign(id);
    const first = await texts(t, [
      [KAREN, 'åben i dag?'],
      [OLE, 'åben i dag?'],
    ]);
    expect(first.map((d) => [d.msisdn, d.outcome, d.automation_id, d.campaign_id])).toEqual([
      [KAREN, 'assigned', rule, null],
      [OLE, 'replied', rule, expect.any(Number)],
    ]);
    expect((await ledgerOf(t, 1)).map((m) => m.recipient)).toEqual([OLE]);
    // The rule's history says why, in the view's words.
    const history = await t.call('automations.history', { id: rule });
    expect(history.items.find((i) => i.reasonCode?.code === 'automation.reply.assigned')).toBeDefined();
    expect(t.core.db.prepare('SELECT reason FROM auto_replies WHERE msisdn = ?').pluck().get(KAREN)).toBe('Assigned to Bo: they answer this conversation in person');

    await assign(null);
    const after = await texts(t, [[KAREN, 'Åben i morgen?']]);
    expect(after.at(-1)).toMatchObject({ msisdn: KAREN, outcome: 'replied', automation_id: rule });
    await ledgerOf(t, 2);
    expect((await ledger(t)).map((m) => m.recipient).sort()).toEqual([KAREN, OLE]);
  });
});
