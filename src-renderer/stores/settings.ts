// Settings and connection state as the core reports them; every change goes through the contract.
import { defineStore } from 'pinia';
import type { CallInput, Platform, SettingsPatch, SettingsView } from '../../src-shared/contract';
import { call, on } from '../api';
import { latestView } from './latest-view';

export const useSettingsStore = defineStore('settings', () => {
  // A load asked before a change answers with what was true before it: latestView drops it.
  const { value: view, changed, load: ask } = latestView<SettingsView>();

  async function load() {
    await ask(() => call('settings.get', {}));
  }
  async function update(patch: SettingsPatch) {
    changed(await call('settings.update', patch));
  }
  async function setToken(platform: Platform, token: string) {
    changed(await call('settings.setToken', { platform, token }));
  }
  async function clearToken(platform: Platform) {
    changed(await call('settings.clearToken', { platform }));
  }
  /** Tests a typed token (never stored), a platform's stored token, or how Besked sends now. */
  function testConnection(what: CallInput<'settings.testConnection'> = {}) {
    return call('settings.testConnection', what);
  }
  on('settings.changed', changed);

  return { view, load, update, setToken, clearToken, testConnection };
});
