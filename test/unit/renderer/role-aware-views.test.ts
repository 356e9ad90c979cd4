// @vitest-environment happy-dom
// The views offer what the signed-in role may do, read from the contract's rules through useCan: on one PC and for
// an owner every action as before; for staff on a server no new automation or automation actions, and Settings
// without the token, the limits and the changes (said so).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { TeamStatus } from '../../../src-shared/contract';
import AutomationsView from '../../../src-renderer/views/AutomationsView.vue';
import SettingsView from '../../../src-renderer/views/SettingsView.vue';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { buttonIds, mountView } from './support/mount-view';
import { automation, settingsView } from './support/automation-fixtures';

const single: TeamStatus = { kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' };
const server = (role: 'owner' | 'staff'): TeamStatus => ({ kind: 'server', setupNeeded: false, me: { id: 1, name: 'Anna', role }, serverName: 'Salon', language: 'system' });

let besked: FakeBesked;
let pinia: Pinia;
let unmount: (() => void) | undefined;
beforeEach(() => {
  besked = installFakeBesked({
    'settings.get': () => settingsView('sandbox'),
    'automations.list': () => ({ automations: [automation({ id: 1, state: 'active' })] }),
  });
  pinia = createPinia();
  setActivePinia(pinia);
});
afterEach(() => {
  unmount?.();
  document.body.innerHTML = '';
});

async function as(status: TeamStatus) {
  besked.handlers['team.status'] = () => status;
  await useTeamStore().load();
}

describe('role-aware views', () => {
  it.each([
    ['one PC', single, true],
    ['an owner', server('owner'), true],
    ['staff', server('staff'), false],
  ] as const)('Automations for %s', async (_, status, offered) => {
    await as(status);
    const { wrapper } = await mountView(AutomationsView, { pinia, at: '/automations' });
    unmount = () => wrapper.unmount();
    expect(document.querySelector('[data-testid="new-automation"]') !== null).toBe(offered);
    const row = document.querySelector('[data-testid="automation-row-1"]')!;
    expect(buttonIds(row)).toEqual(offered ? ['pause', 'duplicate', 'delete'] : []);
  });

  it.each([
    ['one PC', single, true],
    ['an owner', server('owner'), true],
    ['staff', server('staff'), false],
  ] as const)('Settings for %s', async (_, status, owner) => {
    await as(status);
    await useSettingsStore().load();
    const { wrapper } = await mountView(SettingsView, { pinia, at: '/settings' });
    unmount = () => wrapper.unmount();
    const root = wrapper.element;
    expect(root.querySelector('[data-testid="settings-owner-only"]') === null).toBe(owner);
    expect(root.querySelector('[data-testid="token-state"]') !== null).toBe(owner);
    expect(root.querySelector('[data-testid="test-connection"]') !== null).toBe(owner);
    expect(root.querySelector('[data-testid="inbox-settings"]') !== null).toBe(owner);
    expect(root.querySelectorAll('.n-select--disabled, .n-switch--disabled').length > 0).toBe(!owner);
  });
});
