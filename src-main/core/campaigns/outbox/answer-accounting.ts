// Holds a gateway's 2xx answer against the chunk it answers: which recipients it accounts for (with their message
// ids) and which it does not. A recipient the answer does not account for is uncertain — the gateway said yes to
// the request, so it may well have the message — never failed and never accepted without an id.
import { coded } from '../../../../src-shared/error-codes';
import type { StoppedReason } from '../campaign-store';
import { parseMessagingReference } from './messaging-request';

export interface MessagingAccount {
  /** Recipient id → message id, for the recipients the answer names. */
  accepted: Map<number, string>;
  /** Recipients the answer does not name (missing, no usable reference, or an id already used). */
  unaccounted: number[];
}

interface MessagingResponse {
  msg_id: string;
  reference?: string | null | undefined;
  recipient?: number | null | undefined;
}

/**
 * Each response names its recipient by the reference Besked gave it (`c<campaign>r<recipient>`); one whose reference
 * is missing names it by its number, which is unique within a campaign. A message id seen twice, or one Besked
 * already holds for another message, accounts for nobody.
 */
export function accountMessaging(
  campaignId: number,
  chunk: readonly { id: number; msisdn: number }[],
  responses: readonly MessagingResponse[],
  held: (msgId: string) => boolean,
): MessagingAccount {
  const inChunk = new Set(chunk.map((r) => r.id));
  const byNumber = new Map(chunk.map((r) => [r.msisdn, r.id]));
  const seen = new Map<string, number>();
  const accepted = new Map<number, string>();
  const doubtful = new Set<number>();
  for (const r of responses) {
    if (typeof r.msg_id !== 'string' || r.msg_id === '') continue;
    const ref = parseMessagingReference(r.reference);
    let id: number | undefined;
    if (ref) id = ref.campaignId === campaignId && inChunk.has(ref.recipientId) ? ref.recipientId : undefined;
    else if (typeof r.recipient === 'number') id = byNumber.get(r.recipient);
    if (id === undefined) continue;
    const before = seen.get(r.msg_id);
    if (before !== undefined || held(r.msg_id) || (accepted.has(id) && accepted.get(id) !== r.msg_id)) {
      doubtful.add(id);
      if (before !== undefined) doubtful.add(before);
      continue;
    }
    seen.set(r.msg_id, id);
    accepted.set(id, r.msg_id);
  }
  for (const id of doubtful) accepted.delete(id);
  return { accepted, unaccounted: chunk.filter((r) => !accepted.has(r.id)).map((r) => r.id) };
}

export interface LegacyAccount {
  /** The message id of each group, by the group's position; null for a group the answer does not account for. */
  ids: (string | null)[];
  /** Why some group is unaccounted, when one is. */
  problem: 'count' | 'held' | null;
}

/**
 * The legacy answer's `ids` follow the messages of the request in order. With as many ids as messages each group has
 * its id, unless Besked already holds that id (a repeated answer) or the answer repeats it. With another count the
 * order cannot be trusted, so no group is accounted for.
 */
export function accountLegacy(groupCount: number, ids: readonly number[], held: (id: string) => boolean): LegacyAccount {
  if (ids.length !== groupCount) return { ids: Array.from({ length: groupCount }, () => null), problem: 'count' };
  const seen = new Set<string>();
  let problem: LegacyAccount['problem'] = null;
  const out = ids.map((n) => {
    const id = String(n);
    if (seen.has(id) || held(id)) {
      problem = 'held';
      return null;
    }
    seen.add(id);
    return id;
  });
  // An id the answer gives twice accounts for neither of its groups.
  for (let i = 0; i < out.length; i++) if (out[i] !== null && ids.filter((n) => String(n) === out[i]).length > 1) out[i] = null;
  return { ids: out, problem };
}

/** Why an accepted chunk's recipients are uncertain: the answer did not account for them. */
export function unaccountedReason(accounted: number, sent: number): StoppedReason {
  return {
    message: `The gateway accepted the request, but its answer accounted for only ${accounted.toLocaleString('en')} of its ${sent.toLocaleString('en')} recipients, so the others may well have the message. They are not sent again by themselves.`,
    ...coded('chunk.unaccounted', { accounted, sent }),
  };
}
