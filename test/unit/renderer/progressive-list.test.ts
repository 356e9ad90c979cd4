// @vitest-environment happy-dom
// A long list drawn a screenful at once and the rest in idle moments: the first rows at once, all of them soon after,
// and a list that grows or is replaced keeps what is drawn.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { mount } from '@vue/test-utils';
import { FIRST_ROWS, ROWS_PER_STEP, useProgressiveList } from '../../../src-renderer/composables/useProgressiveList';

const numbers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

function host(items: ReturnType<typeof ref<number[]>>) {
  let drawn!: ReturnType<typeof useProgressiveList<number>>;
  const wrapper = mount(
    defineComponent({
      setup() {
        drawn = useProgressiveList(() => items.value ?? []);
        return () => h('ul', drawn.value.map((n) => h('li', { key: n }, String(n))));
      },
    }),
  );
  return { wrapper, rows: () => wrapper.findAll('li').length, drawn: () => drawn.value };
}

afterEach(() => vi.useRealTimers());

describe('drawing a long list progressively', () => {
  it('draws the first rows at once and the rest a step per idle moment, until all are drawn', async () => {
    // happy-dom has no requestIdleCallback, so the composable's timer stands in for it.
    vi.useFakeTimers();
    const items = ref(numbers(200));
    const { rows, drawn } = host(items);
    expect(rows()).toBe(FIRST_ROWS);
    vi.advanceTimersToNextTimer();
    await nextTick();
    expect(rows()).toBe(FIRST_ROWS + ROWS_PER_STEP);
    vi.runAllTimers();
    await nextTick();
    expect(rows()).toBe(200);
    expect(drawn()).toBe(items.value);
  });

  it('keeps what is drawn when the list is replaced, and draws a longer one to its end', async () => {
    vi.useFakeTimers();
    const items = ref(numbers(10));
    const { rows } = host(items);
    expect(rows()).toBe(10);
    items.value = numbers(100, 1000);
    await nextTick();
    expect(rows()).toBe(FIRST_ROWS);
    vi.runAllTimers();
    await nextTick();
    expect(rows()).toBe(100);
    items.value = numbers(3);
    await nextTick();
    expect(rows()).toBe(3);
  });

  it('stops drawing when the list goes', () => {
    vi.useFakeTimers();
    const { wrapper } = host(ref(numbers(200)));
    expect(vi.getTimerCount()).toBe(1);
    wrapper.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
