// Reading a frame from a bridge socket as a call: the one place both socket transports (web mode, the team server)
// turn text into a WireCall or into the refusal the sender can match to what it sent.
import { WIRE_NOT_A_CALL, WireCall, WireId, type WireAnswer, type WireEvent } from '../../src-shared/contract';
import type { RawData } from 'ws';
import type { AppError } from '../../src-shared/errors';
import { issuesToFields } from '../core/dispatch';

/** A readable call, or the answer refusing the frame. `text` null: a binary frame. */
export function readCall(text: string | null): { call: WireCall } | { refusal: WireAnswer } {
  const frame = text === null ? undefined : parseJson(text);
  const call = WireCall.safeParse(frame);
  if (call.success) return { call: call.data };
  const fields = issuesToFields(call.error.issues);
  return { refusal: refuseFrame(frame, { kind: 'validation', message: WIRE_NOT_A_CALL, fields }) };
}

/** An answer refusing a frame, under its id when the id alone is readable, so the sender can match it to its call. */
export function refuseFrame(frame: unknown, error: AppError): WireAnswer {
  const id = WireId.safeParse((frame as { id?: unknown } | null | undefined)?.id);
  return { id: id.success ? id.data : null, result: { ok: false, error } };
}

/** The frame's JSON value, or undefined when it is not JSON (refused as not a call). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The text of a frame to send, or null when it cannot be written as JSON (a value of the wrong kind from a handler):
 * a frame that cannot be sent must not throw in the socket's message handler, where nothing would catch it.
 */
export function frameText(frame: WireAnswer | WireEvent): string | null {
  try {
    return JSON.stringify(frame);
  } catch {
    return null;
  }
}

/** The answer to send for a call whose own answer could not be written. */
export function unsendableAnswer(id: WireAnswer['id']): string {
  const answer: WireAnswer = { id, result: { ok: false, error: { kind: 'internal', message: 'Besked produced an answer it cannot show. Please report this.', code: 'internal.unexpected' } } };
  return JSON.stringify(answer);
}

/** A received frame's size in bytes, whichever form ws gives it in. */
export function byteLength(data: RawData): number {
  return Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** A received frame's first bytes, to read its call's name before the whole frame is turned into text. */
export function headOf(data: RawData): Buffer {
  const first = Array.isArray(data) ? (data[0] ?? Buffer.alloc(0)) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
  return first.subarray(0, 256);
}
