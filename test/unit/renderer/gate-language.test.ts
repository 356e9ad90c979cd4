// @vitest-environment happy-dom
// A server's sign-in screen speaks the shop's language (team.status) before the settings may be read, and the
// settings' language wins once they are.
import { beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import SignInForm from '../../../src-renderer/components/team/SignInForm.vue';
import { useLocale } from '../../../src-renderer/composables/useLocale';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import type { TeamStatus } from '../../../src-shared/contract';

const WithLocale = defineComponent({
  setup() {
    useLocale();
    return () => h(SignInForm);
  },
});
const status = (language: TeamStatus['language']): TeamStatus => ({ kind: 'server', setupNeeded: false, me: null, serverName: 'Salon', language });

describe('the sign-in screen\'s language', () => {
  let pinia: Pinia;
  beforeEach(() => {
    document.body.innerHTML = '';
    pinia = createPinia();
    setActivePinia(pinia);
    Object.defineProperty(navigator, 'languages', { value: ['en-GB'], configurable: true });
  });

  it.each([
    ['da', 'Log ind'],
    ['en', 'Sign in'],
  ] as const)('a shop set to %s shows its sign-in in that language to an English browser', async (language, words) => {
    installFakeBesked({ 'team.status': () => status(language) });
    await useTeamStore().load();
    const { wrapper } = await mountView(WithLocale, { pinia, at: '/contacts' });
    await flushPromises();
    expect(document.body.textContent).toContain(words);
    wrapper.unmount();
  });
});
