// The core's one clock: every part of the core that asks for the time asks this (issue 27.7). In Sandbox it is the
// test gateway's clock (moving it forward with the Sandbox tools makes runs fall due, and the history, the daily cap,
// the send-time check and "waits at the gateway" all read the same time as its ledger); live it is the computer's,
// so a test gateway moved days ahead never makes a live run fall due early. Follows the connection's mode from
// settings.changed. This module and log.ts are the only core code that reads the computer's clock directly (lint).
import type { Mode } from '../../src-shared/contract';
import type { EventBus } from './events';

/** What the core's parts are given: the time now, in epoch ms. */
export interface Clock {
  now: () => number;
}

/**
 * The computer's clock, for what is about this computer rather than about messages: the data folder's lock, how
 * long an import took, a session's expiry on a team server. Modules built outside the core (tests) default to it.
 */
export const computerClock: Clock = { now: () => Date.now() };

/** The clock's time as the ISO text the database stores. */
export function isoNow(clock: Clock | (() => number)): string {
  return new Date(typeof clock === 'function' ? clock() : clock.now()).toISOString();
}

export interface ModeClockDeps {
  events: Pick<EventBus, 'subscribe'>;
  /** The connection's mode at start (asked once; settings.changed tells every change after). */
  mode: () => Promise<Mode>;
  /** The test gateway's time, or null before it has started. */
  sandboxNow: () => number | null;
  realNow?: () => number;
}

export interface ModeClock extends Clock {
  /** Which mode's clock it reads now. */
  mode: () => Mode;
  stop: () => void;
}

export function modeClock(d: ModeClockDeps): ModeClock {
  const realNow = d.realNow ?? computerClock.now;
  // Until the first answer: live's clock. Early runs are the harm to avoid; a Sandbox run waits a moment at most.
  let mode: Mode = 'live';
  let told = false;
  void d
    .mode()
    .then((m) => {
      if (!told) mode = m;
    })
    .catch(() => undefined);
  const unsubscribe = d.events.subscribe((m) => {
    if (m.name !== 'settings.changed') return;
    told = true;
    mode = (m.payload as { connection: { mode: Mode } }).connection.mode;
  });
  return {
    now: () => (mode === 'sandbox' ? (d.sandboxNow() ?? realNow()) : realNow()),
    mode: () => mode,
    stop: unsubscribe,
  };
}
