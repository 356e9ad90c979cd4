// The application menu per platform: standard roles, Besked's shortcuts, dev-only items, translatable labels.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { ACCELERATORS, buildMenuTemplate, type MenuActions } from '../../../src-main/shell/menu';
import { shellStrings, type ShellStrings } from '../../../src-main/shell/shell-strings';

const en = shellStrings.en;
const platforms = ['darwin', 'win32', 'linux'] as const;

function actions(): MenuActions & Record<string, ReturnType<typeof vi.fn>> {
  return { newMessage: vi.fn(), search: vi.fn(), openSettings: vi.fn(), openDataFolder: vi.fn(), openLog: vi.fn() };
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

const roles = (items: MenuItemConstructorOptions[]) => flatten(items).flatMap((i) => (i.role ? [i.role] : []));
const byId = (items: MenuItemConstructorOptions[], id: string) => flatten(items).find((i) => i.id === id);
const submenuOf = (items: MenuItemConstructorOptions[], label: string) => {
  const top = items.find((i) => i.label === label);
  expect(top, label).toBeDefined();
  return top!.submenu as MenuItemConstructorOptions[];
};

describe.each(platforms)('the application menu on %s', (platform) => {
  const mac = platform === 'darwin';
  const tpl = buildMenuTemplate(platform, en, actions(), { dev: false });

  it('has the standard menus in the standard order', () => {
    expect(tpl.map((i) => i.label)).toEqual([...(mac ? ['Besked'] : []), 'File', 'Edit', 'View', 'Window', 'Help']);
  });

  it('has every editing role, so text fields get the usual shortcuts', () => {
    expect(roles(submenuOf(tpl, 'Edit'))).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']));
  });

  it('has zoom and full screen', () => {
    expect(roles(submenuOf(tpl, 'View'))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('quits from the app menu on macOS and from File elsewhere, and closes windows from Window', () => {
    if (mac) {
      expect(roles(submenuOf(tpl, 'Besked'))).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
      expect(roles(submenuOf(tpl, 'File'))).toEqual(['close']);
    } else {
      expect(roles(submenuOf(tpl, 'File'))).toEqual(['quit']);
      expect(roles(submenuOf(tpl, 'Help'))).toContain('about');
    }
    expect(roles(tpl).filter((r) => r === 'quit')).toHaveLength(1);
    expect(roles(tpl).filter((r) => r === 'about')).toHaveLength(1);
  });

  it.each([
    ['new-message', ACCELERATORS.newMessage, 'newMessage'],
    ['search', ACCELERATORS.search, 'search'],
    ['settings', ACCELERATORS.settings, 'openSettings'],
  ] as const)('%s is on %s and runs its action', (id, accelerator, action) => {
    const a = actions();
    const item = byId(buildMenuTemplate(platform, en, a, { dev: false }), id);
    expect(item?.accelerator).toBe(accelerator);
    (item!.click as () => void)();
    expect(a[action]).toHaveBeenCalledTimes(1);
    for (const other of Object.keys(a).filter((k) => k !== action)) expect(a[other]).not.toHaveBeenCalled();
  });

  it('gives no two items the same shortcut', () => {
    const accels = flatten(tpl).flatMap((i) => (i.accelerator ? [String(i.accelerator)] : []));
    expect(accels).toContain('CmdOrCtrl+N');
    expect(accels).toContain('CmdOrCtrl+F');
    expect(new Set(accels).size).toBe(accels.length);
  });

  it('offers the data folder and the log in Help', () => {
    const a = actions();
    const t = buildMenuTemplate(platform, en, a, { dev: false });
    (byId(t, 'open-data-folder')!.click as () => void)();
    (byId(t, 'open-log')!.click as () => void)();
    expect(a.openDataFolder).toHaveBeenCalledTimes(1);
    expect(a.openLog).toHaveBeenCalledTimes(1);
  });

  it.each([true, false])('has reload and developer tools only in development (dev: %s)', (dev) => {
    const view = roles(submenuOf(buildMenuTemplate(platform, en, actions(), { dev }), 'View'));
    for (const role of ['reload', 'forceReload', 'toggleDevTools'] as const) expect(view.includes(role)).toBe(dev);
    expect(roles(buildMenuTemplate(platform, en, actions(), { dev })).filter((r) => r === 'toggleDevTools')).toHaveLength(dev ? 1 : 0);
  });

  it('takes every label from the strings table, so a translation covers the whole menu', () => {
    const marked = JSON.parse(JSON.stringify(en), (_k, v: unknown) => (typeof v === 'string' ? `§${v}` : v)) as ShellStrings;
    const items = flatten(buildMenuTemplate(platform, marked, actions(), { dev: true })).filter((i) => i.type !== 'separator');
    const labels = items.map((i) => i.label);
    // The macOS app menu is always titled with the app's name, whatever the language.
    expect(labels.filter((l) => !l?.startsWith('§'))).toEqual(mac ? ['Besked'] : []);
  });
});
