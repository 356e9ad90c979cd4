// How a campaign's recipients are cut into gateway requests within both interfaces' limits.
//
// Why 1000 recipients per request by default, although the legacy interface takes 10000:
// - progress: a 10000-recipient campaign reports ten steps instead of one, and pause/cancel act within seconds;
// - exposure: a request whose outcome is unknown (timeout after sending) makes every recipient in it "uncertain",
//   and those are never resent automatically; 1000 bounds how many people one lost answer leaves in doubt;
// - speed: the gateway answers a 1000-recipient request quickly, while 10000 "slows the response" (spec), and the
//   time per recipient is already dominated by the round trip, so larger chunks would gain little;
// - the messaging interface's batch limit is 1000 anyway, so both channels behave the same.

import { channelTraits, LEGACY_MAX_RECIPIENTS_PER_MESSAGE, LEGACY_MAX_RECIPIENTS_PER_REQUEST } from './channel-traits';

export {
  LEGACY_MAX_MESSAGES_PER_REQUEST,
  LEGACY_MAX_RECIPIENTS_PER_MESSAGE,
  LEGACY_MAX_RECIPIENTS_PER_REQUEST,
  MESSAGING_MAX_PER_REQUEST,
} from './channel-traits';

export type Channel = 'legacy' | 'messaging';

export const DEFAULT_CHUNK_SIZE = 1_000;

export function maxChunkSize(channel: Channel): number {
  return channelTraits(channel).maxPerRequest;
}

/** A requested chunk size clamped to what one request of the channel may carry. */
export function effectiveChunkSize(channel: Channel, requested: number = DEFAULT_CHUNK_SIZE): number {
  if (!Number.isFinite(requested) || requested < 1) return 1;
  return Math.min(Math.floor(requested), maxChunkSize(channel));
}

/** Sizes of the requests `total` recipients need, in order. */
export function requestSizes(total: number, chunkSize: number): number[] {
  const out: number[] = [];
  for (let left = total; left > 0; left -= chunkSize) out.push(Math.min(chunkSize, left));
  return out;
}

export function splitIntoChunks<T>(items: readonly T[], chunkSize: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
}

export interface EncodedRecipient {
  /** Whether this recipient's final text needs UCS-2. */
  ucs2: boolean;
}

/**
 * The legacy messages one chunk becomes: recipients whose text fits GSM-7 in one message, those needing UCS-2 in
 * another. The legacy interface encodes a whole message one way, so mixing them would bill every GSM-7 recipient
 * at UCS-2 rates (70 instead of 160 characters per part) and break the cost shown before sending.
 * Each group stays within the per-message and per-request limits.
 */
export function legacyMessageGroups<T extends EncodedRecipient>(recipients: readonly T[]): { ucs2: boolean; recipients: T[] }[] {
  if (recipients.length > LEGACY_MAX_RECIPIENTS_PER_REQUEST) {
    throw new RangeError(`a legacy request holds at most ${LEGACY_MAX_RECIPIENTS_PER_REQUEST} recipients, got ${recipients.length}`);
  }
  const gsm: T[] = [];
  const ucs2: T[] = [];
  for (const r of recipients) (r.ucs2 ? ucs2 : gsm).push(r);
  const groups: { ucs2: boolean; recipients: T[] }[] = [];
  for (const [flag, list] of [[false, gsm], [true, ucs2]] as const) {
    // A chunk within one message's limit (every chunk Besked sends by default) keeps its list as it is.
    if (list.length > 0 && list.length <= LEGACY_MAX_RECIPIENTS_PER_MESSAGE) groups.push({ ucs2: flag, recipients: list });
    else for (const part of splitIntoChunks(list, LEGACY_MAX_RECIPIENTS_PER_MESSAGE)) groups.push({ ucs2: flag, recipients: part });
  }
  return groups;
}
