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

export type ShellLocale = 'en' | 'da';

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
  // Danish as the OS's own menus say it (Windows and macOS in Danish), so Besked's menus look native.
  da: {
    menu: {
      file: 'Filer',
      edit: 'Rediger',
      view: 'Vis',
      window: 'Vindue',
      help: 'Hjælp',
      newMessage: 'Ny besked',
      search: 'Søg i kontakter',
      settings: 'Indstillinger…',
      about: 'Om Besked',
      services: 'Tjenester',
      hide: 'Skjul Besked',
      hideOthers: 'Skjul andre',
      unhide: 'Vis alle',
      quit: 'Afslut Besked',
      close: 'Luk vindue',
      undo: 'Fortryd',
      redo: 'Annuller fortryd',
      cut: 'Klip',
      copy: 'Kopiér',
      paste: 'Sæt ind',
      pasteAndMatchStyle: 'Sæt ind og tilpas format',
      delete: 'Slet',
      selectAll: 'Vælg alt',
      reload: 'Genindlæs',
      forceReload: 'Gennemtving genindlæsning',
      toggleDevTools: 'Slå udviklerværktøjer til/fra',
      resetZoom: 'Faktisk størrelse',
      zoomIn: 'Zoom ind',
      zoomOut: 'Zoom ud',
      toggleFullScreen: 'Slå fuld skærm til/fra',
      minimize: 'Minimer',
      zoom: 'Zoom',
      front: 'Anbring alle forrest',
      openDataFolder: 'Åbn datamappe',
      openLog: 'Åbn logfil',
    },
    tray: {
      tooltip: 'Besked',
      tooltipUnread: 'Besked: {count} ulæste',
      open: 'Åbn Besked',
      newMessage: 'Ny besked',
      quit: 'Afslut Besked',
    },
    badge: { unread: '{count} ulæste svar' },
  },
};

/**
 * The shell's language: the one chosen in Settings, else the first of the OS's preferred languages we
 * have a table for, else English.
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
