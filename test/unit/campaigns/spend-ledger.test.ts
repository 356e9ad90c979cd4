// The spend ledger keeps each mode's spending per local day apart (the daily cap is per mode) and the balance last
// fetched per mode, replaced by the next fetch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { SpendLedger } from '../../../src-main/core/campaigns/checks/spend-ledger';

let db: Db;
let ledger: SpendLedger;
beforeEach(() => {
  db = openDatabase(':memory:');
  ledger = new SpendLedger(db);
});
afterEach(() => db.close());

describe('spend per day', () => {
  const adds: [day: string, mode: 'sandbox' | 'live', cost: number][] = [
    ['2026-11-25', 'live', 1.5],
    ['2026-11-25', 'live', 0.25],
    ['2026-11-25', 'sandbox', 9],
    ['2026-11-26', 'live', 2],
    ['2026-11-26', 'live', 0],
  ];
  const expected: [day: string, mode: 'sandbox' | 'live', spent: number][] = [
    ['2026-11-25', 'live', 1.75],
    ['2026-11-25', 'sandbox', 9],
    ['2026-11-26', 'live', 2],
    ['2026-11-26', 'sandbox', 0],
    ['2026-11-24', 'live', 0],
  ];
  it.each(expected)('%s in %s: %d', (day, mode, spent) => {
    for (const [d, m, c] of adds) ledger.add(d, m, c);
    expect(ledger.spentOn(day, mode)).toBeCloseTo(spent, 10);
  });
});

describe('the balance', () => {
  it('is null before the first fetch, then the last one fetched in its mode', () => {
    expect(ledger.balance('live')).toBeNull();
    ledger.storeBalance('live', { credit: 10, currency: 'DKK', accountId: 1, fetchedAt: '2026-11-25T10:00:00.000Z' });
    ledger.storeBalance('sandbox', { credit: 99, currency: 'DKK', accountId: 2, fetchedAt: '2026-11-25T10:00:00.000Z' });
    ledger.storeBalance('live', { credit: 7.5, currency: 'DKK', accountId: 1, fetchedAt: '2026-11-25T11:00:00.000Z' });
    expect(ledger.balance('live')).toEqual({ credit: 7.5, currency: 'DKK', accountId: 1, fetchedAt: '2026-11-25T11:00:00.000Z' });
    expect(ledger.balance('sandbox')).toMatchObject({ credit: 99, accountId: 2 });
  });
});
