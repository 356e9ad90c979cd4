// Only overcharged SMS with a CAPTURED charge can be refunded; every other case says why not.
import { describe, expect, it } from 'vitest';
import { refundEligibility } from '../../../src-shared/account/refund-eligibility';

describe('refundEligibility', () => {
  it.each([
    ['charge', 'CAPTURED', null, true, undefined],
    ['charge', 'captured', null, true, undefined],
    ['standard', 'CAPTURED', null, false, 'not_overcharged'],
    ['premium', null, null, false, 'not_overcharged'],
    ['charge', null, null, false, 'charge_pending'],
    ['charge', undefined, null, false, 'charge_pending'],
    ['charge', '  ', null, false, 'charge_pending'],
    ['charge', 'FAILED', null, false, 'charge_not_captured'],
    ['charge', 'REFUNDED', null, false, 'charge_not_captured'],
    ['charge', 'CAPTURED', '2025-03-01T10:00:00Z', false, 'already_requested'],
  ] as const)('%s with charge status %s (requested %s): eligible %s', (messageClass, chargeStatus, requestedAt, eligible, reason) => {
    const e = refundEligibility({ messageClass, chargeStatus, requestedAt });
    expect(e.eligible).toBe(eligible);
    if (e.eligible) expect(e.unconfirmed).toBeUndefined();
    if (!e.eligible) {
      expect(e.reason).toBe(reason);
      expect(e.message.length).toBeGreaterThan(30);
    }
  });

  it.each([
    ['no status seen, delivered: may be asked for, unconfirmed', null, true, { eligible: true, unconfirmed: true }],
    ['no status seen, not delivered yet: wait', null, false, { eligible: false, reason: 'charge_pending' }],
    ['no status seen, delivery unknown: wait', undefined, undefined, { eligible: false, reason: 'charge_pending' }],
    ['captured and delivered: confirmed', 'CAPTURED', true, { eligible: true }],
    ['failed though delivered: the status decides', 'FAILED', true, { eligible: false, reason: 'charge_not_captured' }],
  ] as const)('%s', (_name, chargeStatus, delivered, expected) => {
    const e = refundEligibility({ messageClass: 'charge', chargeStatus, delivered });
    expect(e).toMatchObject(expected);
    if (e.eligible && !('unconfirmed' in expected)) expect(e.unconfirmed).toBeUndefined();
  });
});
