// The main window's security-relevant options and link policy, as pure functions the tests read.
import type { BrowserWindowConstructorOptions } from 'electron';
import { DEFAULT_SIZE, MIN_SIZE } from './window-bounds';

export function mainWindowOptions(
  preloadPath: string,
  bounds?: { x?: number; y?: number; width: number; height: number },
  /** The window icon (Linux shows it in the title bar and switcher; Windows and macOS use the app's). */
  icon?: string,
): BrowserWindowConstructorOptions {
  return {
    width: bounds?.width ?? DEFAULT_SIZE.width,
    height: bounds?.height ?? DEFAULT_SIZE.height,
    ...(bounds?.x !== undefined && bounds?.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    ...(icon ? { icon } : {}),
    show: false,
    title: 'Besked',
    autoHideMenuBar: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  };
}

/** Only https links leave the app, and only to the user's browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** The renderer may only ever be at the app's own page; anything else is a navigation to refuse. */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const a = new URL(appUrl);
    return u.protocol === a.protocol && u.host === a.host && u.pathname === a.pathname;
  } catch {
    return false;
  }
}
