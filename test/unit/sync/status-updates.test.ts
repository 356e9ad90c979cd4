import { describe, expect, it } from 'vitest';
import { applyReports, giveUp, GAVE_UP_ERROR, msisdnKey, type ReportedStatus, type WatchedRecipient } from '../../../src-main/core/sync/status-updates';
import type { BeskedState } from '../../../src-shared/delivery-status';

const NOW = Date.UTC(2025, 0, 10, 12);
const w = (id: number, msisdn: number, status: BeskedState | null = 'pending', gatewayStatus: string | null = null): WatchedRecipient => ({
  id,
  msisdn,
  status,
  gatewayStatus,
});

describe('msisdnKey', () => {
  it.each([
    [4512345678, '4512345678'],
    ['4512345678', '4512345678'],
    ['+4512345678', '4512345678'],
    ['004512345678', '4512345678'],
  ])('%s → %s', (m, k) => expect(msisdnKey(m)).toBe(k));
});

describe('applyReports', () => {
  type Row = [string, BeskedState | null, string | null, ReportedStatus, { status: BeskedState; gatewayStatus: string; error: string | null } | null];
  const rows: Row[] = [
    ['ENROUTE moves pending to sent', 'pending', null, { msisdn: '4511111111', status: 'ENROUTE' }, { status: 'sent', gatewayStatus: 'ENROUTE', error: null }],
    ['DELIVERED is final', 'sent', 'ENROUTE', { msisdn: '4511111111', status: 'DELIVERED' }, { status: 'delivered', gatewayStatus: 'DELIVERED', error: null }],
    ['a late ENROUTE after DELIVERED changes nothing', 'delivered', 'DELIVERED', { msisdn: '4511111111', status: 'ENROUTE' }, null],
    ['a late UNKNOWN after EXPIRED changes nothing', 'expired', 'EXPIRED', { msisdn: '4511111111', status: 'UNKNOWN' }, null],
    ['UNKNOWN after ENROUTE keeps sent', 'sent', 'ENROUTE', { msisdn: '4511111111', status: 'UNKNOWN' }, null],
    ['the same status again is no change', 'sent', 'ENROUTE', { msisdn: '4511111111', status: 'ENROUTE' }, null],
    ['BUFFERED after ENROUTE updates the word, not the state', 'sent', 'ENROUTE', { msisdn: '4511111111', status: 'BUFFERED' }, { status: 'sent', gatewayStatus: 'BUFFERED', error: null }],
    [
      'UNDELIVERABLE carries the error with its code',
      'sent',
      'ENROUTE',
      { msisdn: '4511111111', status: 'UNDELIVERABLE', error: 'Absent subscriber', code: '0x1420' },
      { status: 'failed', gatewayStatus: 'UNDELIVERABLE', error: 'Absent subscriber (0x1420)' },
    ],
    ['a number written with + matches', 'pending', null, { msisdn: '+4511111111', status: 'ENROUTE' }, { status: 'sent', gatewayStatus: 'ENROUTE', error: null }],
    ['UNKNOWN as the first report replaces the placeholder pending', 'pending', null, { msisdn: '4511111111', status: 'UNKNOWN' }, { status: 'unknown', gatewayStatus: 'UNKNOWN', error: null }],
    ['UNKNOWN after a SCHEDULED report keeps pending', 'pending', 'SCHEDULED', { msisdn: '4511111111', status: 'UNKNOWN' }, null],
    ['an empty status is no news', 'pending', null, { msisdn: '4511111111', status: '' }, null],
    ['a null status is no news', 'pending', null, { msisdn: '4511111111', status: null }, null],
    ['a status never seen before becomes unknown', null, null, { msisdn: '4511111111', status: 'WIBBLE' }, { status: 'unknown', gatewayStatus: 'WIBBLE', error: null }],
    ['lower case is understood', 'pending', null, { msisdn: '4511111111', status: 'delivered' }, { status: 'delivered', gatewayStatus: 'DELIVERED', error: null }],
  ];
  it.each(rows)('%s', (_name, status, gatewayStatus, report, expected) => {
    const out = applyReports([w(1, 4511111111, status, gatewayStatus)], [report], 'legacy', NOW);
    if (expected === null) expect(out.changes).toEqual([]);
    else expect(out.changes).toEqual([{ recipientId: 1, previous: status, at: new Date(NOW).toISOString(), ...expected }]);
  });

  it('uses the time the report gives', () => {
    const t = Date.UTC(2025, 0, 10, 11, 59, 30);
    const out = applyReports([w(1, 4511111111)], [{ msisdn: 4511111111, status: 'DELIVERED', at: t }], 'legacy', NOW);
    expect(out.changes[0]?.at).toBe(new Date(t).toISOString());
  });

  it('ignores numbers it does not watch', () => {
    const out = applyReports([w(1, 4511111111)], [{ msisdn: 4599999999, status: 'DELIVERED' }], 'legacy', NOW);
    expect(out.changes).toEqual([]);
    expect(out.allFinal).toBe(false);
  });

  it('is all final only when every recipient is', () => {
    const watched = [w(1, 4511111111), w(2, 4522222222, 'sent', 'ENROUTE')];
    expect(applyReports(watched, [{ msisdn: 4511111111, status: 'DELIVERED' }], 'legacy', NOW).allFinal).toBe(false);
    expect(
      applyReports(watched, [{ msisdn: 4511111111, status: 'DELIVERED' }, { msisdn: 4522222222, status: 'EXPIRED' }], 'legacy', NOW).allFinal,
    ).toBe(true);
  });

  it('out-of-order reports in one batch end at the final one', () => {
    const out = applyReports(
      [w(1, 4511111111)],
      [
        { msisdn: 4511111111, status: 'DELIVERED' },
        { msisdn: 4511111111, status: 'ENROUTE' },
      ],
      'legacy',
      NOW,
    );
    expect(out.changes).toEqual([expect.objectContaining({ status: 'delivered', previous: 'pending' })]);
    expect(out.allFinal).toBe(true);
  });

  it('a recipient that is already final counts as final', () => {
    expect(applyReports([w(1, 4511111111, 'failed', 'REJECTED')], [], 'legacy', NOW).allFinal).toBe(true);
  });

  it('messaging-interface statuses use their own table', () => {
    const out = applyReports([w(1, 4511111111)], [{ msisdn: 4511111111, status: 'READ' }], 'rcs', NOW);
    expect(out.changes[0]?.status).toBe('read');
  });
});

describe('giveUp', () => {
  it('marks everyone still undecided as unknown and leaves final ones alone', () => {
    const out = giveUp([w(1, 1, 'sent', 'ENROUTE'), w(2, 2, 'delivered', 'DELIVERED'), w(3, 3, null), w(4, 4, 'unknown', 'UNKNOWN')], NOW);
    expect(out).toEqual([
      { recipientId: 1, status: 'unknown', previous: 'sent', gatewayStatus: 'ENROUTE', error: GAVE_UP_ERROR, at: new Date(NOW).toISOString() },
      { recipientId: 3, status: 'unknown', previous: null, gatewayStatus: 'UNKNOWN', error: GAVE_UP_ERROR, at: new Date(NOW).toISOString() },
    ]);
  });
});
