import { describe, expect, it } from 'vitest';
import {
  BESKED_STATES,
  GATEWAY_STATUS_TABLE,
  STATE_INFO,
  describeGatewayStatus,
  isFinalState,
  mergeStatus,
  type BeskedState,
  type StatusSource,
} from '../../../src-shared/delivery-status';

describe('describeGatewayStatus', () => {
  const cases: [StatusSource, string, BeskedState, boolean][] = [
    ['sms', 'ENROUTE', 'sent', false],
    ['sms', 'DELIVERED', 'delivered', true],
    ['sms', 'EXPIRED', 'expired', true],
    ['sms', 'DELETED', 'cancelled', true],
    ['sms', 'UNDELIVERABLE', 'failed', true],
    ['sms', 'ACCEPTED', 'sent', false],
    ['sms', 'UNKNOWN', 'unknown', false],
    ['sms', 'REJECTED', 'failed', true],
    ['rcs', 'DELIVERED', 'delivered', true],
    ['rcs', 'READ', 'read', true],
    ['rcs', 'ENROUTE', 'sent', false],
    ['rcs', 'EXPIRED', 'expired', true],
    ['legacy', 'UNKNOWN', 'unknown', false],
    ['legacy', 'SCHEDULED', 'pending', false],
    ['legacy', 'BUFFERED', 'sent', false],
    ['legacy', 'ENROUTE', 'sent', false],
    ['legacy', 'DELIVERED', 'delivered', true],
    ['legacy', 'EXPIRED', 'expired', true],
    ['legacy', 'DELETED', 'cancelled', true],
    ['legacy', 'UNDELIVERABLE', 'failed', true],
    ['legacy', 'ACCEPTED', 'sent', false],
    ['legacy', 'REJECTED', 'failed', true],
    ['legacy', 'SKIPPED', 'failed', true],
    ['legacy', 'SOMETHING_NEW', 'unknown', false],
    ['sms', 'READ', 'unknown', false], // READ is an RCS status; from SMS it is not understood
    ['rcs', 'REJECTED', 'unknown', false],
    ['legacy', 'delivered', 'delivered', true],
    ['legacy', 'constructor', 'unknown', false], // not tricked by Object.prototype keys
  ];
  it.each(cases)('%s %s → %s (final %s)', (source, status, state, final) => {
    const d = describeGatewayStatus(source, status);
    expect(d.state).toBe(state);
    expect(d.final).toBe(final);
    expect(d.gatewayStatus).toBe(status.toUpperCase());
    expect(d.explanation.length).toBeGreaterThan(20);
  });

  it('covers every status named in both specs', () => {
    expect(Object.keys(GATEWAY_STATUS_TABLE.sms).sort()).toEqual(
      ['ACCEPTED', 'DELETED', 'DELIVERED', 'ENROUTE', 'EXPIRED', 'REJECTED', 'UNDELIVERABLE', 'UNKNOWN'].sort(),
    );
    expect(Object.keys(GATEWAY_STATUS_TABLE.rcs).sort()).toEqual(['DELIVERED', 'ENROUTE', 'EXPIRED', 'READ']);
  });

  it('gives every Besked state a label and an explanation', () => {
    for (const s of BESKED_STATES) {
      expect(STATE_INFO[s].label).not.toBe('');
      expect(STATE_INFO[s].explanation.length).toBeGreaterThan(20);
    }
  });
});

describe('mergeStatus', () => {
  const cases: [BeskedState | null, BeskedState, BeskedState][] = [
    [null, 'sent', 'sent'],
    [null, 'delivered', 'delivered'],
    ['pending', 'sent', 'sent'],
    ['sent', 'delivered', 'delivered'],
    ['sent', 'failed', 'failed'],
    ['unknown', 'sent', 'sent'],
    ['unknown', 'expired', 'expired'],
    // a late transient never overwrites a final
    ['delivered', 'sent', 'delivered'],
    ['delivered', 'unknown', 'delivered'],
    ['failed', 'sent', 'failed'],
    ['expired', 'pending', 'expired'],
    ['read', 'sent', 'read'],
    ['cancelled', 'sent', 'cancelled'],
    // READ may follow DELIVERED; otherwise the first final wins
    ['delivered', 'read', 'read'],
    ['read', 'delivered', 'read'],
    ['delivered', 'failed', 'delivered'],
    ['failed', 'delivered', 'failed'],
    ['expired', 'delivered', 'expired'],
    ['failed', 'read', 'failed'],
    // transients do not move backwards
    ['sent', 'pending', 'sent'],
    ['sent', 'unknown', 'sent'],
    ['pending', 'unknown', 'pending'],
    ['sent', 'sent', 'sent'],
  ];
  it.each(cases)('%s + %s → %s', (current, incoming, expected) => {
    expect(mergeStatus(current, incoming)).toBe(expected);
  });

  it('never replaces a final state with a transient one, for every pair', () => {
    for (const a of BESKED_STATES) {
      for (const b of BESKED_STATES) {
        const merged = mergeStatus(a, b);
        if (isFinalState(a)) expect(isFinalState(merged)).toBe(true);
        expect([a, b]).toContain(merged);
      }
    }
  });
});
