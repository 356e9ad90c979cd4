// Settings and connection state as the core reports them; every change goes through the contract.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CallInput, Platform, SettingsPatch, SettingsView } from '../../src-shared/contract';
import { call, on } from '../api';

export const useSettingsStore = defineStore('settings', () => {
  const view = ref<SettingsView | null>(null);
  // Counts the views that came by a change (an answer to a change, or settings.changed): a load asked before one of
  // them answers with what was true before it, so it must not put the old settings back.
  let changes = 0;
  const changed = (v: SettingsView) => {
    changes++;
    view.value = v;
  };

  async function load() {
    const before = changes;
    const v = await call('settings.get', {});
    if (changes === before) view.value = v;
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
