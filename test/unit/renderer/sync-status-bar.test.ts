// @vitest-environment happy-dom
// The sync bar's "checked 2 minutes ago" moves on by itself: its clock ticks every 15 seconds, and stops with the bar.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import type { SyncState } from '../../../src-shared/contract';
import SyncStatusBar from '../../../src-renderer/components/inbox/SyncStatusBar.vue';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

const START = new Date('2026-03-01T10:00:00.000Z');
const channel = { lastSuccessAt: START.toISOString(), lastAttemptAt: START.toISOString(), offline: false, error: null, nextAt: null };
const sync: SyncState = {
  statuses: { ...channel, watching: 0 },
  inbox: channel,
  webhook: { enabled: false, listening: false, port: null, error: null, hasMessagingSecret: false, hasLegacySecret: false, accepted: 0, refused: 0 },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
  installFakeBesked();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('SyncStatusBar', () => {
  it('says how long ago, moving on every 15 seconds', async () => {
    const { wrapper } = await mountView(SyncStatusBar, { pinia: createTestingPinia({ createSpy: vi.fn }), props: { sync, refreshing: false } });
    const text = () => wrapper.find('[data-testid="statuses-refreshed"]').text();
    expect(text()).toBe('Statuses refreshed just now');
    vi.setSystemTime(new Date(START.getTime() + 130_000));
    expect(text()).toBe('Statuses refreshed just now');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(text()).toBe('Statuses refreshed 2 minutes ago');
    wrapper.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends each part with its separator, so a part wrapped onto a new line on a phone never starts with one', async () => {
    const watching: SyncState = { ...sync, statuses: { ...sync.statuses, watching: 2 } };
    const { wrapper } = await mountView(SyncStatusBar, { pinia: createTestingPinia({ createSpy: vi.fn }), props: { sync: watching, refreshing: false } });
    // The line's wrapping items: the flex container's children other than the button.
    const parts = wrapper.findAll('.line > span').map((p) => p.text());
    expect(parts).toEqual(['Replies checked just now·', 'Statuses refreshed just now·', '2 sent messages still waiting for delivery reports']);
    for (const part of parts) expect(part.startsWith('·')).toBe(false);
    wrapper.unmount();
  });
});
