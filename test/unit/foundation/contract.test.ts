import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, events, isCallName } from '../../../src-shared/contract';

describe('the contract', () => {
  it('documents every call and gives it zod input and output schemas', () => {
    for (const [name, spec] of Object.entries(calls)) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(spec.doc.length, name).toBeGreaterThan(10);
      expect(spec.input, name).toBeInstanceOf(z.ZodType);
      expect(spec.output, name).toBeInstanceOf(z.ZodType);
    }
  });

  it('rejects unknown keys in every object input, so typos are named instead of ignored', () => {
    for (const [name, spec] of Object.entries(calls)) {
      const r = spec.input.safeParse({ surelyNotAField: 1 });
      expect(r.success, name).toBe(false);
    }
  });

  it('knows its own call names and nothing else', () => {
    expect(isCallName('settings.get')).toBe(true);
    expect(isCallName('toString')).toBe(false);
    expect(isCallName('__proto__')).toBe(false);
    expect(isCallName(42)).toBe(false);
  });

  it('gives every event a schema', () => {
    for (const [name, schema] of Object.entries(events)) expect(schema, name).toBeInstanceOf(z.ZodType);
  });
});
