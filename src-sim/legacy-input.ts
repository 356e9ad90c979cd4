// Legacy request fields from any of the accepted forms: JSON, form data with dotted keys, or the query string.
import { LegacyError } from './legacy-errors';
import { isJsonType, mediaType, parseForm, parseJson } from './request-body';
import type { RouteContext } from './routing';

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
/** Deeper keys than this are not a plausible request. */
const MAX_DEPTH = 8;

type Tree = { [key: string]: Tree | string[] };

/**
 * Expands flat keys such as `recipients.0.msisdn`, `recipients[0][msisdn]` or `tags[]` into nested
 * objects and arrays. A key given more than once collects its values in order (tags=a&tags=b).
 */
export function expandKeys(pairs: Iterable<[string, string]>, skip: ReadonlySet<string> = new Set(['token'])): unknown {
  const root: Tree = Object.create(null) as Tree;
  for (const [rawKey, value] of pairs) {
    if (skip.has(rawKey)) continue;
    const segs = rawKey.replace(/\[([^\]]*)\]/g, '.$1').split('.');
    if (segs.length > MAX_DEPTH || segs.some((s) => FORBIDDEN_KEYS.has(s))) {
      throw new LegacyError('invalidValue', [rawKey, 'unsupported parameter name']);
    }
    let node: Tree = root;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      const last = i === segs.length - 1;
      if (last) {
        const existing = node[seg];
        if (Array.isArray(existing)) existing.push(value);
        else if (existing === undefined) node[seg] = [value];
        else throw new LegacyError('invalidValue', [rawKey, 'given both as a value and as a group']);
      } else {
        let next = node[seg];
        if (next === undefined) {
          next = Object.create(null) as Tree;
          node[seg] = next;
        } else if (Array.isArray(next)) {
          throw new LegacyError('invalidValue', [rawKey, 'given both as a value and as a group']);
        }
        node = next;
      }
    }
  }
  return finish(root);
}

/** Leaves with one value become that value; nodes keyed 0..n (or '' for appends) become arrays. */
function finish(node: Tree | string[], key?: string): unknown {
  if (Array.isArray(node)) {
    // `tags[]=a&tags[]=b` arrive under the key '' and are a list even when there is one.
    if (key === '') return node;
    return node.length === 1 ? node[0] : node;
  }
  const keys = Object.keys(node);
  const numeric = keys.length > 0 && keys.every((k) => /^\d+$/.test(k) || k === '');
  if (numeric) {
    const out: unknown[] = [];
    const sorted = keys.filter((k) => k !== '').sort((a, b) => Number(a) - Number(b));
    for (const k of sorted) out.push(finish(node[k]!, k));
    // Appended values ('' keys) are a list of values, or a group when the key went on ('.x', '[][x]').
    const appended = node[''];
    if (Array.isArray(appended)) out.push(...appended);
    else if (appended) out.push(finish(appended, ''));
    return out;
  }
  const obj: Record<string, unknown> = {};
  for (const k of keys) {
    const child = node[k]!;
    // A single `tags[]=x` under a named key is still a list of one.
    if (!Array.isArray(child) && Object.keys(child).length === 1 && Array.isArray(child[''])) obj[k] = child[''];
    else obj[k] = finish(child, k);
  }
  return obj;
}

/** The request's fields: from the body (JSON or form data), else from the query string. */
export async function readLegacyFields(ctx: RouteContext): Promise<unknown> {
  if (ctx.body.length === 0) return expandKeys(ctx.query);
  const type = mediaType(ctx.headers);
  const looksJson = type === '' && /^\s*[[{]/.test(ctx.body.subarray(0, 64).toString('utf8'));
  if (isJsonType(type) || looksJson) {
    const parsed = parseJson(ctx.body);
    if (!parsed.ok) throw new LegacyError('malformedBody', [parsed.error]);
    return parsed.value;
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    let pairs: [string, string][];
    try {
      pairs = await parseForm(ctx.body, ctx.headers['content-type'] ?? '');
    } catch (err) {
      throw new LegacyError('malformedBody', [(err as Error).message]);
    }
    return expandKeys(pairs);
  }
  throw new LegacyError('unsupportedMediaType', [type || '(none)']);
}

/** A JSON-ish object or a LegacyError naming what was expected. */
export function asObject(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new LegacyError('invalidValue', [what, 'expected an object']);
  return v as Record<string, unknown>;
}

/** An integer given as a number or as a string of digits (form data and query strings carry only strings). */
export function asInteger(v: unknown, field: string): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim())) return Number(v.trim());
  throw new LegacyError('invalidValue', [field, `expected an integer, got ${describe(v)}`]);
}

export function asNumber(v: unknown, field: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new LegacyError('invalidValue', [field, `expected a number, got ${describe(v)}`]);
}

export function asString(v: unknown, field: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new LegacyError('invalidValue', [field, `expected a string, got ${describe(v)}`]);
}

export function asStringList(v: unknown, field: string): string[] {
  // Form data gives a one-element list as a plain value.
  const list = Array.isArray(v) ? v : [v];
  return list.map((x, i) => asString(x, `${field}.${i}`));
}

export function optional<T>(v: unknown, read: (v: unknown) => T): T | null {
  return v === undefined || v === null ? null : read(v);
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD date as the epoch ms of its start (UTC). */
export function asDate(v: unknown, field: string): number {
  const m = typeof v === 'string' ? DATE.exec(v) : null;
  if (m) {
    const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    if (new Date(t).toISOString().slice(0, 10) === v) return t;
  }
  throw new LegacyError('invalidValue', [field, `expected a date as YYYY-MM-DD, got ${describe(v)}`]);
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Full international number from a number or a string with optional + or 00; null when it is none. */
export function parseMsisdn(v: unknown): number | null {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return null;
    s = String(v);
  } else if (typeof v === 'string') {
    s = v.trim().replace(/^\+/, '').replace(/^00/, '');
  } else return null;
  if (!/^\d{4,15}$/.test(s)) return null;
  const n = Number(s);
  return n > 1000 ? n : null;
}
