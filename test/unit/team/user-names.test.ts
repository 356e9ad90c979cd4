// A member's name: normalised (NFKC, single spaces), refused with invisible or control characters in it, and refused
// when it looks like a colleague's (the confusable skeleton).
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, nameSkeleton, newNameProblem, normaliseName } from '../../../src-shared/team/user-names';

describe('normaliseName', () => {
  it.each([
    ['  Anna  ', 'Anna'],
    ['Anna   Berg', 'Anna Berg'],
    ['Ａｎｎａ', 'Anna'], // full-width letters
    ['Anna\u00a0Berg', 'Anna Berg'], // no-break space
    ['ﬁona', 'fiona'], // ligature
    ['So\u0308ren', 'Sören'], // decomposed ö composed
    ['Søren', 'Søren'],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseName(raw)).toBe(expected);
  });
});

describe('hasHiddenCharacters', () => {
  it.each([
    ['Olga', false],
    ['Søren Østergaard', false],
    ['Ольга', false],
    ['Olga\u200b', true], // zero-width space
    ['O\u200clga', true], // zero-width non-joiner
    ['Ol\u200dga', true], // zero-width joiner
    ['\ufeffOlga', true], // byte-order mark
    ['Olga\u2060', true], // word joiner
    ['Olga\u00ad', true], // soft hyphen
    ['Olga\u202e', true], // right-to-left override
    ['\u2066Olga\u2069', true], // isolates
    ['Olga\u200f', true], // right-to-left mark
    ['Olga\u0007', true], // control
    ['Olga\u034f', true], // combining grapheme joiner
    ['Olga\ufe0f', true], // variation selector
    ['Olga\u3164', true], // Hangul filler
    ['Olga\u2028', true], // line separator
    ['Olga\ue000', true], // private use
  ])('%j → %s', (name, expected) => {
    expect(hasHiddenCharacters(name)).toBe(expected);
  });
});

describe('nameSkeleton: lookalikes share one', () => {
  it.each([
    ['Olga', 'Оlga'], // Cyrillic О
    ['Olga', 'Οlga'], // Greek Ο
    ['Anna', 'Аnnа'], // Cyrillic а twice
    ['Anna', 'ΑΝΝΑ'], // Greek capitals
    ['Paul', 'Раul'], // Cyrillic Р, а
    ['Bo', 'B0'], // digit zero
    ['Ida', 'lda'], // capital I and small l
    ['Ida', '1da'],
    ['Emil', 'Emı1'], // dotless i, digit one
    ['Marie', 'rnarie'], // r n
    ['Anna Berg', 'Anna  Berg'],
    ['Anna', 'Ａｎｎａ'],
    ['Sven', 'Ѕvеn'], // Cyrillic Ѕ, е
    ['Xenia', 'Хеnia'], // Cyrillic Х, е
  ])('%j ~ %j', (a, b) => {
    expect(nameSkeleton(b)).toBe(nameSkeleton(a));
  });

  it.each([
    ['Anna', 'Anne'],
    ['Søren', 'Soren'],
    ['Bo', 'Bob'],
    ['Ольга', 'Olga'], // a Russian name in Cyrillic is not the Latin one
    ['Kollega 1', 'Kollega 2'],
  ])('%j ≁ %j', (a, b) => {
    expect(nameSkeleton(b)).not.toBe(nameSkeleton(a));
  });
});

describe('newNameProblem', () => {
  const team = ['Anna', 'Olga', 'Bo'];
  it.each([
    ['Carl', null],
    ['Olga\u200b', { kind: 'hidden' }],
    ['Оlga', { kind: 'lookalike', like: 'Olga' }],
    ['B0', { kind: 'lookalike', like: 'Bo' }],
    ['ANNA', { kind: 'lookalike', like: 'Anna' }],
    ['Annika', null],
  ])('%j beside Anna, Olga, Bo → %j', (name, expected) => {
    expect(newNameProblem(name, team)).toEqual(expected);
  });
});
