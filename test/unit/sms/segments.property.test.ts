// Properties of the part counter checked against a slow, obviously-correct model of the rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GSM7_BASIC_TABLE,
  GSM7_EXTENSION_CHARS,
  MAX_MESSAGE_CHARS,
  countSegments,
  splitIntoParts,
  type SegmentCount,
} from '../../../src-shared/sms/segments';
import { gsmText, smsChar, smsText } from './arbitraries';

const BASIC = new Set([...GSM7_BASIC_TABLE].filter((c) => c !== '\x1b'));
const EXTENSION = new Set(GSM7_EXTENSION_CHARS);

// The rules as written in the issue, one code point at a time, with nothing clever.
function model(text: string): Omit<SegmentCount, 'remainingInSegment' | 'unitsPerSegment'> & { parts: string[] } {
  const chars = Array.from(text); // code points; a lone surrogate is its own element
  const isGsm = (ch: string) => BASIC.has(ch) || EXTENSION.has(ch);
  const gsm = chars.every(isGsm);
  const width = (ch: string) => (gsm ? (EXTENSION.has(ch) ? 2 : 1) : ch.length);
  const units = chars.reduce((sum, ch) => sum + width(ch), 0);
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  let parts: string[] = [];
  if (units > single) {
    let current = '';
    let fill = 0;
    for (const ch of chars) {
      if (fill + width(ch) > multi) {
        parts.push(current);
        current = '';
        fill = 0;
      }
      current += ch;
      fill += width(ch);
    }
    parts.push(current);
  } else if (units > 0) {
    parts = [text];
  }
  return {
    encoding: gsm ? 'GSM-7' : 'UCS-2',
    segments: parts.length,
    units,
    nonGsmChars: [...new Set(chars.filter((ch) => !isGsm(ch)))],
    characters: chars.length,
    overLimit: chars.length > MAX_MESSAGE_CHARS,
    parts,
  };
}

function isHigh(c: number | undefined) {
  return c !== undefined && c >= 0xd800 && c <= 0xdbff;
}
function isLow(c: number | undefined) {
  return c !== undefined && c >= 0xdc00 && c <= 0xdfff;
}

describe('countSegments properties', () => {
  it('agrees with the slow model on any text', () => {
    fc.assert(
      fc.property(fc.oneof(smsText, gsmText), (text) => {
        const { parts, ...expected } = model(text);
        expect(countSegments(text)).toMatchObject(expected);
        expect(splitIntoParts(text)).toEqual(parts);
      }),
      { numRuns: 2000 },
    );
  });

  it('segments never decrease when a character is appended', () => {
    fc.assert(
      fc.property(fc.oneof(smsText, gsmText), smsChar, (text, ch) => {
        expect(countSegments(text + ch).segments).toBeGreaterThanOrEqual(countSegments(text).segments);
      }),
      { numRuns: 2000 },
    );
  });

  it('GSM-7 texts never report nonGsmChars, and UCS-2 texts always say why', () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        const count = countSegments(text);
        expect(count.encoding).toBe('GSM-7');
        expect(count.nonGsmChars).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(smsText, (text) => {
        const count = countSegments(text);
        expect(count.nonGsmChars.length > 0).toBe(count.encoding === 'UCS-2');
      }),
    );
  });

  it('the parts reproduce the text, fit their budget, never split a pair, and number the segments', () => {
    fc.assert(
      fc.property(fc.oneof(smsText, gsmText), (text) => {
        const count = countSegments(text);
        const parts = splitIntoParts(text);
        expect(parts.join('')).toBe(text);
        expect(parts).toHaveLength(count.segments);
        const unitsOf = (part: string) =>
          count.encoding === 'GSM-7' ? [...part].reduce((s, ch) => s + (EXTENSION.has(ch) ? 2 : 1), 0) : part.length;
        for (const part of parts) {
          expect(part.length).toBeGreaterThan(0);
          expect(unitsOf(part)).toBeLessThanOrEqual(count.unitsPerSegment);
        }
        for (let i = 1; i < parts.length; i++) {
          const prev = parts[i - 1]!;
          expect(isHigh(prev.charCodeAt(prev.length - 1)) && isLow(parts[i]!.charCodeAt(0))).toBe(false);
        }
        if (count.segments > 0) {
          expect(unitsOf(parts.at(-1)!) + count.remainingInSegment).toBe(count.unitsPerSegment);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary Unicode, graphemes or broken UTF-16', () => {
    const arbitrary = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 300 }),
    );
    fc.assert(
      fc.property(arbitrary, (text) => {
        const count = countSegments(text);
        expect(count.segments).toBeGreaterThanOrEqual(text.length === 0 ? 0 : 1);
        expect(splitIntoParts(text).join('')).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
