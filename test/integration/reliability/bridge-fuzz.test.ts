// Property-based fuzzing of every contract call at the dispatcher both transports share: arbitrary input never
// crashes the core, and a wrong field is reported as a validation error that names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { calls, type CallName } from '../../../src-shared/contract';
import { ErrorKind } from '../../../src-shared/errors';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';

let dir: string;
let core: Core;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'besked-fuzz-'));
  core = await startCore({ dataDir: dir, shell: 'web', version: 'fuzz', vault: new MemoryVault(), checkOutputs: true, log: createLogger() });
});
afterAll(async () => {
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = Object.keys(calls) as CallName[];
const jsonish = fc.jsonValue({ maxDepth: 3 });

function expectWellFormed(r: unknown) {
  expect(r).toBeTypeOf('object');
  const res = r as { ok: boolean; error?: { kind: string; message: string } };
  if (!res.ok) {
    expect(ErrorKind.options).toContain(res.error!.kind);
    expect(res.error!.message.length).toBeGreaterThan(0);
    expect(res.error!.message).not.toMatch(/\n\s+at /); // no stack traces for the UI
    expect(res.error!.kind).not.toBe('internal');
  }
}

describe('every contract call under arbitrary input', () => {
  it.each(names)('%s never crashes and answers a typed result', async (name) => {
    await fc.assert(
      fc.asyncProperty(jsonish, async (input) => {
        const r = await core.dispatch(name, input);
        expectWellFormed(r);
      }),
      { numRuns: 25 },
    );
  });

  it.each(names)('%s names the field when a field has the wrong type', async (name) => {
    const schema = calls[name].input;
    if (!(schema instanceof z.ZodObject)) return;
    for (const key of Object.keys(schema.shape)) {
      const r = await core.dispatch(name, { [key]: { 'not-a-valid-value': [null] } });
      if (r.ok) continue; // an unknown-typed field may accept anything
      expect(r.error.kind, `${name}.${key}`).toBe('validation');
      expect(r.error.fields?.map((f) => f.path[0]), `${name}.${key}`).toContain(key);
    }
  });

  // Found by the property below: String() throws on an object whose toString is not a function.
  it.each([
    ['an object with toString: false', { toString: false }],
    ['an object without a prototype', Object.create(null) as unknown],
    ['null', null],
    ['a number', 42],
    ['an unknown string', 'contacts.dropAll'],
  ])('refuses %s as a call name with a validation error', async (_what, name) => {
    const r = await core.dispatch(name, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ kind: 'validation', message: expect.stringMatching(/^Unknown call /) as unknown });
  });

  it('refuses unknown call names, and non-string names, as validation errors', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), jsonish), jsonish, async (name, input) => {
        fc.pre(!(typeof name === 'string' && Object.hasOwn(calls, name)));
        const r = await core.dispatch(name, input);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.kind).toBe('validation');
      }),
      { numRuns: 200 },
    );
  });
});
