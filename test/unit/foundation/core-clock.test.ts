// The automations' clock follows the connection: the test gateway's in Sandbox, the computer's when live, so a test
// gateway moved days ahead never makes a live run fall due early.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../src-main/core/events';
import { modeClock } from '../../../src-main/core/clock';
import type { Mode, SettingsView } from '../../../src-shared/contract';

const REAL = 1_800_000_000_000;
const AHEAD = REAL + 5 * 86_400_000;

function changed(bus: EventBus, mode: Mode): void {
  bus.emit('settings.changed', { connection: { mode } } as unknown as SettingsView);
}

describe('the automations clock', () => {
  it.each([
    // [mode at start, test gateway started, expected clock]
    ['sandbox', true, AHEAD],
    ['sandbox', false, REAL],
    ['live', true, REAL],
    ['live', false, REAL],
  ] as const)('at start in %s (test gateway started: %s) reads %d', async (mode, started, expected) => {
    const bus = new EventBus();
    const clock = modeClock({ events: bus, mode: async () => mode, sandboxNow: () => (started ? AHEAD : null), realNow: () => REAL });
    await Promise.resolve();
    await Promise.resolve();
    expect(clock.now()).toBe(expected);
    clock.stop();
  });

  it('reads the computer clock before the mode is known, and follows every switch after', async () => {
    const bus = new EventBus();
    let answer: (m: Mode) => void = () => undefined;
    const clock = modeClock({ events: bus, mode: () => new Promise<Mode>((r) => (answer = r)), sandboxNow: () => AHEAD, realNow: () => REAL });
    expect(clock.now()).toBe(REAL);
    changed(bus, 'sandbox');
    expect(clock.now()).toBe(AHEAD);
    // A late first answer does not undo what settings.changed said since.
    answer('live');
    await Promise.resolve();
    await Promise.resolve();
    expect(clock.now()).toBe(AHEAD);
    changed(bus, 'live');
    expect(clock.now()).toBe(REAL);
    clock.stop();
    changed(bus, 'sandbox');
    expect(clock.now()).toBe(REAL);
  });
});
