// Besked in the tray: what closing the window does, the tray's menu and tooltip, and which image it uses.
// While the window is hidden the core keeps running, so replies and delivery statuses keep arriving.
import type { MenuItemConstructorOptions } from 'electron';
import { fill, type ShellStrings } from './shell-strings';

export interface TrayActions {
  open(): void;
  newMessage(): void;
  quit(): void;
}

/**
 * What a click on the window's close button does. 'hide' keeps Besked running in the tray; 'close' closes
 * the window (and, with no window left, quits). Quitting from the menu or the OS always closes.
 */
export function closeAction(opts: { closeToTray: boolean; quitting: boolean }): 'hide' | 'close' {
  return opts.closeToTray && !opts.quitting ? 'hide' : 'close';
}

export function buildTrayMenuTemplate(strings: ShellStrings, actions: TrayActions): MenuItemConstructorOptions[] {
  const t = strings.tray;
  return [
    { id: 'open', label: t.open, click: () => actions.open() },
    { id: 'new-message', label: t.newMessage, click: () => actions.newMessage() },
    { type: 'separator' },
    { id: 'quit', label: t.quit, click: () => actions.quit() },
  ];
}

export function trayTooltip(strings: ShellStrings, unread: number): string {
  return unread > 0 ? fill(strings.tray.tooltipUnread, { count: unread }) : strings.tray.tooltip;
}

/**
 * The tray image: macOS wants a black "template" silhouette it tints for the menu bar; Windows and Linux
 * show the coloured app icon.
 */
export function trayImageKind(platform: NodeJS.Platform): 'template' | 'color' {
  return platform === 'darwin' ? 'template' : 'color';
}
