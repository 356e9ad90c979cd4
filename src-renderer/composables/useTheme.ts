// The effective theme: the user's choice from Settings, or the OS's when set to follow it, with the component
// library's colours adjusted where its defaults read too faintly (WCAG AA contrast, 4.5:1 for normal text).
import { computed } from 'vue';
import { darkTheme, useOsTheme, type GlobalThemeOverrides } from 'naive-ui';
import { useSettingsStore } from '../stores/settings';

/**
 * Light theme: Naive UI's green (#18a058) is 3.4:1 on white, so links, active tabs and white text on primary
 * buttons were hard to read; this green is 5:1. The status colours are darkened the same way so that tags
 * (coloured text on a tint of the same colour, 12 %) reach 4.5:1 even inside the inbox's tinted bubbles, and
 * the third text grey (4.2:1) and the empty-state grey (1.8:1) are darkened too.
 */
const light: GlobalThemeOverrides = {
  common: {
    primaryColor: '#0e8043',
    primaryColorHover: '#108546',
    primaryColorPressed: '#0b6b38',
    primaryColorSuppl: '#0e8043',
    successColor: '#0b6b38',
    successColorHover: '#0e8043',
    successColorPressed: '#095a2f',
    successColorSuppl: '#0b6b38',
    infoColor: '#1060c9',
    infoColorHover: '#2070d8',
    infoColorPressed: '#0c50a8',
    infoColorSuppl: '#1060c9',
    warningColor: '#8a5a00',
    warningColorHover: '#a06a00',
    warningColorPressed: '#704900',
    warningColorSuppl: '#8a5a00',
    errorColor: '#b8213b',
    errorColorHover: '#c8354e',
    errorColorPressed: '#961a30',
    errorColorSuppl: '#b8213b',
    textColor3: '#6b7075',
  },
  Empty: { textColor: '#6b7075' },
};

/**
 * Dark theme: the empty state's text (3.6:1 on the page), the third text grey (3.8:1 on a popover's lighter grey)
 * and a red tag's text (4.0:1 on its tint inside a drawer or dialog) are lifted.
 */
const dark: GlobalThemeOverrides = {
  common: { textColor3: 'rgba(255, 255, 255, 0.62)' },
  Empty: { textColor: 'rgba(255, 255, 255, 0.62)' },
  Tag: { textColorError: '#f0a0a0' },
};

export function useTheme() {
  const settings = useSettingsStore();
  const os = useOsTheme();
  const isDark = computed(() => {
    const choice = settings.view?.settings.theme ?? 'system';
    return choice === 'system' ? os.value === 'dark' : choice === 'dark';
  });
  const theme = computed(() => (isDark.value ? darkTheme : null));
  const themeOverrides = computed(() => (isDark.value ? dark : light));
  /**
   * Colours for Besked's own warning, error and secondary text, readable (4.5:1) on the page and on the light tints
   * lists and bubbles use; set as CSS variables on the root. Dimming text with opacity is what failed before.
   * --besked-error is the name the composer's sender field already asks for.
   */
  const textColorVars = computed(() =>
    isDark.value
      ? { '--besked-error-text': '#e88080', '--besked-warning-text': '#f2c97d', '--besked-muted-text': 'rgba(255, 255, 255, 0.7)', '--besked-error': '#e88080' }
      : { '--besked-error-text': '#b8213b', '--besked-warning-text': '#8a5a00', '--besked-muted-text': '#565b60', '--besked-error': '#b8213b' },
  );
  return { isDark, theme, themeOverrides, textColorVars };
}
