// The messaging interface's endpoints: POST /mobile/single and POST /mobile/multi, and a probe that sends nothing.
import type { CallOptions, GatewayCaller } from './caller';
import {
  MobileMessageRequest,
  MobileMessageResponse,
  MultiMobileMessageRequest,
  MultiMobileMessageResponse,
} from './messaging-schemas';
import { ValidationError } from './errors';
import { checkRequest } from './request-check';

/** Submits one message. 202 means accepted for processing; the outcome arrives later as webhook events. */
export async function sendSingle(gw: GatewayCaller, message: MobileMessageRequest, options?: CallOptions): Promise<MobileMessageResponse> {
  const body = checkRequest(MobileMessageRequest, message, 'the message');
  return gw.call({ api: 'messaging', method: 'POST', path: '/mobile/single', body, response: { schema: MobileMessageResponse } }, options);
}

/**
 * Submits up to 1000 messages in one request. The spec does not say whether `responses` follows the order of
 * `messages`, so callers should correlate by `reference` (or recipient), not by position.
 */
export async function sendMulti(
  gw: GatewayCaller,
  messages: MobileMessageRequest[],
  options?: CallOptions,
): Promise<MultiMobileMessageResponse> {
  const body = checkRequest(MultiMobileMessageRequest, { messages }, 'the batch');
  return gw.call(
    { api: 'messaging', method: 'POST', path: '/mobile/multi', body, response: { schema: MultiMobileMessageResponse } },
    options,
  );
}

/**
 * Checks that the messaging address answers as the gateway and takes the token, without sending anything: an
 * empty batch, which the interface refuses with 422 (it takes 1 to 1000 messages) after checking the token (403).
 * No schema check on the way out, since the point is a body the gateway must refuse.
 */
export async function probe(gw: GatewayCaller, options?: CallOptions): Promise<void> {
  try {
    await gw.call({ api: 'messaging', method: 'POST', path: '/mobile/multi', json: '{"messages":[]}', response: { empty: true }, operation: 'read' }, options);
  } catch (err) {
    if (err instanceof ValidationError && err.status === 422) return;
    throw err;
  }
}
