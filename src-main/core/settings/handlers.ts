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
  const settingsView = async (): Promise<SettingsView> => ({ settings: d.settings.get(), connection: await d.connection.state() });
  const announceSettings = async () => {
    const view = await settingsView();
    d.events.emit('settings.changed', view);
    return view;
  };

  return {
    'settings.get': () => settingsView(),
    'settings.update': async (patch) => {
      d.settings.update(patch);
      return announceSettings();
    },
    'settings.setToken': async ({ platform, token }) => {
      await d.connection.setToken(platform, token);
      return announceSettings();
    },
    'settings.clearToken': async ({ platform }) => {
      await d.connection.clearToken(platform);
      return announceSettings();
    },
    'settings.testConnection': ({ platform }) => testConnection(d, platform),
  };
}
