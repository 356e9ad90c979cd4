// What the app knows about itself: version, shell and data folder, and whether the core can write to its disk.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppInfo, StorageState } from '../../src-shared/contract';
import { call, on } from '../api';
import { latestView } from './latest-view';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  /** Why the core cannot write (disk full…), told by the core; sending waits meanwhile. */
  const storageView = latestView<StorageState>();
  const storage = computed(() => storageView.value.value?.problem ?? null);
  let listening = false;
  async function load() {
    if (!listening) {
      listening = true;
      on('app.storage', storageView.changed);
    }
    const [i] = await Promise.all([call('app.info', {}), storageView.load(() => call('app.storage', {}))]);
    info.value = i;
  }
  return { info, storage, load };
});
