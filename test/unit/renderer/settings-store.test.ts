// The settings store against a fake window.besked: a load that was asked before a change and answers after it does
// not put the old settings back, whether the change came as the answer to the user's own change or as settings.changed.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { SettingsView } from '../../../src-shared/contract';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { settingsView } from './support/automation-fixtures';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';

const themed = (theme: 'light' | 'dark'): SettingsView => {
  const v = settingsView();
  return { ...v, settings: { ...v.settings, theme } };
};

let besked: FakeBesked;
let answerLoad!: () => void;
beforeEach(() => {
  besked = installFakeBesked({
    // The load answers with the settings as they were when it was asked (dark), but only when the test says so.
    'settings.get': () => new Promise<SettingsView>((resolve) => (answerLoad = () => resolve(themed('dark')))),
    'settings.update': () => themed('light'),
  });
  setActivePinia(createPinia());
});

describe('settings store', () => {
  it('shows what a load answers when nothing changed meanwhile', async () => {
    const settings = useSettingsStore();
    const load = settings.load();
    answerLoad();
    await load;
    expect(settings.view?.settings.theme).toBe('dark');
  });

  it.each([
    ['the answer to its own change', async (s: ReturnType<typeof useSettingsStore>) => s.update({ theme: 'light' })],
    ['settings.changed from the core', async () => besked.emit('settings.changed', themed('light'))],
  ])('keeps %s over a load asked before it', async (_, change) => {
    const settings = useSettingsStore();
    const load = settings.load();
    await change(settings);
    answerLoad();
    await load;
    expect(settings.view?.settings.theme).toBe('light');
  });

  it('takes a load asked after the change', async () => {
    const settings = useSettingsStore();
    await settings.update({ theme: 'light' });
    const load = settings.load();
    answerLoad();
    await load;
    expect(settings.view?.settings.theme).toBe('dark');
  });
});
