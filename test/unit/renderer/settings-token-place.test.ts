// @vitest-environment happy-dom
// Where Settings says the token is kept: the keychain, this run's memory, or (a Besked server without a keychain) the
// server's file that only its user may read, which keeps it across restarts like the keychain.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import SettingsView from '../../../src-renderer/views/SettingsView.vue';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { settingsView } from './support/automation-fixtures';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Settings: where the token is kept', () => {
  it.each([
    ['keychain', 'en', 'Tokens are kept in the system keychain.', 'stored in the keychain'],
    ['memory', 'en', 'so the token is kept only until Besked quits', 'for this run only'],
    ['file', 'en', 'tokens are kept in a file in its data folder that only the user running the server can read', 'stored in this server\'s token file'],
    ['file', 'da', 'tokens gemmes i en fil i dens datamappe', 'serverens token-fil'],
  ] as const)('%s (%s)', async (kind, lang, says, tag) => {
    installFakeBesked();
    const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: true });
    const view = settingsView('live');
    useSettingsStore(pinia).$patch({ view: { ...view, connection: { ...view.connection, keychain: { kind } } } } as never);
    const { wrapper } = await mountView(SettingsView, { pinia, lang });
    expect(wrapper.text()).toContain(says);
    if (tag) expect(wrapper.find('[data-testid="token-state"]').text()).toContain(tag);
    wrapper.unmount();
  });
});
