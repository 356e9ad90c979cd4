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
    if (!e.eligible) {
      expect(e.reason).toBe(reason);
      expect(e.message.length).toBeGreaterThan(30);
    }
  });
});
