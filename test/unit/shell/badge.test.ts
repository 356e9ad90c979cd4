// The unread badge: a number on macOS and Linux, an overlay dot on Windows.
import type { NativeImage } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createUnreadBadge, unreadBadge } from '../../../src-main/shell/badge';
import { shellStrings } from '../../../src-main/shell/shell-strings';

const en = shellStrings.en;

describe('unreadBadge', () => {
  it.each([
    ['darwin', 3, { count: 3, overlay: null }],
    ['linux', 120, { count: 120, overlay: null }],
    ['darwin', 0, { count: 0, overlay: null }],
    ['darwin', -2, { count: 0, overlay: null }],
    ['linux', Number.NaN, { count: 0, overlay: null }],
    ['darwin', 2.7, { count: 2, overlay: null }],
    ['win32', 3, { count: 0, overlay: { description: '3 unread replies' } }],
    ['win32', 0, { count: 0, overlay: null }],
    ['win32', Number.POSITIVE_INFINITY, { count: 0, overlay: null }],
  ] as const)('on %s with %d unread', (platform, n, expected) => {
    expect(unreadBadge(n, platform, en)).toEqual(expected);
  });
});

describe('createUnreadBadge', () => {
  const image = { isEmpty: () => false } as unknown as NativeImage;

  it('sets the dock/launcher count on macOS and Linux', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const setBadgeCount = vi.fn();
      const setOverlayIcon = vi.fn();
      const set = createUnreadBadge({ platform, setBadgeCount, window: () => ({ setOverlayIcon }), overlayImage: () => image, strings: () => en });
      set(5);
      set(0);
      expect(setBadgeCount.mock.calls).toEqual([[5], [0]]);
      expect(setOverlayIcon).not.toHaveBeenCalled();
    }
  });

  it('puts an overlay with a spoken description on the Windows taskbar button, and removes it at zero', () => {
    const setBadgeCount = vi.fn();
    const setOverlayIcon = vi.fn();
    const set = createUnreadBadge({ platform: 'win32', setBadgeCount, window: () => ({ setOverlayIcon }), overlayImage: () => image, strings: () => en });
    set(2);
    set(0);
    expect(setOverlayIcon.mock.calls).toEqual([
      [image, '2 unread replies'],
      [null, ''],
    ]);
    expect(setBadgeCount).not.toHaveBeenCalled();
  });

  it('does nothing on Windows while there is no window', () => {
    const set = createUnreadBadge({ platform: 'win32', setBadgeCount: vi.fn(), window: () => null, overlayImage: () => image, strings: () => en });
    expect(() => set(3)).not.toThrow();
  });
});
