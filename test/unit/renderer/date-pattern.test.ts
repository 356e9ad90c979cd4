// The date pickers show and read dates the way the UI's locale writes them, not ISO with seconds.
import { describe, expect, it } from 'vitest';
import { datePatternFor } from '../../../src-renderer/composables/useDatePattern';

describe('date picker patterns', () => {
  it.each([
    ['da-DK', true, 'dd.MM.yyyy, HH.mm'],
    ['da-DK', false, 'dd.MM.yyyy'],
    ['en-GB', true, 'dd/MM/yyyy, HH:mm'],
    ['en-GB', false, 'dd/MM/yyyy'],
    ['en-US', true, 'MM/dd/yyyy, hh:mm a'],
    ['de-DE', false, 'dd.MM.yyyy'],
  ] as const)('%s (time: %s) is %s', (tag, withTime, pattern) => {
    expect(datePatternFor(tag, withTime)).toBe(pattern);
  });
});
