// Boundary tables for the part counter: every edge the gateway bills on, GSM-7 and UCS-2.
import { describe, expect, it } from 'vitest';
import {
  MAX_MESSAGE_CHARS,
  countSegments,
  isOverLimit,
  splitIntoParts,
  type SegmentCount,
} from '../../../src-shared/sms/segments';

const a = (n: number) => 'a'.repeat(n); // GSM-7, one septet
const zh = (n: number) => 'ж'.repeat(n); // not GSM-7, one UTF-16 unit
const emoji = (n: number) => '😀'.repeat(n); // not GSM-7, a surrogate pair

type Expect = Pick<SegmentCount, 'encoding' | 'segments' | 'units' | 'unitsPerSegment' | 'remainingInSegment'>;

function gsm(segments: number, units: number, remainingInSegment: number): Expect {
  return { encoding: 'GSM-7', segments, units, unitsPerSegment: segments > 1 ? 153 : 160, remainingInSegment };
}
function ucs(segments: number, units: number, remainingInSegment: number): Expect {
  return { encoding: 'UCS-2', segments, units, unitsPerSegment: segments > 1 ? 67 : 70, remainingInSegment };
}

const cases: Array<[name: string, text: string, expected: Expect, partLengths?: number[]]> = [
  ['empty', '', gsm(0, 0, 160), []],
  ['one char', a(1), gsm(1, 1, 159), [1]],
  ['152 GSM', a(152), gsm(1, 152, 8)],
  ['153 GSM', a(153), gsm(1, 153, 7)],
  ['154 GSM', a(154), gsm(1, 154, 6)],
  ['159 GSM', a(159), gsm(1, 159, 1), [159]],
  ['160 GSM', a(160), gsm(1, 160, 0), [160]],
  ['161 GSM', a(161), gsm(2, 161, 145), [153, 8]],
  ['305 GSM', a(305), gsm(2, 305, 1), [153, 152]],
  ['306 GSM (2×153)', a(306), gsm(2, 306, 0), [153, 153]],
  ['307 GSM', a(307), gsm(3, 307, 152), [153, 153, 1]],
  ['458 GSM', a(458), gsm(3, 458, 1)],
  ['459 GSM (3×153)', a(459), gsm(3, 459, 0)],
  ['460 GSM', a(460), gsm(4, 460, 152)],
  ['612 GSM (4×153)', a(612), gsm(4, 612, 0)],
  ['613 GSM', a(613), gsm(5, 613, 152)],
  ['39015 GSM (255×153)', a(39015), gsm(255, 39015, 0)],
  ['39016 GSM', a(39016), gsm(256, 39016, 152)],

  ['extension char costs 2', 'Pris: 10€', gsm(1, 10, 150), [9]],
  ['every extension char', '\f^{}\\[~]|€', gsm(1, 20, 140)],
  ['158 + € = 160 fits one part', a(158) + '€', gsm(1, 160, 0)],
  ['159 + € = 161 needs two', a(159) + '€', gsm(2, 161, 145), [153, 7]],
  ['€ ends part 1 exactly', a(151) + '€' + a(10), gsm(2, 163, 143), [152, 10]],
  ['€ would straddle parts: moves whole', a(152) + '€' + a(10), gsm(2, 164, 141), [152, 11]],
  ['306 septets but the pair cannot split: 3 parts', a(152) + '€' + a(152), gsm(3, 306, 152), [152, 152, 1]],
  ['€ at the start of part 3', a(306) + '€', gsm(3, 308, 151), [153, 153, 1]],

  ['66 UCS-2', zh(66), ucs(1, 66, 4)],
  ['67 UCS-2', zh(67), ucs(1, 67, 3)],
  ['68 UCS-2', zh(68), ucs(1, 68, 2)],
  ['69 UCS-2', zh(69), ucs(1, 69, 1), [69]],
  ['70 UCS-2', zh(70), ucs(1, 70, 0), [70]],
  ['71 UCS-2', zh(71), ucs(2, 71, 63), [67, 4]],
  ['133 UCS-2', zh(133), ucs(2, 133, 1)],
  ['134 UCS-2 (2×67)', zh(134), ucs(2, 134, 0), [67, 67]],
  ['135 UCS-2', zh(135), ucs(3, 135, 66), [67, 67, 1]],
  ['201 UCS-2 (3×67)', zh(201), ucs(3, 201, 0)],
  ['202 UCS-2', zh(202), ucs(4, 202, 66)],
  ['one non-GSM char turns 160 GSM into 3 parts', a(159) + 'ж', ucs(3, 160, 41), [67, 67, 26]],
  ['curly quote turns the text UCS-2', '“' + a(68) + '”', ucs(1, 70, 0)],

  ['emoji is 2 units', 'Hej 😀', ucs(1, 6, 64)],
  ['35 emoji = 70 units, one part', emoji(35), ucs(1, 70, 0)],
  ['36 emoji = 72 units, pairs never split', emoji(36), ucs(2, 72, 61), [66, 6]],
  ['68 + emoji = 70 units, one part', zh(68) + '😀', ucs(1, 70, 0)],
  ['69 + emoji = 71 units', zh(69) + '😀', ucs(2, 71, 63), [67, 4]],
  ['emoji ends part 1 exactly', zh(65) + '😀' + zh(5), ucs(2, 72, 62), [67, 5]],
  ['emoji would straddle parts: moves whole', zh(66) + '😀' + zh(4), ucs(2, 72, 61), [66, 6]],
  ['134 units but the pair cannot split: 3 parts', zh(66) + '😀' + zh(66), ucs(3, 134, 66), [66, 67, 1]],

  ['extension char in UCS-2 text is one unit', 'ж€', ucs(1, 2, 68)],
  ['69 UCS-2 + € = 70 units', zh(69) + '€', ucs(1, 70, 0)],
  ['lone surrogate counts one unit', 'a\ud83d', ucs(1, 2, 68)],
];

describe('countSegments', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    expect(countSegments(text)).toMatchObject(expected);
  });

  it.each(cases.filter((c) => c[3] !== undefined))('splitIntoParts: %s', (_name, text, _e, partLengths) => {
    const parts = splitIntoParts(text);
    expect(parts.map((p) => p.length)).toEqual(partLengths);
    expect(parts.join('')).toBe(text);
  });

  it.each([
    ['Danish stays GSM-7', 'Hej Søren, din ordre på 3 æbler er klar. Åbent 8–?', ['–']],
    ['Danish letters are GSM-7', 'ÆØÅ æøå é è ù ì ò Ç ß É Ä Ö Ñ Ü § ¿ à ä ö ñ ü ¡ £ ¥ ΔΦΓΛΩΠΨΣΘΞ', []],
    ['each non-GSM char once, in order', 'ж😀ж😀é“', ['ж', '😀', '“']],
    ['different emoji listed apart', '👍😀👍', ['👍', '😀']],
    ['lowercase ç is not the GSM-7 Ç', 'ça va', ['ç']],
    ['backtick and tab are not GSM-7', 'a`b\tc', ['`', '\t']],
    ['a literal ESC is not a character', 'a\x1bb', ['\x1b']],
  ])('nonGsmChars: %s', (_name, text, expected) => {
    expect(countSegments(text).nonGsmChars).toEqual(expected);
  });

  it('does not carry nonGsmChars over from an earlier call', () => {
    expect(countSegments('ж').nonGsmChars).toEqual(['ж']);
    expect(countSegments('ж').nonGsmChars).toEqual(['ж']);
    expect(countSegments('😀').nonGsmChars).toEqual(['😀']);
    expect(countSegments('😀').nonGsmChars).toEqual(['😀']);
  });
});

describe('message limit (characters are code points)', () => {
  it.each([
    ['39015 GSM-7', a(MAX_MESSAGE_CHARS), 39015, false],
    ['39016 GSM-7', a(MAX_MESSAGE_CHARS + 1), 39016, true],
    ['39015 UCS-2', zh(MAX_MESSAGE_CHARS), 39015, false],
    ['39016 UCS-2', zh(MAX_MESSAGE_CHARS + 1), 39016, true],
    ['39015 emoji are 78030 units but 39015 characters', emoji(MAX_MESSAGE_CHARS), 39015, false],
    ['39016 emoji', emoji(MAX_MESSAGE_CHARS + 1), 39016, true],
    ['extension chars are one character each', '€'.repeat(MAX_MESSAGE_CHARS), 39015, false],
  ])('%s', (_name, text, characters, over) => {
    const count = countSegments(text);
    expect(count.characters).toBe(characters);
    expect(count.overLimit).toBe(over);
    expect(isOverLimit(text)).toBe(over);
    // Over the limit is flagged, never hidden: the parts are still counted.
    expect(count.segments).toBeGreaterThan(200);
  });

  it('counts parts of an over-limit text exactly as for any other', () => {
    expect(countSegments(emoji(MAX_MESSAGE_CHARS + 1))).toMatchObject({
      segments: Math.ceil((MAX_MESSAGE_CHARS + 1) / 33),
      units: 2 * (MAX_MESSAGE_CHARS + 1),
    });
  });
});
