// Settings and connection state as the core reports them; every change goes through the contract.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CallInput, Platform, SettingsPatch, SettingsView } from '../../src-shared/contract';
import { call, on } from '../api';

export const useSettingsStore = defineStore('settings', () => {
  const view = ref<SettingsView | null>(null);

  async function load() {
    view.value = await call('settings.get', {});
  }
  async function update(patch: SettingsPatch) {
    view.value = await call('settings.update', patch);
  }
  async function setToken(platform: Platform, token: string) {
    view.value = await call('settings.setToken', { platform, token });
  }
  async function clearToken(platform: Platform) {
    view.value = await call('settings.clearToken', { platform });
  }
  /** Tests a typed token (never stored), a platform's stored token, or how Besked sends now. */
  function testConnection(what: CallInput<'settings.testConnection'> = {}) {
    return call('settings.testConnection', what);
  }
  on('settings.changed', (v) => (view.value = v));

  return { view, load, update, setToken, clearToken, testConnection };
});
