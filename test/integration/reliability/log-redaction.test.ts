// The log never writes a registered secret in any spelling (as is, or JSON-escaped once or twice), wherever it
// hides in an entry, and never throws — whatever the data (cycles, BigInts, throwing getters).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, secretForms } from '../../../src-main/core/log';

/** Tokens as people paste them: mostly plain, sometimes with quotes, backslashes, spaces, control or non-ASCII characters. */
const token = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{12,60}$/),
  fc.string({ unit: 'binary', minLength: 12, maxLength: 40 }),
  fc.tuple(fc.stringMatching(/^[A-Za-z0-9]{8,20}$/), fc.constantFrom('"', '\\', '\n', '\t', '\u0001', 'ø', '\u2028', '"\\"'), fc.stringMatching(/^[A-Za-z0-9]{4,20}$/)).map(
    ([a, b, c]) => a + b + c,
  ),
);

/** Places a secret can hide in one entry. */
const placements: ((s: string) => [string, Record<string, unknown>])[] = [
  (s) => [`calling with ${s}`, {}],
  (s) => ['x', { token: s }],
  (s) => ['x', { headers: { authorization: `Token ${s}` } }],
  (s) => ['x', { err: new Error(`refused ${s}`) }],
  (s) => ['x', { nested: { err: new Error('outer', { cause: new Error(s) }) } }],
  (s) => ['x', { body: JSON.stringify({ token: s }) }],
  (s) => ['x', { list: [1, 'two', { deep: [s] }] }],
];

describe('log redaction', () => {
  it('never writes a registered secret, in any spelling or place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'besked-log-'));
    try {
      fc.assert(
        fc.property(token, fc.nat({ max: placements.length - 1 }), fc.constantFrom('info', 'warn', 'error') as fc.Arbitrary<'info' | 'warn' | 'error'>, (secret, p, level) => {
          // A secret that is part of the words every line has would "leak" by coincidence.
          fc.pre(!'[redacted] level info warn error msg t x calling with refused outer'.includes(secret));
          const file = join(dir, 'besked.log');
          rmSync(file, { force: true });
          const log = createLogger({ file });
          log.addSecret(secret);
          const [msg, data] = placements[p]!(secret);
          log[level](msg, data);
          const written = readFileSync(file, 'utf8');
          for (const form of secretForms(secret)) expect(written).not.toContain(form);
          expect(written).toContain('[redacted]');
          expect(log.redact!(`a ${secret} b`)).toBe('a [redacted] b');
        }),
        { numRuns: 400 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never throws, whatever the data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'besked-log-'));
    try {
      const log = createLogger({ file: join(dir, 'besked.log') });
      log.addSecret('secret-token-123');
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic['self'] = cyclic;
      const getter = Object.defineProperty({}, 'boom', {
        enumerable: true,
        get() {
          throw new Error('secret-token-123');
        },
      });
      fc.assert(
        fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }), (v) => {
          expect(() => log.warn('any', { v, cyclic, big: 10n })).not.toThrow();
        }),
        { numRuns: 200 },
      );
      expect(() => log.error('getter', getter as Record<string, unknown>)).not.toThrow();
      expect(() => log.error('getter', { getter })).not.toThrow();
      const written = readFileSync(join(dir, 'besked.log'), 'utf8');
      expect(written).toContain('[circular]');
      expect(written).not.toContain('secret-token-123');
      expect(written.trim().split('\n').every((l) => typeof JSON.parse(l) === 'object')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
