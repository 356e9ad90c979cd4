// The screen the app is laid out for, decided in one place so every view agrees: a phone below 768 px (bottom bar,
// one pane at a time, dialogs as full-screen sheets) and whether the pointer is a finger (44 px tap targets).
// responsive.css uses the same width in its media queries.
import { createSharedComposable, useBreakpoints, useMediaQuery } from '@vueuse/core';

/** Where the side menu gives way to the bottom bar; Naive UI's grid calls the same screens s (640) and m (1024). */
export const LAYOUT_BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export const useLayout = createSharedComposable(() => {
  const breakpoints = useBreakpoints(LAYOUT_BREAKPOINTS);
  const isPhone = breakpoints.smaller('tablet');
  const isTouch = useMediaQuery('(pointer: coarse)');
  return { isPhone, isTouch };
});
