// The web bridge's frames (src-shared/contract/wire.ts): which the server takes as a call, and which it refuses.
import { describe, expect, it } from 'vitest';
import { WireAnswer, WireCall, WireEvent } from '../../../src-shared/contract';

describe('a call frame', () => {
  it.each([
    ['a numbered call', { id: 1, name: 'settings.get', input: {} }],
    ['a call with a string id', { id: 'last', name: 'app.info', input: {} }],
    ['a call without input (read as {})', { id: 2, name: 'app.info' }],
    ['an unknown name (the dispatcher refuses it, naming the field)', { id: 3, name: 'nope.nothing', input: {} }],
    ['a wrong input (the dispatcher refuses it, naming the field)', { id: 4, name: 'settings.update', input: { lowBalanceThreshold: 'lots' } }],
    ['extra keys, ignored', { id: 5, name: 'app.info', input: {}, extra: true }],
  ])('takes %s', (_what, frame) => {
    expect(WireCall.safeParse(frame).success).toBe(true);
  });

  it.each([
    ['no JSON at all', undefined, []],
    ['a string', 'settings.get', []],
    ['an array', [1, 'app.info', {}], []],
    ['null', null, []],
    ['no id', { name: 'app.info', input: {} }, ['id']],
    ['an object as id', { id: { n: 1 }, name: 'app.info', input: {} }, ['id']],
    ['no name', { id: 1, input: {} }, ['name']],
    ['a number as name', { id: 1, name: 42, input: {} }, ['name']],
  ])('refuses %s', (_what, frame, path) => {
    const r = WireCall.safeParse(frame);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(path);
  });
});

describe('what the core sends', () => {
  it.each([
    ['an answer', WireAnswer, { id: 1, result: { ok: true, value: { name: 'Besked' } } }, true],
    ['a refusal without a readable id', WireAnswer, { id: null, result: { ok: false, error: { kind: 'validation', message: 'x' } } }, true],
    ['a refusal with an unknown kind', WireAnswer, { id: 1, result: { ok: false, error: { kind: 'oops', message: 'x' } } }, false],
    ['an event', WireEvent, { event: 'inbox.unread', payload: { count: 2 } }, true],
    ['an event without a name', WireEvent, { payload: {} }, false],
  ] as const)('%s', (_what, schema, frame, ok) => {
    expect(schema.safeParse(frame).success).toBe(ok);
  });
});
