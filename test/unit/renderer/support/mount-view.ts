// Mounts a renderer view or component the way App.vue hosts it: Naive UI's config, notification, dialog and message providers,
/* eslint-disable vue/one-component-per-file -- the test host and its toast sweeper are one piece of test support */
// vue-i18n in the language asked for, and a router at the route asked for; the stores come from the test's Pinia.
import { defineComponent, h, onBeforeUnmount, type Component } from 'vue';
import { mount, flushPromises } from '@vue/test-utils';
import { NConfigProvider, NDialogProvider, NMessageProvider, NNotificationProvider, useMessage, useNotification } from 'naive-ui';
import { createRouter, createMemoryHistory } from 'vue-router';
import type { Pinia } from 'pinia';
import { i18n, applyLocale, loadLanguage } from '../../../../src-renderer/i18n';
import { routes } from '../../../../src-renderer/router';
// Each language's texts are a chunk loaded on first use in the app; these tests read both from the start.
await Promise.all([loadLanguage('en'), loadLanguage('da')]);

export interface MountOptions {
  pinia: Pinia;
  /** Where the router stands, e.g. '/campaigns/7'. */
  at?: string;
  props?: Record<string, unknown>;
  lang?: 'en' | 'da';
}

/**
 * Closes every toast and notification when the view is unmounted: Naive UI's toasts keep a hide timer that outlives
 * their provider, and one firing after the file's DOM is gone ends the test run with "window is not defined".
 */
const ToastSweeper = defineComponent({
  setup(_, { slots }) {
    const message = useMessage();
    const notification = useNotification();
    onBeforeUnmount(() => {
      message.destroyAll();
      notification.destroyAll();
    });
    return () => slots.default?.();
  },
});

/** Views mounted and not yet unmounted by unmountViews. */
const mounted = new Set<{ unmount(): void }>();

/**
 * Unmounts every view mountView mounted (each file's afterEach, where a test does not unmount its own): unmounting
 * is what sweeps the toasts, whose hide timers otherwise fire after the file's DOM is gone.
 */
export function unmountViews(): void {
  for (const w of mounted) w.unmount();
  mounted.clear();
}

export async function mountView(view: Component, opts: MountOptions) {
  await applyLocale(opts.lang ?? 'en', opts.lang === 'da' ? 'da-DK' : 'en-GB');
  const router = createRouter({ history: createMemoryHistory(), routes });
  await router.push(opts.at ?? '/');
  await router.isReady();
  const Host = defineComponent({
    setup: () => () =>
      h(NConfigProvider, null, {
        default: () =>
          h(NNotificationProvider, null, {
            default: () => h(NDialogProvider, null, { default: () => h(NMessageProvider, null, { default: () => h(ToastSweeper, null, { default: () => h(view, opts.props ?? {}) }) }) }),
          }),
      }),
  });
  const wrapper = mount(Host, { global: { plugins: [opts.pinia, router, i18n] }, attachTo: document.body });
  mounted.add(wrapper);
  await flushPromises();
  return { wrapper, router };
}

/** The data-testid values of the buttons inside `root`, in order. */
export function buttonIds(root: Element): string[] {
  return [...root.querySelectorAll('button[data-testid]')].map((b) => b.getAttribute('data-testid')!);
}
