// A gateway interface as the outbox sends on it: `build` turns a chunk into a request (a failure there certainly
// sent nothing) and returns how to send it; sending returns the write that accounts for the answer (`accept`).
import type { SendChannel } from '../../../../src-shared/contract';
import type { Mode } from '../../pricing/price-book';
import type { CampaignRow } from '../campaign-store';
import type { OutboxContext, QueuedRow } from './outbox-context';
import type { CampaignSendSpec } from './send-spec';
import { legacyChannel } from './legacy-channel';
import { messagingChannel } from './messaging-channel';

/** One chunk of a campaign on its way. */
export interface ChunkJob {
  row: CampaignRow;
  mode: Mode;
  spec: CampaignSendSpec;
  seq: number;
  chunk: QueuedRow[];
  /** The send time handed to the gateway (ms), or null to send now. */
  sendtime: number | null;
}

/** Sends the built request for the chunk recorded as `chunkId`; resolves to the write that records the answer. */
export type ChunkRequest = (chunkId: number) => Promise<() => void>;

export interface OutboxChannel {
  build(ctx: OutboxContext, job: ChunkJob): ChunkRequest;
}

const CHANNELS: Record<SendChannel, OutboxChannel> = { legacy: legacyChannel, messaging: messagingChannel };

export function outboxChannel(channel: SendChannel): OutboxChannel {
  return CHANNELS[channel];
}
