// The effective theme: the user's choice from Settings, or the OS's when set to follow it.
import { computed } from 'vue';
import { darkTheme, useOsTheme } from 'naive-ui';
import { useSettingsStore } from '../stores/settings';

export function useTheme() {
  const settings = useSettingsStore();
  const os = useOsTheme();
  const isDark = computed(() => {
    const choice = settings.view?.settings.theme ?? 'system';
    return choice === 'system' ? os.value === 'dark' : choice === 'dark';
  });
  const theme = computed(() => (isDark.value ? darkTheme : null));
  return { isDark, theme };
}
