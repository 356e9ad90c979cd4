// The words the desktop shell shows outside the renderer (menus, tray, badge), one table per language so
// that a translation is a new entry here, and the choice of language that follows Settings or the OS.
import type { Settings } from '../../src-shared/contract';

export interface ShellStrings {
  menu: {
    file: string;
    edit: string;
    view: string;
    window: string;
    help: string;
    newMessage: string;
    search: string;
    settings: string;
    about: string;
    services: string;
    hide: string;
    hideOthers: string;
    unhide: string;
    quit: string;
    close: string;
    undo: string;
    redo: string;
    cut: string;
    copy: string;
    paste: string;
    pasteAndMatchStyle: string;
    delete: string;
    selectAll: string;
    reload: string;
    forceReload: string;
    toggleDevTools: string;
    resetZoom: string;
    zoomIn: string;
    zoomOut: string;
    toggleFullScreen: string;
    minimize: string;
    zoom: string;
    front: string;
    openDataFolder: string;
    openLog: string;
  };
  tray: {
    tooltip: string;
    /** The tooltip while replies are unread; {count} is replaced. */
    tooltipUnread: string;
    open: string;
    newMessage: string;
    quit: string;
  };
  badge: {
    /** What a screen reader says for the Windows taskbar overlay; {count} is replaced. */
    unread: string;
  };
}

export type ShellLocale = 'en';

export const shellStrings: Record<ShellLocale, ShellStrings> = {
  en: {
    menu: {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      window: 'Window',
      help: 'Help',
      newMessage: 'New Message',
      search: 'Search Contacts',
      settings: 'Settings…',
      about: 'About Besked',
      services: 'Services',
      hide: 'Hide Besked',
      hideOthers: 'Hide Others',
      unhide: 'Show All',
      quit: 'Quit Besked',
      close: 'Close Window',
      undo: 'Undo',
      redo: 'Redo',
      cut: 'Cut',
      copy: 'Copy',
      paste: 'Paste',
      pasteAndMatchStyle: 'Paste and Match Style',
      delete: 'Delete',
      selectAll: 'Select All',
      reload: 'Reload',
      forceReload: 'Force Reload',
      toggleDevTools: 'Toggle Developer Tools',
      resetZoom: 'Actual Size',
      zoomIn: 'Zoom In',
      zoomOut: 'Zoom Out',
      toggleFullScreen: 'Toggle Full Screen',
      minimize: 'Minimize',
      zoom: 'Zoom',
      front: 'Bring All to Front',
      openDataFolder: 'Open Data Folder',
      openLog: 'Open Log File',
    },
    tray: {
      tooltip: 'Besked',
      tooltipUnread: 'Besked: {count} unread',
      open: 'Open Besked',
      newMessage: 'New Message',
      quit: 'Quit Besked',
    },
    badge: { unread: '{count} unread replies' },
  },
};

/**
 * The shell's language: the one chosen in Settings, else the first of the OS's preferred languages we
 * have, else English. A language without a table yet (Danish until it is translated) falls back to English.
 */
export function shellLocale(language: Settings['language'], systemLanguages: readonly string[]): ShellLocale {
  const wanted = language === 'system' ? systemLanguages.map((l) => l.toLowerCase().split(/[-_]/)[0] ?? '') : [language];
  for (const w of wanted) if (Object.hasOwn(shellStrings, w)) return w as ShellLocale;
  return 'en';
}

/** Fills {name} placeholders; an unknown name stays visible rather than vanishing. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
