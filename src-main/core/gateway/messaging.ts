// The messaging interface's endpoints: POST /mobile/single and POST /mobile/multi.
import type { CallOptions, GatewayCaller } from './caller';
import {
  MobileMessageRequest,
  MobileMessageResponse,
  MultiMobileMessageRequest,
  MultiMobileMessageResponse,
} from './messaging-schemas';
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
