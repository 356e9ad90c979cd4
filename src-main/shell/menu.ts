// The application menu as data: the platform's standard roles and shortcuts plus Besked's own commands
// (new message, search, settings). The shell turns it into a Menu; the tests read the template.
import type { MenuItemConstructorOptions } from 'electron';
import type { ShellStrings } from './shell-strings';

export interface MenuActions {
  newMessage(): void;
  search(): void;
  openSettings(): void;
  openDataFolder(): void;
  openLog(): void;
}

export interface MenuOptions {
  /** Reload and developer tools only while developing: a user who reloads mid-send loses the progress view. */
  dev: boolean;
}

export const ACCELERATORS = {
  newMessage: 'CmdOrCtrl+N',
  search: 'CmdOrCtrl+F',
  settings: 'CmdOrCtrl+,',
} as const;

export function buildMenuTemplate(
  platform: NodeJS.Platform,
  strings: ShellStrings,
  actions: MenuActions,
  opts: MenuOptions,
): MenuItemConstructorOptions[] {
  const m = strings.menu;
  const mac = platform === 'darwin';
  const sep: MenuItemConstructorOptions = { type: 'separator' };
  const settingsItem: MenuItemConstructorOptions = {
    id: 'settings',
    label: m.settings,
    accelerator: ACCELERATORS.settings,
    click: () => actions.openSettings(),
  };

  const appMenu: MenuItemConstructorOptions = {
    label: 'Besked',
    submenu: [
      { role: 'about', label: m.about },
      sep,
      settingsItem,
      sep,
      { role: 'services', label: m.services },
      sep,
      { role: 'hide', label: m.hide },
      { role: 'hideOthers', label: m.hideOthers },
      { role: 'unhide', label: m.unhide },
      sep,
      { role: 'quit', label: m.quit },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: m.file,
    submenu: [
      { id: 'new-message', label: m.newMessage, accelerator: ACCELERATORS.newMessage, click: () => actions.newMessage() },
      sep,
      ...(mac ? [] : [settingsItem, sep]),
      mac ? { role: 'close', label: m.close } : { role: 'quit', label: m.quit },
    ],
  };

  const editMenu: MenuItemConstructorOptions = {
    label: m.edit,
    submenu: [
      { role: 'undo', label: m.undo },
      { role: 'redo', label: m.redo },
      sep,
      { role: 'cut', label: m.cut },
      { role: 'copy', label: m.copy },
      { role: 'paste', label: m.paste },
      ...(mac ? [{ role: 'pasteAndMatchStyle', label: m.pasteAndMatchStyle } as const] : []),
      { role: 'delete', label: m.delete },
      { role: 'selectAll', label: m.selectAll },
      sep,
      { id: 'search', label: m.search, accelerator: ACCELERATORS.search, click: () => actions.search() },
    ],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: m.view,
    submenu: [
      ...(opts.dev
        ? [
            { role: 'reload', label: m.reload } as const,
            { role: 'forceReload', label: m.forceReload } as const,
            { role: 'toggleDevTools', label: m.toggleDevTools } as const,
            sep,
          ]
        : []),
      { role: 'resetZoom', label: m.resetZoom },
      { role: 'zoomIn', label: m.zoomIn },
      { role: 'zoomOut', label: m.zoomOut },
      sep,
      { role: 'togglefullscreen', label: m.toggleFullScreen },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    label: m.window,
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize', label: m.minimize }, { role: 'zoom', label: m.zoom }, sep, { role: 'front', label: m.front }]
      : [{ role: 'minimize', label: m.minimize }, { role: 'close', label: m.close }],
  };

  const helpMenu: MenuItemConstructorOptions = {
    label: m.help,
    role: 'help',
    submenu: [
      { id: 'open-data-folder', label: m.openDataFolder, click: () => actions.openDataFolder() },
      { id: 'open-log', label: m.openLog, click: () => actions.openLog() },
      // On macOS "About" is in the app menu.
      ...(mac ? [] : [sep, { role: 'about', label: m.about } as const]),
    ],
  };

  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
