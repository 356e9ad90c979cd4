// What a team member's name may be: written in one form (Unicode NFKC, single spaces), with nothing invisible in it
// (zero-width characters, bidi controls, other format and control characters), and not a lookalike of a colleague's
// name. Lookalikes are found by a confusable skeleton after Unicode's UTS #39: both names decomposed (NFKD), letters
// that look like Latin ones (Cyrillic, Greek, digits, a few Latin variants) mapped to them, case folded; equal
// skeletons look alike. The table is the common Latin/Cyrillic/Greek part of Unicode's confusables.txt, not all of it.

/** Characters no one can see or that change how the text around them is shown. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** The name as it is stored and shown: compatibility forms folded (NFKC), outer spaces cut, inner runs one space. */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/** Whether the name holds a character that is invisible or controls how text is shown (checked before normalising
 * cuts any: a byte-order mark or a line separator at the end is as much a hidden character as one inside). */
export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN.test(name.normalize('NFKC'));
}

// Lookalikes of Latin letters, mapped before case folding (capitals whose small letter looks different: Cyrillic В is
// Latin B, but в is not b) and after it (small letters).
const BEFORE_FOLDING: Readonly<Record<string, string>> = {
  // Capital I looks like small l in most sans-serif fonts.
  I: 'l', Ι: 'l', І: 'l', Ӏ: 'l', '|': 'l',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', Х: 'x', У: 'y', Ѕ: 's', Ј: 'j', Ԛ: 'q', Ԝ: 'w', Ү: 'y',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
};
const AFTER_FOLDING: Readonly<Record<string, string>> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ү: 'y', ɡ: 'g',
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', κ: 'k', υ: 'u', χ: 'x', ϲ: 'c', ϳ: 'j', γ: 'y', ϱ: 'p', ς: 'c',
  ı: 'i', ȷ: 'j', ɑ: 'a', ɩ: 'i', ʏ: 'y', ɪ: 'i',
  '0': 'o', '1': 'l',
};
/** Letter pairs that read as one letter at a glance. */
const PAIRS: readonly (readonly [RegExp, string])[] = [
  [/rn/gu, 'm'],
  [/vv/gu, 'w'],
  [/cl/gu, 'd'],
];

const mapEach = (s: string, table: Readonly<Record<string, string>>) => Array.from(s, (c) => table[c] ?? c).join('');

/** The name's confusable skeleton: two names with the same skeleton look alike. */
export function nameSkeleton(name: string): string {
  let s = normaliseName(name).normalize('NFKD').replace(HIDDEN, '');
  s = mapEach(s, BEFORE_FOLDING).toLowerCase();
  s = mapEach(s, AFTER_FOLDING);
  for (const [pair, one] of PAIRS) s = s.replace(pair, one);
  return s.replace(/\s+/gu, ' ').normalize('NFD');
}

export type NameProblem = { kind: 'hidden' } | { kind: 'lookalike'; like: string } | null;

/**
 * Why `name` cannot be a new member's (or a member's new) name beside `others` (the current members' names, without
 * the member being renamed); null when it can. A name equal to another's after case folding is a lookalike too.
 */
export function newNameProblem(name: string, others: readonly string[]): NameProblem {
  if (hasHiddenCharacters(name)) return { kind: 'hidden' };
  const skeleton = nameSkeleton(name);
  const like = others.find((o) => nameSkeleton(o) === skeleton);
  return like === undefined ? null : { kind: 'lookalike', like };
}
