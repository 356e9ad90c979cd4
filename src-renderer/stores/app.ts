// What the app knows about itself: version, shell and data folder.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo } from '../../src-shared/contract';
import { call } from '../api';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  async function load() {
    info.value = await call('app.info', {});
  }
  return { info, load };
});
