// A long list drawn a screenful at once and the rest a few rows at a time while the browser is idle: a phone opening
// the inbox taps its first conversations without waiting for hundreds of rows it cannot see (phone.inbox_ready_ms).
// Every row is in the page a moment later, so search in page, screen readers and the keyboard reach all of them.
import { computed, onBeforeUnmount, ref, toValue, watch, type ComputedRef, type MaybeRefOrGetter } from 'vue';

/** Rows drawn at once: more than a 390×844 phone (or a desktop's list pane) shows. */
export const FIRST_ROWS = 24;
/** Rows added per idle moment: about 50 ms of work for a slow phone, so a tap in between is answered at once. */
export const ROWS_PER_STEP = 24;

type Cancel = () => void;
/** The browser's idle callback (not in Safari): within 200 ms at the latest, so a busy page still completes its list. */
function whenIdle(run: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 200 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 16);
  return () => window.clearTimeout(id);
}

/** The first rows of `items`, growing to all of them; a list that grows or is replaced keeps what is drawn. */
export function useProgressiveList<T>(items: MaybeRefOrGetter<readonly T[]>): ComputedRef<readonly T[]> {
  const count = ref(FIRST_ROWS);
  let cancel: Cancel | null = null;
  function step() {
    cancel = null;
    count.value += ROWS_PER_STEP;
    if (count.value < toValue(items).length) cancel = whenIdle(step);
  }
  watch(
    () => toValue(items).length,
    (length) => {
      if (cancel === null && count.value < length) cancel = whenIdle(step);
    },
    { immediate: true },
  );
  onBeforeUnmount(() => cancel?.());
  return computed(() => {
    const all = toValue(items);
    return count.value >= all.length ? all : all.slice(0, count.value);
  });
}
