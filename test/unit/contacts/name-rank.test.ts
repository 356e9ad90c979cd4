// The name bucket never decreases as the sort key grows (byte order, as SQLite compares it): the property the
// name-ordered search index rests on, for any text, and the letters of the bucket alphabet by table.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bucketLetter, nameBucket } from '../../../src-main/core/contacts/name-rank';
import { sortKey } from '../../../src-main/core/contacts/sort-key';

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('bucketLetter', () => {
  it.each([
    [undefined, 0],
    [0x09, 1],
    [0x20, 2],
    [0x27, 3], // '
    [0x2d, 4], // -
    [0x2e, 5], // .
    [0x39, 5], // 9
    [0x61, 6], // a
    [0x7a, 31], // z
    [0x7b, 32], // { (æ)
    [0x7c, 33], // | (ø)
    [0x7d, 34], // } (å)
    [0x7e, 35], // ~ (no name)
    [0x7f, 36],
    [0xdf, 36], // ß
    [0x1f600, 36],
  ] as const)('%s → %i', (cp, letter) => {
    expect(bucketLetter(cp)).toBe(letter);
  });
});

describe('nameBucket', () => {
  it('orders a few names as the list does', () => {
    const keys = ['', 'a', 'a b', 'a-b', 'a.b', 'ab', 'maria a', 'maria b', 'maria ba', 'z', '{', '|', '}', '~+4520000000'];
    const buckets = keys.map(nameBucket);
    expect([...buckets].sort((a, b) => a - b)).toEqual(buckets);
    expect(nameBucket('maria ba')).toBe(nameBucket('maria bz'));
    expect(nameBucket('christian hansen')).toBe(nameBucket('christiansen'));
  });

  it('stays below 37^7, so a rank with 26 id bits stays below 2^63', () => {
    expect(nameBucket('~~~~~~~~')).toBeLessThan(37 ** 7);
  });

  it('never decreases as the sort key grows, for any text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'z', ' ', '-', '.', '0', 'æ', 'ø', 'å', 'é', 'ß', '~', '\u0001', '😀', 'A'), maxLength: 10 });
    fc.assert(
      fc.property(text, text, (x, y) => {
        const [a, b] = byteOrder(x, y) <= 0 ? [x, y] : [y, x];
        expect(nameBucket(a)).toBeLessThanOrEqual(nameBucket(b));
      }),
      { numRuns: 5000 },
    );
  });

  it('never decreases along real sort keys', () => {
    const name = fc.string({ unit: fc.constantFrom('A', 'n', 'e', ' ', '-', 'Ø', 'å', 'Æ', 'é', 'ü', "'"), maxLength: 9 });
    fc.assert(
      fc.property(name, name, name, name, (f1, l1, f2, l2) => {
        const [a, b] = [sortKey(f1, l1, '+4520000001'), sortKey(f2, l2, '+4520000002')].sort(byteOrder) as [string, string];
        expect(nameBucket(a)).toBeLessThanOrEqual(nameBucket(b));
      }),
      { numRuns: 3000 },
    );
  });
});
