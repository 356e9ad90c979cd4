// When the price book refreshes by itself: the gateway a connection talks to (the rule that decides "the connection
// changed"), and the schedule over a fake book: once at start, every hour if stale, anew when the gateway changes.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../src-main/core/events';
import { createLogger } from '../../../src-main/core/log';
import { DEFAULT_SETTINGS } from '../../../src-main/core/settings';
import { gatewayOf, PRICE_CHECK_INTERVAL_MS, PriceSchedule, type Every } from '../../../src-main/core/pricing/price-schedule';
import type { Mode } from '../../../src-main/core/pricing/price-book';
import type { SettingsView } from '../../../src-shared/contract';

const A = { messagingUrl: 'https://messaging.gatewayapi.com', legacyUrl: 'https://gatewayapi.com' };
const B = { messagingUrl: 'https://messaging.gatewayapi.eu', legacyUrl: 'https://gatewayapi.eu' };

function view(mode: Mode, patch: Partial<SettingsView['settings']> = {}): SettingsView {
  return {
    settings: { ...DEFAULT_SETTINGS, endpoints: { default: A, eu: B }, ...patch },
    connection: { mode, reason: '', hasToken: { default: mode === 'live', eu: false }, keychain: { kind: 'memory' } },
  } as SettingsView;
}

describe('gatewayOf', () => {
  const table: [string, SettingsView, SettingsView, boolean][] = [
    ['Sandbox to live (a token set)', view('sandbox'), view('live'), true],
    ['live to Sandbox (the token removed)', view('live'), view('sandbox'), true],
    ['live on another platform', view('live'), view('live', { platform: 'eu' }), true],
    ['live at another address', view('live'), view('live', { endpoints: { default: B, eu: B } }), true],
    ['Sandbox with other live addresses typed', view('sandbox'), view('sandbox', { endpoints: { default: B, eu: A } }), false],
    ['a limit changed, live', view('live'), view('live', { lowBalanceThreshold: 5 }), false],
  ];
  it.each(table)('%s → changed: %s', (_what, before, after, changed) => {
    expect(gatewayOf(before) !== gatewayOf(after)).toBe(changed);
  });
});

describe('PriceSchedule', () => {
  function world(start: SettingsView) {
    const calls: string[] = [];
    let current = start;
    let tick: (() => void) | null = null;
    let tickMs = 0;
    const every: Every = (ms, fn) => {
      tickMs = ms;
      tick = fn;
      return () => (tick = null);
    };
    const events = new EventBus();
    const schedule = new PriceSchedule({
      book: {
        refreshIfStale: (mode: Mode) => void calls.push(`ifStale ${mode}`),
        refreshAnew: async () => {
          calls.push(`anew ${current.connection.mode}`);
          return null as never;
        },
        settled: async () => undefined,
      },
      events,
      log: createLogger({ level: 'error' }),
      view: async () => current,
      every,
    });
    const change = async (v: SettingsView) => {
      current = v;
      events.emit('settings.changed', v);
      await new Promise((r) => setTimeout(r, 0));
    };
    return { calls, schedule, change, tick: () => tick?.(), tickMs: () => tickMs, ticking: () => tick !== null };
  }

  it('looks at start and every hour, fetches anew only when the gateway changed, and stops', async () => {
    const w = world(view('sandbox'));
    w.schedule.start();
    await w.schedule.started();
    expect(w.calls).toEqual(['ifStale sandbox']);
    expect(w.tickMs()).toBe(PRICE_CHECK_INTERVAL_MS);

    w.tick();
    await new Promise((r) => setTimeout(r, 0));
    expect(w.calls).toEqual(['ifStale sandbox', 'ifStale sandbox']);

    await w.change(view('sandbox', { lowBalanceThreshold: 7 }));
    await w.change(view('live'));
    await w.change(view('live', { lowBalanceThreshold: 8 }));
    await w.change(view('sandbox'));
    expect(w.calls.slice(2)).toEqual(['anew live', 'anew sandbox']);

    await w.schedule.stop();
    expect(w.ticking()).toBe(false);
    await w.change(view('live'));
    expect(w.calls.slice(4)).toEqual([]);
  });
});
