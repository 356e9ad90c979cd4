// A campaign handed to the gateway with a send time is sent once a report shows a message left the gateway, whatever
// this PC's clock says; which statuses show that, and when a batch of status changes is worth a look at all.
import { describe, expect, it } from 'vitest';
import { BESKED_STATES, describeGatewayStatus, type BeskedState } from '../../../src-shared/delivery-status';
import { leftTheGateway, reportsShowDeparture, waitsAtGateway, type GatewayWait } from '../../../src-main/core/campaigns/gateway-departure';

const statusCases: [BeskedState, boolean][] = [
  ['pending', false],
  ['unknown', false],
  ['cancelled', false],
  ['sent', true],
  ['delivered', true],
  ['read', true],
  ['failed', true],
  ['expired', true],
];

describe('leftTheGateway', () => {
  it('has a row for every state Besked knows', () => {
    expect(statusCases.map(([s]) => s).sort()).toEqual([...BESKED_STATES].sort());
  });

  it.each(statusCases)('%s → %s', (state, left) => {
    expect(leftTheGateway(state)).toBe(left);
  });

  // The legacy interface's words, as the gateway reports a scheduled message: SCHEDULED until its time, DELETED
  // when withdrawn, anything else once its time came.
  it.each([
    ['SCHEDULED', false],
    ['DELETED', false],
    ['UNKNOWN', false],
    ['ENROUTE', true],
    ['BUFFERED', true],
    ['ACCEPTED', true],
    ['DELIVERED', true],
    ['UNDELIVERABLE', true],
    ['REJECTED', true],
    ['EXPIRED', true],
  ] as const)('legacy %s → %s', (word, left) => {
    expect(leftTheGateway(describeGatewayStatus('legacy', word).state)).toBe(left);
  });
});

const NOW = Date.parse('2026-11-25T12:00:00Z');
const waiting: Omit<GatewayWait, 'anyLeft'> = { scheduledAtGateway: true, sendAt: NOW + 3_600_000, now: NOW, accepted: 3 };

describe('waitsAtGateway', () => {
  it.each([
    ['handed over with a send time ahead, nothing reported gone', waiting, false, true],
    ['a report shows a message went out before this clock reached the send time', waiting, true, false],
    ['the send time has passed here', { ...waiting, sendAt: NOW - 1 }, false, false],
    ['the send time is now', { ...waiting, sendAt: NOW }, false, false],
    ['not handed over with a send time', { ...waiting, scheduledAtGateway: false }, false, false],
    ['no send time', { ...waiting, sendAt: null }, false, false],
    ['nothing accepted', { ...waiting, accepted: 0 }, false, false],
    // Besked stopped mid hand-over: the gateway may hold them till the send time (issue 27, consent across a crash).
    ['nothing accepted, the hand-over\'s answer lost', { ...waiting, accepted: 0, uncertain: 3 }, false, true],
    ['the hand-over\'s answer lost, the send time passed', { ...waiting, accepted: 0, uncertain: 3, sendAt: NOW - 1 }, false, false],
  ] as const)('%s → %s', (_what, facts, anyLeft, waits) => {
    expect(waitsAtGateway({ ...facts, anyLeft: () => anyLeft })).toBe(waits);
  });

  it('asks for reports only when the rest says it still waits (one query, not one per recipient)', () => {
    let asked = 0;
    const anyLeft = () => {
      asked += 1;
      return false;
    };
    waitsAtGateway({ ...waiting, sendAt: NOW - 1, anyLeft });
    waitsAtGateway({ ...waiting, accepted: 0, anyLeft });
    expect(asked).toBe(0);
    waitsAtGateway({ ...waiting, anyLeft });
    expect(asked).toBe(1);
  });
});

const change = (status: BeskedState) => ({ campaignId: 1, recipientId: 1, msisdn: 4520000001, status, gatewayStatus: 'X', error: null, at: '2026-11-25T12:00:00Z' });

describe('reportsShowDeparture', () => {
  it.each([
    ['first SCHEDULED reports', [change('pending'), change('pending')], false, false],
    ['a withdrawn message', [change('cancelled')], false, false],
    ['one message on its way among waiting ones', [change('pending'), change('sent')], false, true],
    ['a failed delivery', [change('failed')], false, true],
    ['too many changes to list', [change('pending')], true, true],
    ['nothing', [], false, false],
  ] as const)('%s → %s', (_what, changes, truncated, looks) => {
    expect(reportsShowDeparture({ changes: [...changes], truncated })).toBe(looks);
  });
});
