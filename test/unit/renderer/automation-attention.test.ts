// @vitest-environment happy-dom
// automations.attention becomes a notice that stays until closed (a held run waits for the user), in the UI's
// language when coded, and its button opens the automation.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { NConfigProvider, NNotificationProvider } from 'naive-ui';
import { createMemoryHistory, createRouter } from 'vue-router';
import { applyLocale, i18n } from '../../../src-renderer/i18n';
import { routes } from '../../../src-renderer/router';
import { useAutomationAttention } from '../../../src-renderer/composables/useAutomationAttention';
import { installFakeBesked } from './support/fake-besked';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('automation attention', () => {
  it('shows each notice in the UI’s language and opens the automation from it', async () => {
    const besked = installFakeBesked();
    await applyLocale('da', 'da-DK');
    const router = createRouter({ history: createMemoryHistory(), routes });
    await router.push('/contacts');
    // The composable runs under the notification provider, as in AppNav under App.vue's.
    const listener = { setup: () => (useAutomationAttention(), () => null) };
    const Host = defineComponent({ setup: () => () => h(NConfigProvider, null, { default: () => h(NNotificationProvider, null, { default: () => h(listener) }) }) });
    wrapper = mount(Host, { global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router, i18n] }, attachTo: document.body });
    besked.emit('automations.attention', { id: 4, name: 'Ugentligt nyhedsbrev', message: '2 runs were held and not sent.', code: { code: 'automation.attention.held', params: { count: 2 } } });
    await flushPromises();
    const notice = document.querySelector('.n-notification')!;
    expect(notice.textContent).toContain('Automatiseringen “Ugentligt nyhedsbrev”');
    expect(notice.textContent).toContain('2 kørsler blev holdt tilbage');
    notice.querySelector<HTMLButtonElement>('.n-notification-main__footer button, button.n-button')!.click();
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/automations/4'), { timeout: 15_000 });
    await applyLocale('en', 'en-GB');
  }, 30_000);
});
