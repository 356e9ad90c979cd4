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
    // A common first name's contacts are told apart by four letters of the last name; others share more.
    expect(nameBucket('christian hansen')).toBe(nameBucket('christian hanssen'));
    expect(nameBucket('christian hansen')).toBeLessThan(nameBucket('christian holm'));
    expect(nameBucket('christiane holm')).toBe(nameBucket('christiane hansen'));
    expect(nameBucket('~+4520000000')).toBe(nameBucket('~+4520000999'));
    expect(nameBucket('~+4520000999')).toBeLessThan(nameBucket('~+4520001000'));
  });

  it('stays below 2^37, so a rank with 26 id bits stays below 2^63', () => {
    expect(nameBucket('\u{10ffff}')).toBeLessThan(2 ** 37);
  });

  it('never decreases as the sort key grows, for any text', () => {
    const unit = fc.constantFrom('a', 'b', 'i', 'z', ' ', '-', '.', '+', '0', '4', '{', '|', '}', 'é', 'ß', '~', '\u0001', '😀', 'A');
    // Texts around the anchors (common first names) too: "ib", "ib ", "ibx", "i", "christian-", "~+45…".
    const start = fc.constantFrom('', 'ib', 'bo', 'anne', 'anne-marie', 'christian', 'christiane', '~+', '~+45', 'zz', '}se', 'aage');
    const text = fc.tuple(start, fc.string({ unit, maxLength: 10 })).map(([a, b]) => a + b);
    fc.assert(
      fc.property(text, text, (x, y) => {
        const [a, b] = byteOrder(x, y) <= 0 ? [x, y] : [y, x];
        expect(nameBucket(a)).toBeLessThanOrEqual(nameBucket(b));
      }),
      { numRuns: 5000 },
    );
  });

  it('never decreases along real sort keys', () => {
    const free = fc.string({ unit: fc.constantFrom('A', 'n', 'e', ' ', '-', 'Ø', 'å', 'Æ', 'é', 'ü', "'"), maxLength: 9 });
    const name = fc.oneof(free, fc.constantFrom('Anne', 'Anne-Marie', 'Ib', 'Åse', 'Christian', 'Christiane', ''), fc.tuple(fc.constantFrom('Anne', 'Ib'), free).map(([a, b]) => a + b));
    fc.assert(
      fc.property(name, name, name, name, (f1, l1, f2, l2) => {
        const [a, b] = [sortKey(f1, l1, '+4520000001'), sortKey(f2, l2, '+4520000002')].sort(byteOrder) as [string, string];
        expect(nameBucket(a)).toBeLessThanOrEqual(nameBucket(b));
      }),
      { numRuns: 3000 },
    );
  });
});
