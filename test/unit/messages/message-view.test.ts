// The stored message in a shop owner's terms: delivery states from the gateway's report, the charge status from the
// message or else the callbacks, refunds already asked for, and the message's own fields.
import { describe, expect, it } from 'vitest';
import { toLookedUpMessage, type MessageFacts } from '../../../src-main/core/messages/message-view';
import type { StoredMessage } from '../../../src-main/core/gateway';
import type { RecordedCharge } from '../../../src-main/core/messages/charge-statuses';

const stored = (over: Partial<StoredMessage> = {}, recipients: Record<string, unknown>[] = [{ msisdn: '4512345671' }]): StoredMessage =>
  ({ id: 100000007, class: 'standard', message: 'Hello', payload: null, label: null, sender: 'Shop', sendtime: null, ...over, recipients }) as StoredMessage;

const facts = (s: StoredMessage, more: Partial<MessageFacts> = {}): MessageFacts => ({
  stored: s,
  mode: 'sandbox',
  charges: new Map(),
  refunds: new Map(),
  campaign: null,
  fetchedAt: new Date('2026-03-01T10:00:00Z'),
  ...more,
});

const charge = (msisdn: string, chargeStatus: string): [string, RecordedCharge] => [
  msisdn,
  { msisdn, chargeStatus, statusAt: '2026-03-01T09:00:00.000Z', seenAt: '2026-03-01T09:00:01.000Z' },
];

describe('a recipient of the stored message', () => {
  it.each([
    ['DELIVERED', 'delivered'],
    ['delivered', 'delivered'],
    ['BUFFERED', 'sent'],
    ['UNDELIVERABLE', 'failed'],
    ['SKIPPED', 'failed'],
    ['EXPIRED', 'expired'],
    ['SCHEDULED', 'pending'],
    ['SOMETHING_NEW', 'unknown'],
    [null, 'sent'],
  ] as const)('report %s reads as %s', (dsnstatus, state) => {
    const [r] = toLookedUpMessage(facts(stored({}, [{ msisdn: '4512345671', dsnstatus }]))).recipients;
    expect(r!.status).toBe(state);
    expect(r!.statusLabel.length).toBeGreaterThan(2);
    expect(r!.gatewayStatus).toBe(dsnstatus === null ? null : dsnstatus.toUpperCase());
  });

  it("explains a report in the gateway status's own words where there are some", () => {
    const [r] = toLookedUpMessage(facts(stored({}, [{ msisdn: '4512345671', dsnstatus: 'BUFFERED' }]))).recipients;
    expect(r!.statusExplanation).toMatch(/holding the message until the phone can be reached/);
  });

  it('carries the error, the report time, parts and country', () => {
    const [r] = toLookedUpMessage(
      facts(stored({}, [{ msisdn: 4512345670, dsnstatus: 'UNDELIVERABLE', dsnerror: 'Unknown subscriber', dsnerrorcode: '0x1420', dsntime: 1772358000, csms: 2, country: 'DK' }])),
    ).recipients;
    expect(r).toMatchObject({ msisdn: '4512345670', statusError: 'Unknown subscriber', statusAt: '2026-03-01T09:40:00.000Z', parts: 2, country: 'DK' });
  });

  it.each([
    ['the message says CAPTURED', { charge_status: 'CAPTURED' }, [], 'CAPTURED', 'message'],
    ['the message says it in lower case', { charge_status: 'captured' }, [], 'CAPTURED', 'message'],
    ['the message beats an older callback', { charge_status: 'REFUNDED' }, [charge('4512345671', 'CAPTURED')], 'REFUNDED', 'message'],
    ['no word in the message: the callback', {}, [charge('4512345671', 'CAPTURED')], 'CAPTURED', 'callback'],
    ['null in the message: the callback', { charge_status: null }, [charge('4512345671', 'FAILED')], 'FAILED', 'callback'],
    ['a callback about another number does not count', {}, [charge('4512345672', 'CAPTURED')], null, null],
    ['nobody said anything', {}, [], null, null],
  ] as const)('charge status: %s', (_, entry, callbacks, status, from) => {
    const s = stored({ class: 'charge', sender: '1204' }, [{ msisdn: '+4512345671', ...entry }]);
    const [r] = toLookedUpMessage(facts(s, { charges: new Map(callbacks) })).recipients;
    expect(r).toMatchObject({ msisdn: '4512345671', chargeStatus: status, chargeStatusFrom: from });
  });

  it('knows which numbers a refund was already asked for', () => {
    const s = stored({ class: 'charge' }, [{ msisdn: '4512345671' }, { msisdn: '4512345672' }]);
    const m = toLookedUpMessage(facts(s, { refunds: new Map([['4512345672', '2026-03-01T09:30:00.000Z']]) }));
    expect(m.recipients.map((r) => r.refundRequestedAt)).toEqual([null, '2026-03-01T09:30:00.000Z']);
  });
});

describe('the message', () => {
  it('has its class, text, sender, label, send time and campaign', () => {
    const s = stored({ class: 'Premium', label: 'spring', sendtime: 1772355600 }, [{ msisdn: '4512345671', senttime: 1772355601 }]);
    const m = toLookedUpMessage(facts(s, { mode: 'live', campaign: { id: 4, name: 'Spring', kind: 'campaign' } }));
    expect(m).toMatchObject({
      gatewayId: 100000007,
      mode: 'live',
      messageClass: 'premium',
      text: 'Hello',
      binary: false,
      sender: 'Shop',
      label: 'spring',
      sentAt: '2026-03-01T09:00:01.000Z',
      campaign: { id: 4, name: 'Spring', kind: 'campaign' },
      fetchedAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('falls back to the scheduled time, the standard class, and no label or sender', () => {
    const m = toLookedUpMessage(facts(stored({ class: null, sender: null, label: '', sendtime: 1772355600 })));
    expect(m).toMatchObject({ messageClass: 'standard', sender: null, label: null, sentAt: '2026-03-01T09:00:00.000Z' });
    expect(toLookedUpMessage(facts(stored())).sentAt).toBeNull();
  });

  it('shows no text for a binary message', () => {
    const m = toLookedUpMessage(facts(stored({ message: null, payload: 'AAEC' })));
    expect(m).toMatchObject({ text: null, binary: true });
  });
});
