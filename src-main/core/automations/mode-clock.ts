// Which clock the automations run on: the test gateway's while Besked is in Sandbox (moving it forward with the
// Sandbox tools makes runs fall due), the computer's while live — a test gateway moved days ahead must never make
// a live run fall due early. Follows the connection's mode from settings.changed.
import type { Mode } from '../../../src-shared/contract';
import type { EventBus } from '../events';

export interface ModeClockDeps {
  events: Pick<EventBus, 'subscribe'>;
  /** The connection's mode at start (asked once; settings.changed tells every change after). */
  mode: () => Promise<Mode>;
  /** The test gateway's time, or null before it has started. */
  sandboxNow: () => number | null;
  realNow?: () => number;
}

export interface ModeClock {
  now: () => number;
  stop: () => void;
}

export function modeClock(d: ModeClockDeps): ModeClock {
  const realNow = d.realNow ?? Date.now;
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
    stop: unsubscribe,
  };
}
