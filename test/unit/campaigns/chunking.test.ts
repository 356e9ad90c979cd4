// Chunks within the spec's limits, and legacy messages split by encoding so GSM-7 recipients are not billed as UCS-2.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_CHUNK_SIZE,
  effectiveChunkSize,
  legacyMessageGroups,
  LEGACY_MAX_MESSAGES_PER_REQUEST,
  LEGACY_MAX_RECIPIENTS_PER_MESSAGE,
  LEGACY_MAX_RECIPIENTS_PER_REQUEST,
  requestSizes,
  splitIntoChunks,
} from '../../../src-main/core/campaigns/outbox/chunking';

describe('chunk sizes', () => {
  it.each([
    ['legacy', undefined, 1000],
    ['legacy', 10_000, 10_000],
    ['legacy', 50_000, 10_000],
    ['messaging', 5_000, 1_000],
    ['messaging', 250, 250],
    ['legacy', 0, 1],
    ['legacy', Number.NaN, 1],
  ] as const)('%s asked %s → %s', (channel, asked, size) => {
    expect(effectiveChunkSize(channel, asked)).toBe(size);
  });

  it('defaults to 1000 recipients per request', () => expect(DEFAULT_CHUNK_SIZE).toBe(1000));

  it.each([
    [0, 1000, []],
    [1, 1000, [1]],
    [1000, 1000, [1000]],
    [1001, 1000, [1000, 1]],
    [100_000, 1000, Array(100).fill(1000)],
  ])('%s recipients in chunks of %s', (total, size, sizes) => {
    expect(requestSizes(total, size)).toEqual(sizes);
  });

  it('splits any list into order-keeping chunks that cover it exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (xs, size) => {
        const chunks = splitIntoChunks(xs, size);
        expect(chunks.flat()).toEqual(xs);
        expect(chunks.every((c) => c.length >= 1 && c.length <= size)).toBe(true);
      }),
    );
  });
});

describe('legacy messages of a chunk', () => {
  const r = (id: number, ucs2: boolean) => ({ id, ucs2 });

  it('puts GSM-7 and UCS-2 recipients in separate messages, keeping order within each', () => {
    const groups = legacyMessageGroups([r(1, false), r(2, true), r(3, false), r(4, true)]);
    expect(groups).toEqual([
      { ucs2: false, recipients: [r(1, false), r(3, false)] },
      { ucs2: true, recipients: [r(2, true), r(4, true)] },
    ]);
  });

  it('makes one message when all share an encoding', () => {
    expect(legacyMessageGroups([r(1, true), r(2, true)])).toHaveLength(1);
    expect(legacyMessageGroups([])).toEqual([]);
  });

  it('stays within the per-message, per-request and message-count limits', () => {
    const many = Array.from({ length: LEGACY_MAX_RECIPIENTS_PER_REQUEST }, (_, i) => r(i, i % 3 === 0));
    const groups = legacyMessageGroups(many);
    expect(groups.length).toBeLessThanOrEqual(LEGACY_MAX_MESSAGES_PER_REQUEST);
    expect(groups.every((g) => g.recipients.length <= LEGACY_MAX_RECIPIENTS_PER_MESSAGE)).toBe(true);
    expect(groups.reduce((n, g) => n + g.recipients.length, 0)).toBe(LEGACY_MAX_RECIPIENTS_PER_REQUEST);
    expect(() => legacyMessageGroups([...many, r(-1, false)])).toThrow(RangeError);
  });
});
