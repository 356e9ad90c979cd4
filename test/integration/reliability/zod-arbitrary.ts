// Inputs for a contract call generated from its zod 4 schema (no zod-to-fast-check package is installed): valid ones
// built by walking the schema's definition, near-valid ones with one field replaced by a hostile value, and hostile
// values on their own (wrong types, out-of-range and non-finite numbers, invalid dates, lone surrogates, huge strings,
// deep nesting, prototype keys, getters and proxies that throw, cycles).
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string; [k: string]: unknown };
type Check = { _zod: { def: { check: string; [k: string]: unknown } } };

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): Check['_zod']['def'][] => ((d.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** How many elements and keys a generated collection has at most: enough to reach the handler, not to be slow. */
const MAX_ITEMS = 4;

/** A value the schema accepts (best effort: refinements are not known, so a few are refused, which is fine). */
export function validOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const inner = (key: string) => validOf(d[key] as z.ZodType, depth + 1);
  switch (d.type) {
    case 'string':
      return stringOf(d);
    case 'number':
      return numberOf(d);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'object': {
      const shape = d.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      if (keys.length === 0) return fc.constant({});
      const required = keys.filter((k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k]!).type));
      return fc.record(Object.fromEntries(keys.map((k) => [k, validOf(shape[k]!, depth + 1)])), { requiredKeys: required });
    }
    case 'array': {
      const { min, max } = lengths(d);
      return fc.array(inner('element'), { minLength: Math.min(min, 50), maxLength: Math.max(Math.min(min, 50), Math.min(max, depth > 2 ? 1 : MAX_ITEMS)) });
    }
    case 'tuple':
      return fc.tuple(...(d.items as z.ZodType[]).map((i) => validOf(i, depth + 1)));
    case 'union':
      return fc.oneof(...(d.options as z.ZodType[]).map((o) => validOf(o, depth + 1)));
    case 'intersection':
      return fc.tuple(inner('left'), inner('right')).map(([a, b]) => (isPlain(a) && isPlain(b) ? { ...a, ...b } : a));
    case 'record':
      return fc.dictionary(validOf(d.keyType as z.ZodType, depth + 1).map(String), inner('valueType'), { maxKeys: MAX_ITEMS });
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return depth > 4 ? fc.constant(null) : validOf((d.getter as () => z.ZodType)(), depth + 1);
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'bigint':
      return fc.bigInt();
    default:
      // unknown, any, custom, transform: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lengths(d: Def): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') min = c.minimum as number;
    if (c.check === 'max_length') max = c.maximum as number;
    if (c.check === 'length_equals') min = max = c.length as number;
  }
  return { min, max: Math.max(min, max) };
}

function stringOf(d: Def): fc.Arbitrary<string> {
  const { min, max } = lengths(d);
  const fits = (s: string) => s.length >= min && s.length <= max;
  const format = d.format as string | undefined;
  const pattern = checksOf(d).find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern as RegExp | undefined;
  const base = (() => {
    if (format === 'email') return fc.emailAddress();
    if (format === 'base64') return fc.base64String({ maxLength: Math.min(max, 64) });
    if (format === 'uuid' || format === 'guid') return fc.uuid();
    if (format === 'url') return fc.webUrl();
    if (format === 'datetime') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((x) => x.toISOString());
    if (pattern) return fc.stringMatching(pattern);
    return fc.string({ minLength: Math.min(min, 20), maxLength: Math.max(Math.min(min, 20), Math.min(max, 30)) });
  })();
  // A pattern's strings may be too long for the limits: cut to fit (a filter could loop forever on a pattern whose
  // strings never fit; a cut one that no longer matches is a near-valid input, which is fine here).
  return base.map((s) => (fits(s) ? s : s.slice(0, max).padEnd(min, 'x')));
}

function numberOf(d: Def): fc.Arbitrary<number> {
  const checks = checksOf(d);
  const int = typeof d.format === 'string' ? d.format.includes('int') : checks.some((c) => c.check === 'number_format' && String(c.format).includes('int'));
  let lo = int ? -1_000 : -1e6;
  let hi = int ? 1_000_000 : 1e9;
  let loOpen = false;
  let hiOpen = false;
  for (const c of checks) {
    if (c.check === 'greater_than') [lo, loOpen] = [c.value as number, !c.inclusive];
    if (c.check === 'less_than') [hi, hiOpen] = [c.value as number, !c.inclusive];
  }
  if (int) {
    const min = Math.ceil(loOpen ? lo + 1 : lo);
    const max = Math.floor(hiOpen ? hi - 1 : hi);
    // Small values most of the time: they are the ids and counts that exist.
    return fc.oneof({ arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }), weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
  }
  return fc.double({ min: lo, max: hi, minExcluded: loOpen, maxExcluded: hiOpen, noNaN: true, noDefaultInfinity: true });
}

// ─── Hostile values ─────────────────────────────────────────────────────────────────────────────

const HUGE = 'x'.repeat(2 * 1024 * 1024);
const deepArray = (n: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const deepObject = (n: number): unknown => {
  let v: unknown = {};
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const cyclic = (): unknown => {
  const o: Record<string, unknown> = { name: 'loop' };
  o.self = o;
  return o;
};
const throwingGetter = (): unknown =>
  Object.defineProperty({}, 'from', {
    enumerable: true,
    get() {
      throw new RangeError('Invalid time value');
    },
  });
const throwingProxy = (): unknown =>
  new Proxy(
    {},
    {
      get() {
        throw new TypeError('trap');
      },
      ownKeys() {
        throw new TypeError('trap');
      },
      getPrototypeOf() {
        throw new TypeError('trap');
      },
      has() {
        throw new TypeError('trap');
      },
    },
  );

/**
 * A value made only when the input is sent: fast-check looks into the values it generates (to clone them), which a
 * proxy that throws on every look would stop. materialize() makes it.
 */
export class Later {
  constructor(readonly make: () => unknown) {}
}

/** The input with each Later made (they sit at most two levels down, where nearValidOf puts them). */
export function materialize(v: unknown, depth = 0): unknown {
  if (v instanceof Later) return v.make();
  if (!isPlain(v) || depth > 2) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, materialize(x, depth + 1)]));
}

const oddStrings = [
  '', ' ', 'x', 'NaN', 'null', 'undefined', 'yesterday', '2026-02-30', '9999-99-99', '0000-00-00', '2026-13-01', '-1',
  '1e309', '\uD800', 'a\uDFFFb', '\uDBFF\uDBFF', '\u0000', '\u200b', '\u202e', 'Olga\u200b', '../../etc/passwd',
  '<script>alert(1)</script>', "' OR 1=1 --", '__proto__', 'constructor', '%s%n%x', '{{name}}', '\r\n\t', '🙂'.repeat(100),
];

/** A value that no field expects: wrong types, edges of numbers, odd strings, huge, deep, cyclic and throwing values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 53, -1, 0, 0.5, 1.5),
  fc.constantFrom(...oddStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(null, undefined, true, false, [], {}, [null], ['']),
  fc.constantFrom(HUGE, `2026-01-01${HUGE}`),
  fc.constant(null).map(() => deepArray(5_000)),
  fc.constant(null).map(() => deepObject(5_000)),
  fc.constant(null).map(() => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as unknown),
  fc.constantFrom(new Later(cyclic), new Later(throwingGetter), new Later(throwingProxy)),
  fc.bigInt(),
  fc.constantFrom(Symbol('s'), () => 1, new Date(NaN), new Map(), new Uint8Array(4)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid value of the schema with one of its fields (at the top or one level down) replaced by a hostile value. */
export function nearValidOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.tuple(validOf(schema), hostileValue, fc.nat(), fc.nat()).map(([v, bad, i, j]) => {
    if (!isPlain(v)) return bad;
    const keys = Object.keys(v);
    if (keys.length === 0) return { [oddStrings[i % oddStrings.length] || 'x']: bad };
    const key = keys[i % keys.length]!;
    const inner = v[key];
    if (isPlain(inner) && Object.keys(inner).length > 0 && j % 2 === 0) {
      const innerKeys = Object.keys(inner);
      return { ...v, [key]: { ...inner, [innerKeys[j % innerKeys.length]!]: bad } };
    }
    return { ...v, [key]: bad };
  });
}

/**
 * An input the schema must refuse whatever else is in it: a strict object given a key it does not know, on top of a
 * valid or near-valid value (so every field's rules still run on it), or no object at all.
 */
export function refusedOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const withUnknownKey = fc.oneof(validOf(schema), nearValidOf(schema)).map((v) => (isPlain(v) ? { ...v, 'not a field of this call': 1 } : v));
  const notAnObject = fc.oneof(hostileValue.filter((v) => (!isPlain(v) || v instanceof Later) && v !== undefined), fc.string(), fc.integer());
  return fc.oneof({ arbitrary: withUnknownKey, weight: 4 }, { arbitrary: notAnObject, weight: 1 });
}

/** Whether refusedOf's unknown key refuses every input: the call's input is an object that allows no other keys. */
export function isStrictObject(schema: z.ZodType): boolean {
  const d = defOf(schema);
  return d.type === 'object' && (d.catchall === undefined ? false : defOf(d.catchall as z.ZodType).type === 'never');
}
