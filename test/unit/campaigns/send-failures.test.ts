// A request without a 2xx answer: anything that may have reached the gateway is uncertain (never resent by itself);
// only errors known to have stayed on this computer are retried, refused or pause the campaign.
import { describe, expect, it } from 'vitest';
import { BeskedError } from '../../../src-main/core/errors';
import { classifySendFailure, type SendFailure } from '../../../src-main/core/campaigns/outbox/send-failures';

const cases: [string, unknown, SendFailure][] = [
  ['a thrown non-Besked error', new Error('boom'), 'uncertain'],
  ['a timeout after sending', new BeskedError('network', 'timed out', { maybeAccepted: true }), 'uncertain'],
  ['an error that does not say', new BeskedError('server', '502'), 'uncertain'],
  ['a refused connection', new BeskedError('network', 'refused', { maybeAccepted: false }), 'retry'],
  ['a 5xx known not to have sent', new BeskedError('server', '503', { maybeAccepted: false }), 'retry'],
  ['a 429', new BeskedError('rate_limited', 'slow down', { maybeAccepted: false, retryAfterS: 3 }), 'retry'],
  ['a 400 for the content', new BeskedError('validation', 'bad sender', { maybeAccepted: false }), 'refused'],
  ['a refused token', new BeskedError('auth', 'token', { maybeAccepted: false }), 'pause'],
  ['too little credit', new BeskedError('limit', 'credit', { maybeAccepted: false }), 'pause'],
  ['a feature not enabled', new BeskedError('not_enabled', 'no messaging', { maybeAccepted: false }), 'pause'],
];

describe('classifySendFailure', () => {
  it.each(cases)('%s → %s', (_, err, expected) => {
    expect(classifySendFailure(err)).toBe(expected);
  });
});
