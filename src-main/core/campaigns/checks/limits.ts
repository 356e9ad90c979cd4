// The user's sending limits as pure rules: quiet hours, sending rate, spending caps per campaign and per day,
// and when the outbox may send its next chunk. Local time comes in as an offset function so tests fix it.

export interface QuietHours {
  /** Local time 'HH:MM' when quiet starts. */
  from: string;
  /** Local time 'HH:MM' when sending may start again. */
  to: string;
}

export interface SendingLimits {
  /** Most a single campaign may cost, in the account currency; null for no cap. */
  campaignCap: number | null;
  /** Most all sends of one local day may cost; null for no cap. */
  dailyCap: number | null;
  /** Most parts one recipient's text may take; null for no cap. */
  maxParts: number | null;
  quietHours: QuietHours | null;
  /** Messages per minute; null sends as fast as the gateway takes them. */
  messagesPerMinute: number | null;
}

/** Minutes east of UTC at an instant (Copenhagen in summer: 120). */
export type OffsetFn = (ms: number) => number;

export const systemOffset: OffsetFn = (ms) => -new Date(ms).getTimezoneOffset();

const MINUTE = 60_000;
const DAY = 86_400_000;

export function parseClock(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`not a time of day: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function minuteOfDay(ms: number, offset: OffsetFn): number {
  const local = ms + offset(ms) * MINUTE;
  return Math.floor((((local % DAY) + DAY) % DAY) / MINUTE);
}

/** Whether an instant falls in the quiet window. from == to is an empty window; from > to spans midnight. */
export function isQuiet(ms: number, quiet: QuietHours | null, offset: OffsetFn): boolean {
  if (!quiet) return false;
  const from = parseClock(quiet.from);
  const to = parseClock(quiet.to);
  if (from === to) return false;
  const m = minuteOfDay(ms, offset);
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/**
 * The instant local wall-clock time next reads `minutes` after midnight, strictly after `ms`; where the spring change
 * skips that time (02:30 on the night 02:00 becomes 03:00), the change itself, the first instant after it.
 */
function nextLocalClock(ms: number, minutes: number, offset: OffsetFn): number {
  const off = offset(ms) * MINUTE;
  const local = ms + off;
  let candidate = Math.floor(local / DAY) * DAY + minutes * MINUTE;
  if (candidate <= local) candidate += DAY;
  // Convert back with the offset valid at the candidate, so a daylight-saving change in between is honoured.
  const utc = candidate - off;
  const at = candidate - offset(utc) * MINUTE;
  if (at + offset(at) * MINUTE === candidate) return at;
  // No instant reads that wall time: it was 30 minutes before the change, inside the quiet hours it was to end.
  return changeBetween(Math.min(at, utc), Math.max(at, utc), offset);
}

/** The first whole minute after `lo` whose offset differs from lo's, found by halving (lo and hi differ). */
function changeBetween(lo: number, hi: number, offset: OffsetFn): number {
  const before = offset(lo);
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offset(mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The first instant at or after `ms` outside quiet hours. */
export function nextAllowedTime(ms: number, quiet: QuietHours | null, offset: OffsetFn): number {
  if (!isQuiet(ms, quiet, offset)) return ms;
  return nextLocalClock(ms, parseClock(quiet!.to), offset);
}

/** The local calendar day of an instant, as YYYY-MM-DD: the key of the daily spending cap. */
export function localDay(ms: number, offset: OffsetFn): string {
  return new Date(ms + offset(ms) * MINUTE).toISOString().slice(0, 10);
}

export function nextLocalMidnight(ms: number, offset: OffsetFn): number {
  return nextLocalClock(ms, 0, offset);
}

/** Largest chunk the rate allows: one minute's worth of messages, so the wait between chunks stays a minute at most. */
export function rateChunkSize(chunkSize: number, perMinute: number | null): number {
  if (perMinute === null) return chunkSize;
  return Math.max(1, Math.min(chunkSize, Math.floor(perMinute)));
}

export interface LastSend {
  at: number;
  count: number;
}

/** When the next chunk may go: the last chunk's messages spread over count/rate minutes. */
export function nextRateSlot(last: LastSend | null, perMinute: number | null): number {
  if (!last || perMinute === null) return -Infinity;
  return last.at + Math.ceil((last.count / perMinute) * MINUTE);
}

/** How many of the next recipients (their costs in order) fit into what is left of the daily cap. */
export function fitWithinCap(costs: readonly number[], room: number): number {
  let sum = 0;
  // A hundredth of a cent of slack, so rounding in the price list never stops the last recipient that fits.
  const limit = room + 1e-4;
  for (let i = 0; i < costs.length; i++) {
    sum += costs[i]!;
    if (sum > limit) return i;
  }
  return costs.length;
}

export type CapCheck = { ok: true } | { ok: false; cap: number; over: number };

export function checkCampaignCap(estimatedCost: number, cap: number | null): CapCheck {
  if (cap === null || estimatedCost <= cap + 1e-4) return { ok: true };
  return { ok: false, cap, over: estimatedCost - cap };
}

/**
 * Whether one paid call (a reply, a number lookup, an email) may spend `cost` now: no more than the per-campaign cap
 * (a call is one spend, as a campaign is) and no more than what is left of today's cap. An unknown cost passes only
 * when no cap is set, as a campaign without a price list does.
 */
export type SpendCheck = { ok: true } | { ok: false; cap: 'campaign' | 'daily'; limit: number; room: number } | { ok: false; cap: 'unpriced' };

export function checkSpend(cost: number | null, limits: Pick<SendingLimits, 'campaignCap' | 'dailyCap'>, spentToday: number): SpendCheck {
  if (limits.campaignCap === null && limits.dailyCap === null) return { ok: true };
  if (cost === null) return { ok: false, cap: 'unpriced' };
  const campaign = checkCampaignCap(cost, limits.campaignCap);
  if (!campaign.ok) return { ok: false, cap: 'campaign', limit: campaign.cap, room: campaign.cap };
  const room = dailyRoom(spentToday, limits.dailyCap);
  if (fitWithinCap([cost], room) === 0) return { ok: false, cap: 'daily', limit: limits.dailyCap!, room };
  return { ok: true };
}

/** What is left of today's cap; Infinity without one. */
export function dailyRoom(spentToday: number, cap: number | null): number {
  if (cap === null) return Infinity;
  return Math.max(0, cap - spentToday);
}

export type WaitReason = 'quiet_hours' | 'rate' | 'daily_cap';

export type ChunkPlan = { kind: 'send'; size: number } | { kind: 'wait'; reason: WaitReason; until: number };

export interface ChunkPlanInput {
  now: number;
  limits: Pick<SendingLimits, 'dailyCap' | 'quietHours' | 'messagesPerMinute'>;
  offset: OffsetFn;
  /** The default number of recipients per request. */
  chunkSize: number;
  lastSend: LastSend | null;
  /** Spent so far on today's local date. */
  spentToday: number;
  /** Cost of each of the next queued recipients, in order (at least as many as the chunk could hold). */
  nextCosts: readonly number[];
  /** A scheduled legacy send is handed to the gateway now and goes out later: quiet hours and rate were applied to its time. */
  handedOverForLater: boolean;
}

/** Decides whether the outbox sends now, how many, or until when it waits and why. */
export function planChunk(p: ChunkPlanInput): ChunkPlan {
  let size = rateChunkSize(p.chunkSize, p.handedOverForLater ? null : p.limits.messagesPerMinute);
  if (!p.handedOverForLater) {
    if (isQuiet(p.now, p.limits.quietHours, p.offset)) {
      return { kind: 'wait', reason: 'quiet_hours', until: nextAllowedTime(p.now, p.limits.quietHours, p.offset) };
    }
    const slot = nextRateSlot(p.lastSend, p.limits.messagesPerMinute);
    if (slot > p.now) return { kind: 'wait', reason: 'rate', until: slot };
  }
  const fit = fitWithinCap(p.nextCosts.slice(0, size), dailyRoom(p.spentToday, p.limits.dailyCap));
  if (fit === 0 && p.nextCosts.length > 0) {
    return { kind: 'wait', reason: 'daily_cap', until: nextLocalMidnight(p.now, p.offset) };
  }
  size = Math.min(size, Math.max(fit, 1));
  return { kind: 'send', size };
}

/** Waits after a failed connection attempt: 2 s, 4 s, 8 s … up to the max, so a campaign goes out soon after the line is back. */
export function offlineBackoffMs(attempt: number, baseMs = 2_000, maxMs = 60_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * When the gateway should release a scheduled chunk whose campaign already handed over `recipientsBefore`
 * recipients: from the chosen time, moved out of quiet hours, and spaced by the rate, so the gateway sends at
 * the pace the user set even while this computer is off.
 */
export function scheduledSendTime(
  startMs: number,
  recipientsBefore: number,
  limits: Pick<SendingLimits, 'quietHours' | 'messagesPerMinute'>,
  offset: OffsetFn,
): number {
  let t = nextAllowedTime(startMs, limits.quietHours, offset);
  const rate = limits.messagesPerMinute;
  if (rate === null) return t;
  let left = recipientsBefore;
  while (left > 0) {
    const step = Math.min(left, Math.max(1, Math.floor(rate)));
    t = nextAllowedTime(t + Math.ceil((step / rate) * MINUTE), limits.quietHours, offset);
    left -= step;
  }
  return t;
}

/** Seconds left, from the pace so far and the rate limit (whichever is slower); null before there is a pace. */
export function estimateEtaSeconds(p: {
  remaining: number;
  doneThisRun: number;
  elapsedMs: number;
  messagesPerMinute: number | null;
}): number | null {
  if (p.remaining <= 0) return 0;
  const byRate = p.messagesPerMinute === null ? 0 : (p.remaining / p.messagesPerMinute) * 60;
  if (p.doneThisRun <= 0 || p.elapsedMs <= 0) return p.messagesPerMinute === null ? null : Math.ceil(byRate);
  const byPace = (p.remaining / p.doneThisRun) * (p.elapsedMs / 1000);
  return Math.ceil(Math.max(byPace, byRate));
}
