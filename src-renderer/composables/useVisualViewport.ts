// The part of the page the user sees (window.visualViewport): on a phone the on-screen keyboard covers the bottom of
// the layout viewport, and only the visual viewport's height says how much is left for a reply box to stay above it.
import { ref } from 'vue';
import { useEventListener } from '@vueuse/core';

/** A keyboard is taller than this; smaller changes are the browser's toolbars coming and going. */
const KEYBOARD_MIN_PX = 120;

export function useVisualViewport() {
  const vv = typeof window === 'undefined' ? null : window.visualViewport;
  const height = ref(vv?.height ?? (typeof window === 'undefined' ? 0 : window.innerHeight));
  /** How much of the layout viewport's bottom the keyboard covers: where something fixed to the bottom must sit. */
  const bottomInset = ref(0);
  const keyboardOpen = ref(false);
  const measure = () => {
    height.value = vv?.height ?? window.innerHeight;
    bottomInset.value = Math.max(0, Math.round(window.innerHeight - height.value - (vv?.offsetTop ?? 0)));
    keyboardOpen.value = bottomInset.value > KEYBOARD_MIN_PX;
  };
  if (vv) {
    useEventListener(vv, 'resize', measure);
    useEventListener(vv, 'scroll', measure);
  }
  useEventListener(window, 'resize', measure);
  measure();
  return { height, bottomInset, keyboardOpen };
}
