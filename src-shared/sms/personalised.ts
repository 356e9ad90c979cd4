// Parts for a template with {merge_fields} over many recipients, exact per recipient, without rendering each text.
import { GSM7_COST, GSM7_COST_TABLE_SIZE } from './gsm7';
import {
  GSM7_MULTI_PART,
  GSM7_SINGLE_PART,
  MAX_MESSAGE_CHARS,
  UCS2_MULTI_PART,
  UCS2_SINGLE_PART,
} from './limits';

export type RecipientValues = Record<string, string | undefined>;

export interface PersonalisedOptions {
  /** Text used where a recipient's value is missing or empty. Without one, the field renders as ''. */
  fallbacks?: Record<string, string>;
}

export interface PersonalisedCount {
  /** Fewest parts any recipient's text takes (0 with no recipients). */
  minSegments: number;
  /** Most parts any recipient's text takes (0 with no recipients). */
  maxSegments: number;
  /** Sum of parts over all recipients: what the send is billed as. */
  totalSegments: number;
  recipients: number;
  /** How many recipients' texts go out as GSM-7 and as UCS-2. */
  encodings: { gsm: number; ucs2: number };
  /** How many recipients' texts exceed MAX_MESSAGE_CHARS and would be rejected. */
  overLimit: number;
}

// A merge field is `{name}` with letters, digits and underscores; any other brace is literal text.
const MERGE_FIELD = /\{([A-Za-z0-9_]+)\}/g;

/** The merge fields a template uses, once each, in order of first use. */
export function mergeFieldsIn(template: string): string[] {
  const names = new Set<string>();
  for (const m of template.matchAll(MERGE_FIELD)) names.add(m[1]!);
  return [...names];
}

/** A template cut into literal text and merge fields (by their index in mergeFieldsIn), in order. */
export type TemplatePiece = { kind: 'text'; text: string } | { kind: 'field'; name: string; index: number };

/** The template as renderTemplate reads it: joining the pieces with each field's value gives the same text. */
export function templatePieces(template: string): TemplatePiece[] {
  const fields = mergeFieldsIn(template);
  const pieces: TemplatePiece[] = [];
  let at = 0;
  for (const m of template.matchAll(MERGE_FIELD)) {
    if (m.index > at) pieces.push({ kind: 'text', text: template.slice(at, m.index) });
    pieces.push({ kind: 'field', name: m[1]!, index: fields.indexOf(m[1]!) });
    at = m.index + m[0].length;
  }
  if (at < template.length) pieces.push({ kind: 'text', text: template.slice(at) });
  return pieces;
}

// Own properties only, so a field named `constructor` or `__proto__` never reads Object.prototype.
function valueFor(
  name: string,
  values: RecipientValues,
  fallbacks: Record<string, string> | undefined,
): string {
  const v = Object.hasOwn(values, name) ? values[name] : undefined;
  if (typeof v === 'string' && v !== '') return v;
  const f = fallbacks !== undefined && Object.hasOwn(fallbacks, name) ? fallbacks[name] : undefined;
  return typeof f === 'string' ? f : '';
}

/**
 * The text a recipient receives: the template with every `{field}` replaced verbatim by the value, or the
 * fallback when the value is missing or empty. Values are not trimmed or re-scanned for fields, matching
 * the gateway's own substitution, so the count is of exactly what is sent.
 */
export function renderTemplate(
  template: string,
  values: RecipientValues,
  fallbacks?: Record<string, string>,
): string {
  return template.replace(MERGE_FIELD, (_m, name: string) => valueFor(name, values, fallbacks));
}

/** What a piece of text adds to a message, computed once per literal and once per value. */
interface PieceCost {
  text: string;
  gsm: boolean;
  septets: number;
  hasEscape: boolean;
  hasSurrogatePair: boolean;
  codePoints: number;
  /** Starts with a low or ends with a high surrogate: it could pair up with its neighbour once joined. */
  looseSurrogateEdge: boolean;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function pieceCost(text: string): PieceCost {
  const len = text.length;
  let gsm = true;
  let septets = 0;
  let hasEscape = false;
  let pairs = 0;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    const cost = c < GSM7_COST_TABLE_SIZE ? GSM7_COST[c]! : 0;
    if (cost === 0) {
      gsm = false;
      if (isHigh(c) && i + 1 < len && isLow(text.charCodeAt(i + 1))) {
        pairs++;
        i++;
      }
    } else {
      septets += cost;
      if (cost === 2) hasEscape = true;
    }
  }
  return {
    text,
    gsm,
    septets,
    hasEscape,
    hasSurrogatePair: pairs > 0,
    codePoints: len - pairs,
    looseSurrogateEdge: len > 0 && (isLow(text.charCodeAt(0)) || isHigh(text.charCodeAt(len - 1))),
  };
}

/** Greedy packing of units into parts of `cap`, where a 2-unit item never straddles two parts. */
class PartPacker {
  parts = 0;
  fill: number;
  constructor(private readonly cap: number) {
    this.fill = cap;
  }
  reset(): void {
    this.parts = 0;
    this.fill = this.cap;
  }
  /** n one-unit items: these pack without gaps, so no need to walk them. */
  addRun(n: number): void {
    if (n === 0) return;
    const room = this.cap - this.fill;
    if (n <= room) {
      this.fill += n;
      return;
    }
    const rest = n - room;
    const more = Math.ceil(rest / this.cap);
    this.parts += more;
    this.fill = rest - (more - 1) * this.cap;
  }
  addOne(width: number): void {
    if (this.fill + width > this.cap) {
      this.parts++;
      this.fill = width;
    } else {
      this.fill += width;
    }
  }
}

/** Running count for one recipient's text, fed piece by piece; tracks both encodings until one is ruled out. */
class MessageTally {
  private gsm = true;
  private septets = 0;
  private units = 0;
  codePoints = 0;
  looseEdge = false;
  private readonly gsmParts = new PartPacker(GSM7_MULTI_PART);
  private readonly ucsParts = new PartPacker(UCS2_MULTI_PART);

  reset(): void {
    this.gsm = true;
    this.septets = 0;
    this.units = 0;
    this.codePoints = 0;
    this.looseEdge = false;
    this.gsmParts.reset();
    this.ucsParts.reset();
  }

  add(piece: PieceCost): void {
    const text = piece.text;
    this.units += text.length;
    this.codePoints += piece.codePoints;
    if (piece.looseSurrogateEdge) this.looseEdge = true;
    if (this.gsm) {
      if (!piece.gsm) {
        this.gsm = false;
      } else {
        this.septets += piece.septets;
        if (piece.hasEscape) {
          for (let i = 0; i < text.length; i++) this.gsmParts.addOne(GSM7_COST[text.charCodeAt(i)]!);
        } else {
          this.gsmParts.addRun(piece.septets);
        }
      }
    }
    if (piece.hasSurrogatePair) {
      for (let i = 0; i < text.length; i++) {
        if (isHigh(text.charCodeAt(i)) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
          this.ucsParts.addOne(2);
          i++;
        } else {
          this.ucsParts.addOne(1);
        }
      }
    } else {
      this.ucsParts.addRun(text.length);
    }
  }

  isGsm(): boolean {
    return this.gsm;
  }

  segments(): number {
    if (this.gsm) {
      if (this.septets === 0) return 0;
      return this.septets <= GSM7_SINGLE_PART ? 1 : this.gsmParts.parts;
    }
    return this.units <= UCS2_SINGLE_PART ? 1 : this.ucsParts.parts;
  }
}

/** Parts per recipient for a personalised template: min, max and the billed total. */
export function countPersonalised(
  template: string,
  recipients: Iterable<RecipientValues>,
  options: PersonalisedOptions = {},
): PersonalisedCount {
  const fallbacks = options.fallbacks;
  const literals: PieceCost[] = [];
  const fields: string[] = [];
  let last = 0;
  for (const m of template.matchAll(MERGE_FIELD)) {
    literals.push(pieceCost(template.slice(last, m.index)));
    fields.push(m[1]!);
    last = m.index + m[0].length;
  }
  literals.push(pieceCost(template.slice(last)));
  const fallbackCosts = fields.map((name) => pieceCost(valueFor(name, {}, fallbacks)));

  const tally = new MessageTally();
  let count = 0;
  let min = Infinity;
  let max = 0;
  let total = 0;
  let gsm = 0;
  let overLimit = 0;
  for (const values of recipients) {
    tally.reset();
    tally.add(literals[0]!);
    for (let f = 0; f < fields.length; f++) {
      const name = fields[f]!;
      const v = Object.hasOwn(values, name) ? values[name] : undefined;
      tally.add(typeof v === 'string' && v !== '' ? pieceCost(v) : fallbackCosts[f]!);
      tally.add(literals[f + 1]!);
    }
    if (tally.looseEdge) {
      // A lone surrogate at a join may pair with its neighbour; count the joined text as one piece instead.
      tally.reset();
      tally.add(pieceCost(renderTemplate(template, values, fallbacks)));
    }
    const segments = tally.segments();
    count++;
    total += segments;
    if (segments < min) min = segments;
    if (segments > max) max = segments;
    if (tally.isGsm()) gsm++;
    if (tally.codePoints > MAX_MESSAGE_CHARS) overLimit++;
  }
  return {
    minSegments: count === 0 ? 0 : min,
    maxSegments: max,
    totalSegments: total,
    recipients: count,
    encodings: { gsm, ucs2: count - gsm },
    overLimit,
  };
}
