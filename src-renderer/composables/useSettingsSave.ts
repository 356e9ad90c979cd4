// A settings card's Save button: the card's patch saved through the settings store, busy while it saves, then the
// card's "saved" words or the error in words.
import { ref } from 'vue';
import { useMessage } from 'naive-ui';
import type { SettingsPatch } from '../../src-shared/contract';
import { errorMessage } from '../api';
import { useSettingsStore } from '../stores/settings';

export function useSettingsSave() {
  const store = useSettingsStore();
  const toast = useMessage();
  const saving = ref(false);

  async function save(patch: SettingsPatch, savedText: string): Promise<void> {
    saving.value = true;
    try {
      await store.update(patch);
      toast.success(savedText);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      saving.value = false;
    }
  }

  return { saving, save };
}
