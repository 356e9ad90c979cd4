// settings.* handlers: a view of the settings that was begun before a change and finishes after it (the connection's
// state waits on the keychain) carries the settings after the change, so the last settings.changed is never the old one.
import { describe, expect, it } from 'vitest';
import type { ConnectionState, EventMessage, Settings, SettingsPatch } from '../../../src-shared/contract';
import { settingsHandlers, type SettingsHandlerDeps } from '../../../src-main/core/settings/handlers';
import { DEFAULT_SETTINGS } from '../../../src-main/core/settings/store';
import { EventBus } from '../../../src-main/core/events';

function harness() {
  let current: Settings = { ...DEFAULT_SETTINGS, theme: 'dark' };
  const waiting: (() => void)[] = [];
  const state = { mode: 'sandbox', reason: '', hasToken: { default: false, eu: false }, keychain: { kind: 'keychain' }, check: { result: 'untested', at: null, error: null } } as unknown as ConnectionState;
  const events = new EventBus();
  const seen: EventMessage[] = [];
  events.subscribe((m) => seen.push(m));
  const deps = {
    events,
    settings: {
      get: () => current,
      update: (patch: SettingsPatch) => (current = { ...current, ...patch } as Settings),
    },
    // Each read of the connection's state waits until the test lets it go, as a keychain lookup may.
    connection: { state: () => new Promise<ConnectionState>((resolve) => waiting.push(() => resolve(state))), forgetCheck: () => undefined },
    gateway: {},
    now: () => 0,
  } as unknown as SettingsHandlerDeps;
  return { handlers: settingsHandlers(deps), waiting, seen };
}

describe('settings views are read after their wait', () => {
  it('a get begun before an update answers with the updated settings', async () => {
    const { handlers, waiting, seen } = harness();
    const get = handlers['settings.get']({});
    const update = handlers['settings.update']({ theme: 'light' });
    for (const go of waiting.splice(0)) go();
    expect((await get).settings.theme).toBe('light');
    expect((await update).settings.theme).toBe('light');
    const announced = seen.filter((m) => m.name === 'settings.changed').map((m) => (m.payload as { settings: Settings }).settings.theme);
    expect(announced).toEqual(['light']);
  });
});
