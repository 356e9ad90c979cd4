// The settings.* calls: read and change the settings, store or forget a platform's token, test the connection.
// Every change is announced as settings.changed, so each window and the core's services follow it.
import type { DomainCallName, SettingsView } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import { testConnection, type ConnectionTestDeps } from './connection-test';

export interface SettingsHandlerDeps extends ConnectionTestDeps {
  events: EventBus;
}

export function settingsHandlers(d: SettingsHandlerDeps): Pick<Handlers, DomainCallName<'settings'>> {
  // The settings are read after the connection's state is awaited, not before: a view begun before a change and
  // finished after it would otherwise be announced last and put the old settings back on every screen.
  const settingsView = async (): Promise<SettingsView> => {
    const connection = await d.connection.state();
    return { settings: d.settings.get(), connection };
  };
  const announceSettings = async () => {
    const view = await settingsView();
    d.events.emit('settings.changed', view);
    return view;
  };

  return {
    'settings.get': () => settingsView(),
    'settings.update': async (patch) => {
      d.settings.update(patch);
      // New addresses were not what the last test reached.
      for (const p of ['default', 'eu'] as const) if (patch.endpoints?.[p]) d.connection.forgetCheck(p);
      return announceSettings();
    },
    // Saving a token tests it: the screens then say what the gateway said (connected, refused, unreachable), not
    // that a token is there. The token is kept either way, so a gateway that is down for a moment loses nothing.
    'settings.setToken': async ({ platform, token }) => {
      await d.connection.setToken(platform, token);
      // A failed test is not lost: testConnection keeps it as the check the screens show.
      await testConnection(d, { platform }).catch(() => undefined);
      return announceSettings();
    },
    'settings.clearToken': async ({ platform }) => {
      await d.connection.clearToken(platform);
      return announceSettings();
    },
    'settings.testConnection': async ({ platform, token }) => {
      try {
        return await testConnection(d, { platform, token });
      } finally {
        // A stored token's test changed the check the screens show.
        if (!token) await announceSettings();
      }
    },
  };
}
