// Issue 26.8: each call's frame limit, read from a frame's first bytes; the IPC input's size found without writing it
// as JSON; and a connection that stops reading while it has its fill of calls in hand.
import { describe, expect, it } from 'vitest';
import { calls, frameLimitOf, DEFAULT_MAX_INPUT_BYTES, WIRE_ENVELOPE_BYTES, type CallName, type CallSpec } from '../../../src-shared/contract';
import { jsonBytesWithin, oversizeInput, oversizeRefusal } from '../../../src-main/bridge/frame-limits';
import { InFlight } from '../../../src-main/bridge/in-flight';

const head = (o: string) => Buffer.from(o);
const KiB = 1024;

describe('a frame measured against its call', () => {
  it.each([
    ['small frames are read whatever they are', '{"id":1,"name":"app.info"', 10 * KiB, null],
    ['a default call over its limit', '{"id":1,"name":"app.info","input":{}', 300 * KiB, 'call.tooLarge'],
    ['a bulk call within its limit', '{"id":1,"name":"contacts.delete","input":', 2 * 1024 * KiB, null],
    ['a bulk call over its limit', '{"id":"a","name":"contacts.delete"', 17 * 1024 * KiB, 'call.tooLarge'],
    ['an unknown name over the smallest limit', '{"id":1,"name":"contacts.dropAll"', 300 * KiB, 'call.tooLarge'],
    ['keys in another order over the smallest limit', '{"input":{},"id":1,"name":"contacts.delete"', 300 * KiB, 'call.tooLarge'],
  ])('%s', (_what, start, bytes, code) => {
    const r = oversizeRefusal(head(start), bytes);
    expect(r === null ? null : r.result.ok === false && r.result.error.code).toBe(code);
  });

  it('answers under the frame’s id when it can be read', () => {
    expect(oversizeRefusal(head('{"id":"w-7","name":"app.info"'), 300 * KiB)?.id).toBe('w-7');
    expect(oversizeRefusal(head('{"name":"app.info","id":3'), 300 * KiB)?.id).toBe(null);
  });

  it('gives every call at least the default and the envelope', () => {
    for (const name of Object.keys(calls) as CallName[]) {
      const declared = (calls[name] as CallSpec).maxInputBytes;
      expect(frameLimitOf(name), name).toBe((declared ?? DEFAULT_MAX_INPUT_BYTES) + WIRE_ENVELOPE_BYTES);
    }
  });
});

describe('an IPC input’s size', () => {
  it.each([
    ['a small object', { a: 'x', b: [1, 2, 3] }, 1 * KiB, true],
    ['a long string', { a: 'x'.repeat(2 * KiB) }, 1 * KiB, false],
    ['many small items', Array.from({ length: 2_000 }, () => 1), 1 * KiB, false],
    ['multi-byte text counts its bytes', { a: 'æ'.repeat(600) }, 1 * KiB, false],
  ])('%s', (_what, value, limit, within) => {
    expect(jsonBytesWithin(value, limit)).toBe(within);
  });

  it('measures a cycle without looping', () => {
    const o: Record<string, unknown> = { a: 1 };
    o.self = o;
    expect(jsonBytesWithin(o, KiB)).toBe(true);
  });

  it('stops at the limit on a huge input', () => {
    const huge = new Array<number>(10_000_000).fill(0);
    expect(jsonBytesWithin(huge, 256 * KiB)).toBe(false);
  });

  it('refuses an IPC call larger than its call takes, and leaves unknown names to the dispatcher', () => {
    expect(oversizeInput('app.info', { pad: 'x'.repeat(300 * KiB) })?.code).toBe('call.tooLarge');
    expect(oversizeInput('app.info', {})).toBe(null);
    expect(oversizeInput('no.such', { pad: 'x'.repeat(300 * KiB) })).toBe(null);
  });
});

describe('a connection’s calls in hand', () => {
  it('stops reading at its fill and reads again when an answer has gone', async () => {
    const ws = { isPaused: false, pause() { this.isPaused = true; }, resume() { this.isPaused = false; } };
    const inFlight = new InFlight(ws, { calls: 2, bytes: 1_000 });
    const gates: (() => void)[] = [];
    const held = () => inFlight.run(10, () => new Promise<void>((r) => gates.push(r)));
    const first = held();
    expect(ws.isPaused).toBe(false);
    const second = held();
    expect(ws.isPaused).toBe(true);
    gates.shift()!();
    await first;
    expect(ws.isPaused).toBe(false);
    const big = inFlight.run(2_000, () => new Promise<void>((r) => gates.push(r)));
    expect(ws.isPaused).toBe(true);
    gates.forEach((g) => g());
    await Promise.all([second, big]);
    expect(ws.isPaused).toBe(false);
  });
});
