// How large a call from a window may be (issue 26.8): a socket frame is measured against its call's declared limit
// from its first bytes, before it is turned into text or parsed; an IPC input, which Electron has already copied in,
// is measured by walking it only as far as the limit.
import { DEFAULT_MAX_INPUT_BYTES, WIRE_ENVELOPE_BYTES, frameLimitOf, isCallName, type WireAnswer } from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import { coded } from '../../src-shared/error-codes';

/** A frame this small is read whatever its call: every call takes at least this much. */
const ALWAYS_READ_BYTES = DEFAULT_MAX_INPUT_BYTES + WIRE_ENVELOPE_BYTES;

/**
 * The start of a frame as both clients write it (JSON.stringify of {id, name, input}). A large frame that does not
 * start so is refused unread: only a client of our own may send more than the smallest limit.
 */
const HEAD = /^\s*\{\s*"id"\s*:\s*(-?\d{1,16}|"[^"\\]{0,64}")\s*,\s*"name"\s*:\s*"([A-Za-z]{1,40}\.[A-Za-z]{1,40})"/;

/** The refusal of a frame too large for its call, or null when the frame may be read. `head`: its first bytes. */
export function oversizeRefusal(head: Buffer, bytes: number): WireAnswer | null {
  if (bytes <= ALWAYS_READ_BYTES) return null;
  const m = HEAD.exec(head.subarray(0, 256).toString('latin1'));
  const name = m?.[2];
  const limit = name !== undefined && isCallName(name) ? frameLimitOf(name) : ALWAYS_READ_BYTES;
  if (bytes <= limit) return null;
  const id = m ? (JSON.parse(m[1]!) as number | string) : null;
  return { id, result: { ok: false, error: tooLarge(name ?? null, limit) } };
}

/** The refusal of an IPC call whose input is larger than its call takes, or null. */
export function oversizeInput(name: unknown, input: unknown): AppError | null {
  if (!isCallName(name)) return null; // the dispatcher refuses the name itself
  const limit = frameLimitOf(name) - WIRE_ENVELOPE_BYTES;
  return jsonBytesWithin(input, limit) ? null : tooLarge(name, limit);
}

export function tooLarge(call: string | null, limitBytes: number): AppError {
  const kib = Math.floor(limitBytes / 1024);
  const what = call ?? 'a call';
  return { kind: 'validation', message: `This request is too large for ${what}: at most ${kib} KiB.`, ...coded('call.tooLarge', { call: what, kib }) };
}

/**
 * Whether a value written as JSON would take at most `limit` bytes, found without writing it: the walk stops as soon
 * as the count passes the limit, so a huge input costs no more than the limit to measure. A value met twice (a
 * cycle, which structured clone can carry and JSON cannot) counts once.
 */
export function jsonBytesWithin(value: unknown, limit: number): boolean {
  let total = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') total += Buffer.byteLength(v) + 2;
    else if (typeof v === 'number' || typeof v === 'bigint') total += 24;
    else if (typeof v !== 'object' || v === null) total += 5;
    else if (!seen.has(v)) {
      seen.add(v);
      total += 2;
      if (Array.isArray(v)) {
        total += v.length;
        if (total > limit) return false;
        for (const item of v as unknown[]) stack.push(item);
      } else if (ArrayBuffer.isView(v)) total += v.byteLength * 4;
      else
        for (const [k, item] of Object.entries(v)) {
          total += Buffer.byteLength(k) + 4;
          stack.push(item);
        }
    }
    if (total > limit) return false;
  }
  return true;
}
