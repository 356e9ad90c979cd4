// The audit's own rules on hand-made books: it must catch a double send, an unknown ledger entry, an accepted
// row the gateway never saw and a "failed" recipient that did go out — or the fault suite proves nothing.
import { describe, expect, it } from 'vitest';
import { reconcile, type RecipientRow, type SimLedgerEntry } from './ledger-reconcile';

const row = (id: number, msisdn: number, state: string, gateway_id: string | null = null): RecipientRow => ({ id, campaign_id: 7, msisdn, state, gateway_id });
const legacy = (id: string, recipient: number, reference: string | null = 'c7k1'): SimLedgerEntry => ({ interface: 'legacy', id, recipient, status: 'DELIVERED', reference });
const messaging = (id: string, recipient: number, rowId: number): SimLedgerEntry => ({
  interface: 'messaging',
  id,
  recipient,
  status: 'DELIVERED',
  reference: `c7r${rowId}`,
});

describe('reconcile', () => {
  it.each([
    ['books that match', [row(1, 11, 'accepted', '100'), row(2, 12, 'accepted', '100')], [legacy('100', 11), legacy('100', 12)], 0],
    ['an uncertain recipient the gateway got', [row(1, 11, 'uncertain')], [legacy('100', 11)], 0],
    ['an uncertain recipient the gateway never saw', [row(1, 11, 'uncertain')], [], 0],
    ['a dismissed recipient the gateway got', [row(1, 11, 'dismissed')], [legacy('100', 11)], 0],
    ['excluded and failed recipients with no entry', [row(1, 11, 'excluded'), row(2, 12, 'failed')], [], 0],
    ['messaging references that name their row', [row(1, 11, 'accepted', 'm1')], [messaging('m1', 11, 1)], 0],
  ])('accepts %s', (_name, rows, ledger, n) => {
    expect(reconcile(rows, ledger, { settled: true })).toHaveLength(n);
  });

  it.each([
    ['a recipient sent twice', [row(1, 11, 'accepted', '100')], [legacy('100', 11), legacy('101', 11)], /2 times/],
    ['an uncertain recipient sent twice', [row(1, 11, 'uncertain')], [legacy('100', 11), legacy('101', 11)], /2 times/],
    ['a ledger entry no campaign made', [], [legacy('100', 11, null)], /names no Besked campaign/],
    ['a ledger entry for a number not in the campaign', [row(1, 11, 'accepted', '100')], [legacy('100', 11), legacy('100', 99)], /no recipient row/],
    ['an accepted recipient the gateway never saw', [row(1, 11, 'accepted', '100')], [], /not in the ledger/],
    ['a failed recipient that went out', [row(1, 11, 'failed')], [legacy('100', 11)], /believes nothing went out/],
    // What a malformed 202 used to leave behind on the messaging interface (issue 17): the audit catches it.
    ['a failed messaging recipient the gateway accepted', [row(1, 11, 'failed')], [messaging('m1', 11, 1)], /has this recipient failed, so it believes nothing went out/],
    ['an accepted recipient with no message id', [row(1, 11, 'accepted', null)], [legacy('100', 11)], /accepted with gateway id null/],
    ['a queued recipient that went out', [row(1, 11, 'queued')], [legacy('100', 11)], /believes nothing went out/],
    ['an accepted recipient with the wrong gateway id', [row(1, 11, 'accepted', '100')], [legacy('101', 11)], /gateway id 100/],
    ['a messaging reference naming another row', [row(1, 11, 'accepted', 'm1')], [messaging('m1', 11, 2)], /names recipient 2/],
    ['a recipient still in flight', [row(1, 11, 'in_flight')], [], /still in_flight/],
  ])('reports %s', (_name, rows, ledger, pattern) => {
    const problems = reconcile(rows, ledger, { settled: true });
    expect(problems.join('\n')).toMatch(pattern);
  });
});
