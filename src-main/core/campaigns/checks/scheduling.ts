// When a campaign goes out: now, handed to the gateway with a send time (legacy: it goes out even if this computer
// is off, and can be cancelled until then), or held here until its time (SMS/RCS has no scheduling).
import type { SendChannel } from '../../../../src-shared/contract';
import { channelTraits } from '../outbox/channel-traits';

export type ScheduleKind = 'now' | 'at_gateway' | 'local';

/** A send time less than this far ahead is simply "now". */
export const SCHEDULE_THRESHOLD_MS = 60_000;

export function scheduleKind(channel: SendChannel, sendAtMs: number | null, nowMs: number): ScheduleKind {
  if (sendAtMs === null || sendAtMs <= nowMs + SCHEDULE_THRESHOLD_MS) return 'now';
  return channelTraits(channel).later;
}

/** The campaign state right after the recipients are frozen. */
export function stateAfterFreeze(kind: ScheduleKind): 'sending' | 'scheduled' {
  // A gateway-scheduled campaign is handed over at once by the outbox (state 'sending'), then shows as scheduled.
  return kind === 'local' ? 'scheduled' : 'sending';
}
