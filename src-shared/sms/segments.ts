// The one place that knows how a text becomes billed SMS parts: encoding, units, parts and the message limit.
import {
  GSM7_MULTI_PART,
  GSM7_SINGLE_PART,
  MAX_MESSAGE_CHARS,
  UCS2_MULTI_PART,
  UCS2_SINGLE_PART,
} from './limits';
import { GSM7_COST, GSM7_COST_TABLE_SIZE } from './gsm7';

export {
  GSM7_MULTI_PART,
  GSM7_SINGLE_PART,
  MAX_MESSAGE_CHARS,
  UCS2_MULTI_PART,
  UCS2_SINGLE_PART,
} from './limits';
export { GSM7_BASIC_TABLE, GSM7_EXTENSION_CHARS, gsm7Cost } from './gsm7';
export { suggestGsmReplacements } from './replacements';
export type { GsmReplacement, GsmSuggestion } from './replacements';
export { countPersonalised, mergeFieldsIn, renderTemplate } from './personalised';
export type { PersonalisedCount, PersonalisedOptions, RecipientValues } from './personalised';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Billed parts; 0 for an empty text. */
  segments: number;
  /** GSM-7 septets (extension characters count 2) or UCS-2 UTF-16 code units (an emoji counts 2). */
  units: number;
  /** 160/70 while the text fits one part, 153/67 once it is concatenated. */
  unitsPerSegment: number;
  /**
   * Units still free in the last part before another part is needed. An extension character (GSM-7)
   * or an emoji (UCS-2) needs 2, so with 1 left it opens a new part.
   */
  remainingInSegment: number;
  /** The characters (whole code points, once each, in order of first appearance) that forced UCS-2. */
  nonGsmChars: string[];
  /** More than MAX_MESSAGE_CHARS characters: the gateway rejects the text. The counts are still given. */
  overLimit: boolean;
  /** Length as the gateway counts it for its limit: Unicode code points (an emoji is 1, not 2). */
  characters: number;
}

const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;
const LOW_SURROGATE_MIN = 0xdc00;
const LOW_SURROGATE_MAX = 0xdfff;

// Marks which BMP characters were already listed in nonGsmChars during the current call, without
// allocating per call: a slot equal to `generation` means "seen in this call".
let seenStamp: Uint32Array | null = null;
let generation = 0;

function startSeenGeneration(): Uint32Array {
  if (seenStamp === null) seenStamp = new Uint32Array(0x10000);
  generation++;
  if (generation === 0xffffffff) {
    seenStamp.fill(0);
    generation = 1;
  }
  return seenStamp;
}

/** Counts the parts a text is billed as. Runs in one pass with no allocation for GSM-7 text. */
export function countSegments(text: string): SegmentCount {
  const len = text.length;
  let septets = 0;
  // Greedy packing into 153-septet parts; `fill` starts full so the first character opens part 1.
  let parts = 0;
  let fill = GSM7_MULTI_PART;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    const cost = c < GSM7_COST_TABLE_SIZE ? GSM7_COST[c]! : 0;
    if (cost === 0) return countUcs2(text, i);
    septets += cost;
    // An escape pair never straddles two parts: if it does not fit, the whole pair opens the next one.
    if (fill + cost > GSM7_MULTI_PART) {
      parts++;
      fill = cost;
    } else {
      fill += cost;
    }
  }
  const single = septets <= GSM7_SINGLE_PART;
  const segments = septets === 0 ? 0 : single ? 1 : parts;
  return {
    encoding: 'GSM-7',
    segments,
    units: septets,
    unitsPerSegment: single ? GSM7_SINGLE_PART : GSM7_MULTI_PART,
    remainingInSegment: single ? GSM7_SINGLE_PART - septets : GSM7_MULTI_PART - fill,
    nonGsmChars: [],
    // Every GSM-7 character is one UTF-16 unit, so length is the code point count.
    overLimit: len > MAX_MESSAGE_CHARS,
    characters: len,
  };
}

// `from` is the first character GSM-7 cannot represent; everything before it is GSM-7, so BMP and one unit each.
function countUcs2(text: string, from: number): SegmentCount {
  const len = text.length;
  let parts = 0;
  let fill = UCS2_MULTI_PART;
  if (from > 0) {
    parts = Math.ceil(from / UCS2_MULTI_PART);
    fill = from - (parts - 1) * UCS2_MULTI_PART;
  }
  let pairs = 0;
  const nonGsmChars: string[] = [];
  const seen = startSeenGeneration();
  const gen = generation;
  let seenAstral: Set<number> | null = null;
  for (let i = from; i < len; i++) {
    const c = text.charCodeAt(i);
    let width = 1;
    if (c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX && i + 1 < len) {
      const d = text.charCodeAt(i + 1);
      if (d >= LOW_SURROGATE_MIN && d <= LOW_SURROGATE_MAX) {
        width = 2;
        pairs++;
        const codePoint = ((c - HIGH_SURROGATE_MIN) << 10) + (d - LOW_SURROGATE_MIN) + 0x10000;
        seenAstral ??= new Set();
        if (!seenAstral.has(codePoint)) {
          seenAstral.add(codePoint);
          nonGsmChars.push(text.slice(i, i + 2));
        }
        i++;
      }
    }
    if (width === 1 && (c >= GSM7_COST_TABLE_SIZE || GSM7_COST[c] === 0) && seen[c] !== gen) {
      seen[c] = gen;
      nonGsmChars.push(String.fromCharCode(c));
    }
    // A surrogate pair never straddles two parts.
    if (fill + width > UCS2_MULTI_PART) {
      parts++;
      fill = width;
    } else {
      fill += width;
    }
  }
  const single = len <= UCS2_SINGLE_PART;
  const characters = len - pairs;
  return {
    encoding: 'UCS-2',
    segments: single ? 1 : parts,
    units: len,
    unitsPerSegment: single ? UCS2_SINGLE_PART : UCS2_MULTI_PART,
    remainingInSegment: single ? UCS2_SINGLE_PART - len : UCS2_MULTI_PART - fill,
    nonGsmChars,
    overLimit: characters > MAX_MESSAGE_CHARS,
    characters,
  };
}

/** Length in the gateway's characters (Unicode code points). */
export function characterCount(text: string): number {
  let pairs = 0;
  const last = text.length - 1;
  for (let i = 0; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX) {
      const d = text.charCodeAt(i + 1);
      if (d >= LOW_SURROGATE_MIN && d <= LOW_SURROGATE_MAX) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

/** Whether the gateway would reject the text as longer than MAX_MESSAGE_CHARS characters. */
export function isOverLimit(text: string): boolean {
  // A code point is one or two UTF-16 units, so most texts are decided by their length alone.
  if (text.length <= MAX_MESSAGE_CHARS) return false;
  if (text.length > 2 * MAX_MESSAGE_CHARS) return true;
  return characterCount(text) > MAX_MESSAGE_CHARS;
}

/** The parts the counter implies, in order; joined they give back the text. Empty text has no parts. */
export function splitIntoParts(text: string): string[] {
  const count = countSegments(text);
  if (count.segments === 0) return [];
  if (count.segments === 1) return [text];
  const gsm = count.encoding === 'GSM-7';
  const cap = count.unitsPerSegment;
  const parts: string[] = [];
  let start = 0;
  let fill = 0;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    let width = 1;
    if (gsm) {
      width = GSM7_COST[c]!;
    } else if (c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX && i + 1 < len) {
      const d = text.charCodeAt(i + 1);
      if (d >= LOW_SURROGATE_MIN && d <= LOW_SURROGATE_MAX) width = 2;
    }
    if (fill + width > cap) {
      parts.push(text.slice(start, i));
      start = i;
      fill = 0;
    }
    fill += width;
    if (width === 2 && !gsm) i++;
  }
  parts.push(text.slice(start));
  return parts;
}
