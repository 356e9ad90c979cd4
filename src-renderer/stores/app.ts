// What the app knows about itself: version, shell and data folder, and whether the core can write to its disk.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo, StorageState } from '../../src-shared/contract';
import { call, on } from '../api';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  /** Why the core cannot write (disk full…), told by the core; sending waits meanwhile. */
  const storage = ref<StorageState['problem']>(null);
  let listening = false;
  async function load() {
    if (!listening) {
      listening = true;
      on('app.storage', (s) => (storage.value = s.problem));
    }
    const [i, s] = await Promise.all([call('app.info', {}), call('app.storage', {})]);
    info.value = i;
    storage.value = s.problem;
  }
  return { info, storage, load };
});
