// Sender rules of both interfaces as a table: refused (error) or risky (warning).
import { describe, expect, it } from 'vitest';
import { checkSender, senderBlocks, describeSenderIssue, type SendChannel } from '../../../src-shared/senders';

const codes = (sender: string, channel: SendChannel) => checkSender(sender, channel).map((i) => `${i.level}:${i.code}`);

describe('checkSender', () => {
  it.each([
    ['Besked', 'legacy', []],
    ['Besked', 'messaging', []],
    ['', 'legacy', ['error:empty']],
    ['AB', 'messaging', ['error:too_short']],
    ['ABCDEFGHIJK', 'legacy', []],
    ['ABCDEFGHIJKL', 'legacy', ['error:alnum_over_11']],
    ['ABCDEFGHIJKL', 'messaging', ['warning:alnum_over_11']],
    ['ABCDEFGHIJKLMNOPQRS', 'messaging', ['error:too_long']],
    ['123456789012345', 'legacy', []],
    ['1234567890123456', 'legacy', ['error:digits_over_15']],
    ['1234567890123456', 'messaging', ['warning:digits_over_15']],
    ['+4512345678', 'messaging', []],
    ['+4512345678', 'legacy', ['warning:special_chars']],
    ['Bager Ø', 'messaging', ['warning:special_chars']],
    ['Shop\n1', 'messaging', ['error:control_chars']],
  ] as const)('%j on %s → %j', (sender, channel, expected) => {
    expect(codes(sender, channel)).toEqual(expected);
  });

  it('names the special characters once each', () => {
    expect(checkSender('Café & Co.', 'messaging').find((i) => i.code === 'special_chars')?.chars).toEqual(['é', ' ', '&', '.']);
  });

  it('counts an emoji as one character', () => {
    expect(codes('Hi😀', 'messaging')).toEqual(['warning:special_chars']);
  });

  it('blocks only on errors and words every issue', () => {
    expect(senderBlocks(checkSender('ABCDEFGHIJKL', 'messaging'))).toBe(false);
    expect(senderBlocks(checkSender('ABCDEFGHIJKL', 'legacy'))).toBe(true);
    for (const i of checkSender('Café & Co. Longer', 'legacy')) expect(describeSenderIssue(i)).toMatch(/\w/);
  });
});
