// Issue 26.1: no call can end the process. Reading an input never throws (a rule that cannot read a value refuses
// the input with a field message), and whatever a handler or the audit throws is a typed answer, never a rejection.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, type CallName } from '../../../src-shared/contract';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatch';
import { createLogger } from '../../../src-main/core/log';

const names = Object.keys(calls) as CallName[];
const log = createLogger({ level: 'error' });
let behaviour: () => unknown = () => ({});
const handlers = Object.fromEntries(names.map((n) => [n, () => behaviour()])) as unknown as Handlers;
const owner = { kind: 'remote' as const, user: { id: 1, name: 'Anna', role: 'owner' as const }, sessionId: 's1', connectionId: 'c1', address: '10.0.0.2' };

const original = calls['app.info'].input;
afterEach(() => {
  (calls['app.info'] as { input: z.ZodType }).input = original;
  behaviour = () => ({});
});

describe('the dispatcher', () => {
  it('answers the frame from the issue as an invalid input naming the field', async () => {
    const dispatch = createDispatcher(handlers, { log });
    const r = await dispatch('account.usage', { from: 'yesterday', to: '2026-03-01', granularity: 'day' }, owner);
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation', code: 'call.invalidInput', fields: [{ path: ['from'] }] } });
  });

  it('refuses an input whose rule throws as invalid, with a message, instead of rejecting', async () => {
    (calls['app.info'] as { input: z.ZodType }).input = z.strictObject({}).refine(() => {
      throw new RangeError('Invalid time value');
    });
    const r = await createDispatcher(handlers, { log })('app.info', {}, owner);
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation', code: 'call.invalidInput' } });
    if (!r.ok) expect(r.error.fields?.[0]?.message).toMatch(/could not be read/);
  });

  it('answers a handler that throws something unreadable as a typed internal error', async () => {
    // A thrown value whose every property read throws: even turning it into an error value must not escape.
    behaviour = () => {
      throw new Proxy({}, { get: () => { throw new Error('no'); }, getPrototypeOf: () => { throw new Error('no'); } });
    };
    const r = await createDispatcher(handlers, { log })('app.info', {}, owner);
    expect(r).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('keeps the call’s own outcome when the audit trail throws', async () => {
    const dispatch = createDispatcher(handlers, { log, audit: () => { throw new Error('disk gone'); } });
    const r = await dispatch('contacts.delete', { selection: { ids: [1] } }, owner);
    expect(r.ok).toBe(true);
    // And when its write is refused later (the sink writes once the write gate is free).
    const later = createDispatcher(handlers, { log, audit: async () => { throw new Error('disk gone'); } });
    expect((await later('contacts.delete', { selection: { ids: [1] } }, owner)).ok).toBe(true);
  });
});
