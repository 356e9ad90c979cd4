// @vitest-environment happy-dom
// What the settings card and the header say about the connection is the last test's result (issue 27.2): a saved
// token the gateway refused is not "connected"; Test connection tests the token typed in the field on the chosen
// platform (27.3); the header's balance follows a change of mode at once; and all of it in the UI's language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises } from '@vue/test-utils';
import SettingsView from '../../../src-renderer/views/SettingsView.vue';
import AppHeader from '../../../src-renderer/components/AppHeader.vue';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { useAccountStore } from '../../../src-renderer/stores/account';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { settingsView } from './support/automation-fixtures';
import type { Balance, SettingsView as View } from '../../../src-shared/contract';

afterEach(() => {
  document.body.innerHTML = '';
});

const refused: View['connection']['check'] = {
  result: 'refused',
  at: '2026-11-27T05:00:00.000Z',
  error: {
    kind: 'auth',
    message: 'The REST interface address (gatewayapi.com) did not work: The gateway refused the token.',
    code: 'gateway.legacyAddressFailed',
    params: { host: 'gatewayapi.com' },
    because: { kind: 'auth', message: 'The gateway refused the token.', code: 'gateway.tokenRefused' },
  },
};
const unreachable: View['connection']['check'] = { ...refused, result: 'unreachable' };

async function settingsPage(view: View, lang: 'en' | 'da', handlers = {}) {
  const besked = installFakeBesked(handlers);
  const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: false });
  useSettingsStore(pinia).$patch({ view } as never);
  const { wrapper } = await mountView(SettingsView, { pinia, lang });
  return { besked, wrapper };
}

describe('the settings card says what the last test said', () => {
  it.each([
    ['en', settingsView('live', refused), 'Live – the gateway refused the token', 'did not work'],
    ['da', settingsView('live', refused), 'Live – gatewayen afviste tokenet', 'virkede ikke'],
    ['en', settingsView('live', unreachable), 'Live – the gateway could not be reached', 'did not work'],
    ['en', settingsView('live', { result: 'untested', at: null, error: null }), 'Live – not tested yet', 'Press Test connection'],
    ['en', settingsView('live'), 'Live – connected', 'accepted the token'],
    ['da', settingsView('live'), 'Live – forbundet', 'tog imod tokenet'],
  ] as const)('%s: %s', { timeout: 20_000 }, async (lang, view, title, body) => {
    const { wrapper } = await settingsPage(view, lang);
    const card = wrapper.find('[data-testid="connection-status"]').text();
    expect(card).toContain(title);
    expect(card).toContain(body);
    if (view.connection.check.result !== 'connected') expect(card).not.toMatch(/connected|forbundet/i);
    wrapper.unmount();
  });
});

describe('Test connection tests what is in the field', () => {
  it('sends the typed token and the chosen platform, and says the typed token works', async () => {
    const view = settingsView('sandbox');
    const { besked, wrapper } = await settingsPage({ ...view, settings: { ...view.settings, platform: 'eu' } }, 'en', {
      'settings.testConnection': () => ({ credit: 12.5, currency: 'DKK', accountId: 1, platform: 'eu', mode: 'live' }),
    });
    await wrapper.find('input[type="password"]').setValue('typed-token-123');
    await wrapper.find('[data-testid="test-connection"]').trigger('click');
    await flushPromises();
    expect(besked.inputs('settings.testConnection')).toEqual([{ platform: 'eu', token: 'typed-token-123' }]);
    expect(besked.calls.some((c) => c.name === 'settings.setToken')).toBe(false);
    expect(wrapper.find('[data-testid="test-result"]').text()).toContain('This token works on the EU platform');
    wrapper.unmount();
  });

  it('with an empty field in Sandbox says it tested the Sandbox, in Danish too', async () => {
    const { besked, wrapper } = await settingsPage(settingsView('sandbox'), 'da', {
      'settings.testConnection': () => ({ credit: 100, currency: 'DKK', accountId: 1, platform: 'default', mode: 'sandbox' }),
    });
    await wrapper.find('[data-testid="test-connection"]').trigger('click');
    await flushPromises();
    expect(besked.inputs('settings.testConnection')).toEqual([{}]);
    expect(wrapper.find('[data-testid="test-result"]').text()).toContain('Sandkasse: den indbyggede testgateway svarer');
    wrapper.unmount();
  });
});

describe('the header', () => {
  async function header(view: View, lang: 'en' | 'da') {
    const besked = installFakeBesked({ 'account.balance': () => balance('live', 7) });
    const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: false });
    useSettingsStore(pinia).$patch({ view } as never);
    const { wrapper } = await mountView(AppHeader, { pinia, lang });
    return { besked, wrapper, pinia };
  }
  const balance = (mode: Balance['mode'], credit: number): Balance => ({ credit, currency: 'DKK', accountId: 1, mode, fetchedAt: '2026-11-27T05:00:00.000Z', low: false });

  it.each([
    ['en', 'Live – refused', 'did not work'],
    ['da', 'Live – afvist', 'virkede ikke'],
  ] as const)('live with a refused token says so (%s)', async (lang, tag, why) => {
    const { wrapper } = await header(settingsView('live', refused), lang);
    const badge = wrapper.find('[data-testid="live-badge"]').text();
    expect(badge).toContain(tag);
    expect(badge).toContain(why);
    wrapper.unmount();
  });

  it('the Sandbox tag’s screen-reader text is in Danish', async () => {
    const { wrapper } = await header(settingsView('sandbox'), 'da');
    const badge = wrapper.find('[data-testid="sandbox-badge"]').text();
    expect(badge).toContain('Der er ikke angivet et API-token');
    expect(badge).not.toContain('No API token');
    wrapper.unmount();
  });

  it('the balance follows a change of mode at once', async () => {
    const { besked, wrapper, pinia } = await header(settingsView('sandbox'), 'en');
    const account = useAccountStore(pinia);
    besked.emit('balance.changed', balance('sandbox', 1000));
    await flushPromises();
    expect(wrapper.find('[data-testid="balance"]').text()).toContain('1,000');
    besked.emit('settings.changed', settingsView('live'));
    await flushPromises();
    expect(account.balance?.mode).toBe('live');
    expect(wrapper.find('[data-testid="balance"]').text()).toContain('7.00');
    wrapper.unmount();
  });
});
