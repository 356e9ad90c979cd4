// At most once across users, over the wire: two staff users press Send on one campaign at the same moment, or resend
// its failed recipients at the same moment, from their own windows on a Besked server; the simulator's ledger shows
// one message per recipient (and one resend per failed recipient).
import { afterEach, describe, expect, it } from 'vitest';
import { draft, numbers } from '../campaigns/helpers';
import { startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const countBy = <T,>(xs: T[], key: (x: T) => unknown) => {
  const m = new Map<unknown, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};

async function waitForState(w: TeamClient, id: number, states: string[]): Promise<string> {
  const until = Date.now() + 30_000;
  for (;;) {
    const { state } = await w.ok('campaigns.get', { id });
    if (states.includes(state)) return state;
    if (Date.now() > until) throw new Error(`campaign ${id} stayed ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two users, one campaign', () => {
  it('sends once when both press Send at the same moment', async () => {
    world = await startTeamWorld({ campaigns: { chunkSize: 2 } });
    await world.owner();
    const bo = await world.invite('Bo');
    const cy = await world.invite('Cy');
    const { id } = await bo.ok('campaigns.create', {});
    await bo.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(100, 5) } }) });
    // A draft is its author's until shared: Cy cannot send Bo's private draft; sharing it lets him press Send too.
    expect((await cy.call('campaigns.send', { id })).ok).toBe(false);
    await bo.ok('campaigns.share', { id, shared: true });
    const answers = await Promise.all([bo.call('campaigns.send', { id }), cy.call('campaigns.send', { id })]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const refused = answers.find((a) => !a.ok);
    expect(refused && !refused.ok && refused.error.kind).toBe('conflict');
    expect(await waitForState(bo, id, ['sent'])).toBe('sent');
    const perRecipient = countBy(await world.ledger(), (e) => e.recipient);
    expect(perRecipient.size).toBe(5);
    expect([...perRecipient.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('resends the failed recipients once when both ask at the same moment', async () => {
    world = await startTeamWorld({ campaigns: { chunkSize: 2 } });
    await world.owner();
    const bo = await world.invite('Bo');
    const cy = await world.invite('Cy');
    await world.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, status: 400 }] });
    const { id } = await bo.ok('campaigns.create', {});
    await bo.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(300, 4) } }) });
    await bo.ok('campaigns.send', { id });
    expect(await waitForState(bo, id, ['partly_failed'])).toBe('partly_failed');
    const before = countBy(await world.ledger(), (e) => e.recipient);
    const answers = await Promise.all([bo.call('campaigns.resendFailed', { id }), cy.call('campaigns.resendFailed', { id })]);
    const copies = [...new Set(answers.flatMap((a) => (a.ok ? [a.value.id] : [])))];
    // One resend draft, however many asked (the other is handed it or told a colleague is preparing it).
    expect(copies).toHaveLength(1);
    // Both press Send on what they got: whatever the copies, each failed number is sent to once more.
    await Promise.all(copies.flatMap((c) => [bo.call('campaigns.send', { id: c }), cy.call('campaigns.send', { id: c })]));
    for (const c of copies) await waitForState(bo, c, ['sent', 'draft', 'cancelled']);
    const after = countBy(await world.ledger(), (e) => e.recipient);
    const resent = [...after.entries()].map(([n, k]) => [n, k - (before.get(n) ?? 0)]).filter(([, k]) => (k as number) > 0);
    expect(resent).toHaveLength(2);
    expect(resent.map(([, k]) => k)).toEqual([1, 1]);
  });
});
