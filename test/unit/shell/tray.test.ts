// Closing to the tray, and the tray's menu, tooltip and image.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenuTemplate, closeAction, trayImageKind, trayTooltip } from '../../../src-main/shell/tray';
import { shellStrings } from '../../../src-main/shell/shell-strings';

const en = shellStrings.en;

describe('closing the window', () => {
  it.each([
    [{ closeToTray: false, quitting: false }, 'close'],
    [{ closeToTray: true, quitting: false }, 'hide'],
    [{ closeToTray: true, quitting: true }, 'close'],
    [{ closeToTray: false, quitting: true }, 'close'],
  ] as const)('with %j: %s', (opts, expected) => {
    expect(closeAction(opts)).toBe(expected);
  });
});

describe('the tray', () => {
  it('offers open, new message and quit, each running its action', () => {
    const actions = { open: vi.fn(), newMessage: vi.fn(), quit: vi.fn() };
    const items = buildTrayMenuTemplate(en, actions);
    expect(items.map((i) => i.label ?? i.type)).toEqual(['Open Besked', 'New Message', 'separator', 'Quit Besked']);
    const click = (id: string) => (items.find((i) => i.id === id) as MenuItemConstructorOptions & { click: () => void }).click();
    click('open');
    click('new-message');
    click('quit');
    expect(actions.open).toHaveBeenCalledTimes(1);
    expect(actions.newMessage).toHaveBeenCalledTimes(1);
    expect(actions.quit).toHaveBeenCalledTimes(1);
  });

  it.each([
    [0, 'Besked'],
    [1, 'Besked: 1 unread'],
    [42, 'Besked: 42 unread'],
  ])('with %i unread replies says %s', (n, text) => {
    expect(trayTooltip(en, n)).toBe(text);
  });

  it.each([
    ['darwin', 'template'],
    ['win32', 'color'],
    ['linux', 'color'],
  ] as const)('on %s uses the %s image', (platform, kind) => {
    expect(trayImageKind(platform)).toBe(kind);
  });
});
