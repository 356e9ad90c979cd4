// How often Besked asks the gateway for new texts (issue 30.4): fast while a conversation is going on or a keyword
// rule waits to answer, at the user's interval when nothing happens. Pure; the inbox poller plans by it and Settings
// states the requests a day it makes.

export const INBOX_RHYTHM = {
  /** After a text is sent or received: a customer's answer usually follows within minutes. */
  activeS: 5,
  /** How long "after" lasts. */
  activeForS: 10 * 60,
  /** While a keyword rule is on: its customers expect an answer within seconds, whenever they write. */
  keywordS: 8,
} as const;

const DAY_S = 24 * 3600;

export interface InboxRhythmInput {
  /** The user's interval for when nothing happens (settings inboxPollSeconds). */
  idleS: number;
  /** The last text sent or received (epoch ms), on the clock `now` reads. */
  lastActivityAt: number | null;
  keywordRuleOn: boolean;
  now: number;
}

/** The wait until the next look at the inbox. Never slower than the user's interval. */
export function inboxPollDelayMs(i: InboxRhythmInput): number {
  let s = i.idleS;
  if (i.keywordRuleOn) s = Math.min(s, INBOX_RHYTHM.keywordS);
  if (i.lastActivityAt !== null && i.now - i.lastActivityAt < INBOX_RHYTHM.activeForS * 1000) s = Math.min(s, INBOX_RHYTHM.activeS);
  return s * 1000;
}

export interface InboxRequestsPerDay {
  /** A day without any text in or out. */
  quiet: number;
  /** A day with texts going in or out all day long: the most Besked asks. */
  most: number;
}

/** The inbox requests a day the rhythm makes (one request a look; a look that finds more than 200 texts pages on). */
export function inboxRequestsPerDay(idleS: number, keywordRuleOn: boolean): InboxRequestsPerDay {
  const quietS = keywordRuleOn ? Math.min(idleS, INBOX_RHYTHM.keywordS) : idleS;
  return { quiet: Math.ceil(DAY_S / quietS), most: Math.ceil(DAY_S / Math.min(quietS, INBOX_RHYTHM.activeS)) };
}
