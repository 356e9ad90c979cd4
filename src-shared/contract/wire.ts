// The web bridge's wire format: the JSON frames that cross the loopback WebSocket between the web preload and
// web-server.ts. Calls go one way, answers and events the other; the server checks every frame it receives here.
import { z } from 'zod';
import { AppError } from '../errors';

/** The caller's number for a call, echoed in its answer; null answers a frame whose id could not be read. */
export const WireId = z.union([z.number(), z.string()]);
export type WireId = z.infer<typeof WireId>;

/**
 * Renderer → core: one call. The name and the input are then checked by the dispatcher against the contract, as
 * for every transport, so its errors name the call and the field. Keys other than these three are ignored.
 */
export const WireCall = z.object({
  id: WireId,
  name: z.string(),
  /** Left out for a call without input (read as {}). */
  input: z.unknown().optional(),
});
export type WireCall = z.infer<typeof WireCall>;

/** Core → renderer: the outcome of one call, as the dispatcher's Result value. */
export const WireAnswer = z.object({
  id: WireId.nullable(),
  result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: AppError })]),
});
export type WireAnswer = z.infer<typeof WireAnswer>;

/** Core → renderer: one event of the contract, to every connected window. */
export const WireEvent = z.object({ event: z.string(), payload: z.unknown() });
export type WireEvent = z.infer<typeof WireEvent>;

/** Anything the core sends over the socket: an event carries `event`, an answer does not. */
export type WireFromCore = WireAnswer | WireEvent;

export { BRIDGE_PATH } from './bridge-path';

/** The refusal of a frame that is not a call: not JSON, not an object, or without a usable id or name. */
export const WIRE_NOT_A_CALL = 'A bridge message must be JSON with an id, a name and an input.';
