// A cancelled keyword runs to the end of the month it was cancelled in.
import { describe, expect, it } from 'vitest';
import { keywordKey, leaseEndAfterCancel, stillActive } from '../../../src-main/core/account/keyword-lease';

describe('leaseEndAfterCancel', () => {
  it.each([
    [new Date(2025, 0, 1, 0, 0), '2025-01-31'],
    [new Date(2025, 0, 31, 23, 59), '2025-01-31'],
    [new Date(2025, 1, 10), '2025-02-28'],
    [new Date(2024, 1, 10), '2024-02-29'],
    [new Date(2025, 3, 30), '2025-04-30'],
    [new Date(2025, 11, 15), '2025-12-31'],
  ])('%s → %s', (at, end) => {
    expect(leaseEndAfterCancel(at)).toBe(end);
  });
});

describe('stillActive', () => {
  it.each([
    ['2025-01-31', new Date(2025, 0, 31, 23, 0), true],
    ['2025-01-31', new Date(2025, 1, 1, 0, 0), false],
    ['2025-01-31', new Date(2024, 11, 1), true],
  ])('until %s on %s: %s', (until, day, active) => {
    expect(stillActive(until, day)).toBe(active);
  });
});

describe('keywordKey', () => {
  it('ignores case, Danish letters included', () => {
    expect(keywordKey(1204, 'PIZZA')).toBe(keywordKey(1204, 'pizza'));
    expect(keywordKey(1204, 'ÆBLE')).toBe(keywordKey(1204, 'æble'));
    expect(keywordKey(1204, 'pizza')).not.toBe(keywordKey(1205, 'pizza'));
  });
});
