// The ways an erased number is found in free text (an audit entry, a campaign's name, a lookup's results): every
// common grouping with or without the country code, never inside a longer run of digits.
import { describe, expect, it } from 'vitest';
import { numberPattern } from '../../../src-main/core/privacy/person';

const DK = { msisdn: 4520123456, national: '20123456' };
const found = (text: string) => text.replace(numberPattern(DK), '#');

describe('numberPattern', () => {
  it.each([
    ['4520123456', '#'],
    ['+4520123456', '#'],
    ['+45 20 12 34 56', '#'],
    ['0045 2012 3456', '#'],
    ['20 12 34 56', '#'],
    ['20-12-34-56', '#'],
    ['20123456', '#'],
    ['{"msisdn":4520123456,"text":"Ring på 20 12 34 56"}', '{"msisdn":#,"text":"Ring på #"}'],
    ['Reply to +4520123456', 'Reply to #'],
    ['two: 20123456 and 4520123456.', 'two: # and #.'],
  ])('finds %j', (text, out) => {
    expect(found(text)).toBe(out);
  });

  it.each([['120123456'], ['201234567'], ['4520123457'], ['20 12 34 5'], ['99 20123456 0'.replace(/ /g, '')]])('leaves %j alone', (text) => {
    expect(found(text)).toBe(text);
  });
});
