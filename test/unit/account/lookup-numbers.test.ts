// Which typed numbers may be looked up (Danish only), why others are refused, and how the answer maps to rows.
import { describe, expect, it } from 'vitest';
import { danishNumber, lookupRows, quoteLookup } from '../../../src-main/core/account/lookup-numbers';
import type { HlrResponse } from '../../../src-main/core/gateway';

describe('danishNumber', () => {
  it.each([
    ['+45 12 34 56 78', '4512345678'],
    ['+4520123456', '4520123456'],
    ['0045 20 12 34 56', '4520123456'],
    ['4520123456', '4520123456'],
    ['20123456', '4520123456'],
    ['20-12-34-56', '4520123456'],
    ['(+45) 2012 3456', '4520123456'],
    [' 45123456 ', '4545123456'],
  ])('accepts %s as %s', (input, msisdn) => {
    expect(danishNumber(input)).toEqual({ ok: true, msisdn });
  });

  it.each([
    ['+46 70 123 45 67', /Sweden \(\+46\).*only for Danish/],
    ['0047 912 34 567', /Norway \(\+47\)/],
    ['+44 7400 123456', /United Kingdom \(\+44\)/],
    ['+44 7700 900123', /country code \+44, not \+45/],
    ['+299 123456', /Greenland \(\+299\)/],
    ['46701234567', /Sweden/],
    ['+45 1234 567', /8 digits after \+45; this one has 7/],
    ['+45 1234 56789', /8 digits after \+45; this one has 9/],
    ['1234567', /8 digits; this one has 7/],
    ['', /Empty/],
    ['abc', /Not a phone number/],
    ['+45 12a45678', /Not a phone number/],
  ])('refuses %s', (input, reason) => {
    const r = danishNumber(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('quoteLookup', () => {
  it('keeps each Danish number once, lists refusals with names and prices at the last unit price', () => {
    const q = quoteLookup(
      [
        { input: '20123456', name: 'Anna' },
        { input: '+45 20 12 34 56', name: 'Anna again' },
        { input: '+46701234567', name: 'Sven' },
        { input: '30303030' },
      ],
      { unitPrice: 0.05, currency: 'DKK' },
    );
    expect(q.accepted).toEqual([
      { msisdn: '4520123456', input: '20123456', name: 'Anna' },
      { msisdn: '4530303030', input: '30303030', name: null },
    ]);
    expect(q.refused).toHaveLength(1);
    expect(q.refused[0]).toMatchObject({ input: '+46701234567', name: 'Sven' });
    expect(q).toMatchObject({ unitPrice: 0.05, currency: 'DKK', estimatedCost: 0.1 });
  });

  it('has no estimate before the first lookup has shown the price', () => {
    expect(quoteLookup([{ input: '20123456' }], null)).toMatchObject({ unitPrice: null, currency: null, estimatedCost: null });
  });
});

describe('lookupRows', () => {
  const carrier = (name: string) => ({ mcc: '238', mnc: '01', name });
  const response: HlrResponse = {
    currency: 'DKK',
    lookups: 2,
    total_cost: 0.1,
    hlr: {
      '+4520123456': { current_carrier: carrier('Telia'), original_carrier: carrier('TDC'), network_operator: carrier('Telia'), ported: true, type: 'mobile' },
      '4530303030': { current_carrier: carrier('TDC'), original_carrier: carrier('TDC'), network_operator: carrier('TDC'), ported: false, type: 'mobile' },
    },
  };

  it('keeps the order asked, reads keys in any format, and marks numbers left out as not existing', () => {
    const rows = lookupRows([{ msisdn: '4599999999', name: 'Ghost' }, { msisdn: '4520123456' }, { msisdn: '4530303030', name: 'Bo' }], response);
    expect(rows).toEqual([
      { msisdn: '4599999999', name: 'Ghost', exists: false, currentCarrier: null, originalCarrier: null, ported: null, type: null },
      { msisdn: '4520123456', name: null, exists: true, currentCarrier: 'Telia', originalCarrier: 'TDC', ported: true, type: 'mobile' },
      { msisdn: '4530303030', name: 'Bo', exists: true, currentCarrier: 'TDC', originalCarrier: 'TDC', ported: false, type: 'mobile' },
    ]);
  });
});
