/// <reference types="electron-vite/node" />
// The Electron shell: one window on the core, the IPC transport, the security policy, and the desktop
// habits (menu, tray, remembered window, badge, notifications, start at login). Every decision is a pure
// function in shell/ that unit tests check without Electron; this file only wires them to Electron's API.
import { app, BrowserWindow, dialog, Menu, Notification, Tray, nativeImage, screen, session, shell, type NativeImage } from 'electron';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, type Host } from './core/remote/host';
import { createLogger } from './core/log';
import { keepDataFolderPrivate } from './core/private-folder';
import { openVault } from './core/secrets/vault';
import { installCrashGuard } from './core/crash-guard';
import { attachIpc } from './bridge/ipc';
import { contentSecurityPolicy } from './bridge/csp';
import { isAppUrl, isSafeExternalUrl, mainWindowOptions } from './shell/window-options';
import { rendererTarget } from './shell/renderer-target';
import { restoreBounds, type WindowState } from './shell/window-bounds';
import { WINDOW_STATE_FILE, debouncedSaver, loadWindowState, saveWindowState } from './shell/window-state-file';
import { buildMenuTemplate } from './shell/menu';
import { buildTrayMenuTemplate, closeAction, trayImageKind, trayTooltip } from './shell/tray';
import { createUnreadBadge } from './shell/badge';
import { createNotifier, shouldNotify, type ReplyNotification } from './shell/notifications';
import { applyLoginItem, loginItemPlan } from './shell/login-item';
import { desktopSettingsChanges, type DesktopSettings } from './shell/desktop-settings';
import { bringToFront } from './shell/window-focus';
import { shellLocale, shellStrings } from './shell/shell-strings';
import type { AppCommand, EventPayload, SettingsView } from '../src-shared/contract';
import appIcon from '../resources/icons/256x256.png?asset';
import trayColor1x from '../resources/icons/16x16.png?asset';
import trayColor2x from '../resources/icons/32x32.png?asset';
import trayTemplate1x from '../resources/tray/trayTemplate.png?asset';
import trayTemplate2x from '../resources/tray/trayTemplate@2x.png?asset';
import badge1x from '../resources/tray/badge.png?asset';
import badge2x from '../resources/tray/badge@2x.png?asset';

const __dirname = dirname(fileURLToPath(import.meta.url));
const dev = !app.isPackaged;
const target = rendererTarget({
  packaged: app.isPackaged,
  devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  rendererFile: join(__dirname, '../renderer/index.html'),
});
const appUrl = target.appUrl;

/** The local core or the link to a Besked server (core/remote/host.ts): the window's transport is attached to it. */
let host: Host | null = null;
let win: BrowserWindow | null = null;
let tray: Tray | null = null;
let quitting = false;
let desktop: DesktopSettings | null = null;
let unread = 0;

const strings = () => shellStrings[shellLocale(desktop?.language ?? 'system', app.getPreferredSystemLanguages())];
const liveWindow = () => (win && !win.isDestroyed() ? win : null);

/** An image with its 1x and 2x renderings, so HiDPI screens get a sharp one. */
function twoScale(file1x: string, file2x: string): NativeImage {
  const image = nativeImage.createEmpty();
  image.addRepresentation({ scaleFactor: 1, buffer: readFileSync(file1x) });
  image.addRepresentation({ scaleFactor: 2, buffer: readFileSync(file2x) });
  return image;
}

/** Shows the window and tells the renderer what to do there (through the contract's app.command event). */
function command(cmd: AppCommand) {
  bringToFront(liveWindow());
  host?.events.emit('app.command', cmd);
}

function setMenus() {
  const template = buildMenuTemplate(
    process.platform,
    strings(),
    {
      newMessage: () => command({ command: 'new-message' }),
      search: () => command({ command: 'search' }),
      openSettings: () => command({ command: 'open-settings' }),
      openDataFolder: () => void shell.openPath(app.getPath('userData')),
      openLog: () => void shell.openPath(join(app.getPath('userData'), 'besked.log')),
    },
    { dev },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  if (tray) {
    tray.setToolTip(trayTooltip(strings(), unread));
    tray.setContextMenu(
      Menu.buildFromTemplate(
        buildTrayMenuTemplate(strings(), {
          open: () => bringToFront(liveWindow()),
          newMessage: () => command({ command: 'new-message' }),
          quit: () => app.quit(),
        }),
      ),
    );
  }
}

function setTray(on: boolean) {
  if (on && !tray) {
    const image = trayImageKind(process.platform) === 'template' ? twoScale(trayTemplate1x, trayTemplate2x) : twoScale(trayColor1x, trayColor2x);
    if (trayImageKind(process.platform) === 'template') image.setTemplateImage(true);
    tray = new Tray(image);
    tray.on('click', () => bringToFront(liveWindow()));
    setMenus();
  } else if (!on && tray) {
    tray.destroy();
    tray = null;
  }
}

function applyDesktopSettings(next: DesktopSettings) {
  const changed = desktopSettingsChanges(desktop, next);
  desktop = next;
  if (changed.language !== undefined) setMenus();
  if (changed.closeToTray !== undefined) setTray(changed.closeToTray);
  if (changed.startAtLogin !== undefined) {
    const plan = loginItemPlan(process.platform, changed.startAtLogin, {
      execPath: process.execPath,
      appImage: process.env['APPIMAGE'],
      home: app.getPath('home'),
      xdgConfigHome: process.env['XDG_CONFIG_HOME'],
    });
    try {
      applyLoginItem(plan, (s) => app.setLoginItemSettings(s));
    } catch (err) {
      host?.log.warn('could not change start at login', { err });
    }
  }
}

/** The dock/taskbar badge and the tray tooltip for unread replies. */
const badge = createUnreadBadge({
  platform: process.platform,
  setBadgeCount: (n) => void app.setBadgeCount(n),
  window: liveWindow,
  overlayImage: () => twoScale(badge1x, badge2x),
  strings,
});
export function setUnreadBadge(count: number) {
  unread = count;
  badge(count);
  tray?.setToolTip(trayTooltip(strings(), count));
}

/** A desktop notification for a new reply; a click brings Besked to the front at that conversation. */
const notify = createNotifier({
  supported: () => Notification.isSupported(),
  create: (o) => new Notification({ ...o, icon: appIcon }),
  focusWindow: () => bringToFront(liveWindow()),
  command,
});
export function showNotification(n: ReplyNotification): boolean {
  const w = liveWindow();
  return shouldNotify(w ? { visible: w.isVisible(), focused: w.isFocused() } : null) && notify(n);
}

/**
 * The core's events the shell reacts to. The inbox issue's events arrive here too:
 * - unread count: the event 'inbox.unread' {count} drives the badge and tray tooltip (matched by name, so
 *   it works whether or not the contract has it yet);
 * - a new reply ('inbox.received'): call showNotification({title: contact name or number, body: text,
 *   conversation: String(msisdn)}) here; a click opens /inbox?conversation=<msisdn> in the renderer.
 */
function onCoreEvent(name: string, payload: unknown) {
  if (name === 'settings.changed') {
    // A Besked server's settings are the shop's, not this PC's: while a client, the tray and login item stay as they are.
    if (host && host.state().mode !== 'thisPc') return;
    const s = (payload as SettingsView).settings;
    applyDesktopSettings({ closeToTray: s.closeToTray, startAtLogin: s.startAtLogin, language: s.language });
  } else if (name === 'inbox.unread') {
    const count = (payload as { count?: unknown } | null)?.count;
    if (typeof count === 'number') setUnreadBadge(count);
  } else if (name === 'inbox.received') {
    const { conversation, message } = payload as EventPayload<'inbox.received'>;
    showNotification({ title: conversation.name ?? `+${conversation.msisdn}`, body: message.text, conversation: String(conversation.msisdn) });
  }
}

function createWindow(c: Host) {
  const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE);
  const saved = loadWindowState(stateFile);
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
  const w = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.cjs'), restoreBounds(saved, displays), appIcon));
  if (saved?.maximized) w.maximize();

  const saver = debouncedSaver<WindowState>(
    (state) => saveWindowState(stateFile, state),
    500,
    (err) => c.log.warn('could not save the window position', { err }),
  );
  const remember = () => {
    if (w.isDestroyed() || w.isMinimized() || w.isFullScreen()) return;
    saver.schedule({ bounds: w.getNormalBounds(), maximized: w.isMaximized() });
  };
  w.on('resize', remember);
  w.on('move', remember);
  w.on('maximize', remember);
  w.on('unmaximize', remember);
  w.on('close', (e) => {
    remember();
    saver.flush();
    if (closeAction({ closeToTray: desktop?.closeToTray ?? false, quitting }) === 'hide') {
      e.preventDefault();
      w.hide();
    }
  });
  // Windows asks every window to close when the user logs off: hiding to the tray would hold that up.
  w.on('session-end', () => (quitting = true));
  w.once('ready-to-show', () => w.show());
  w.on('closed', () => (win = null));
  return w;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => bringToFront(liveWindow()));
  // macOS: a click on the dock icon while Besked lives in the tray brings the window back.
  app.on('activate', () => bringToFront(liveWindow()));
  app.on('before-quit', () => (quitting = true));

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (ev, url) => {
      if (!isAppUrl(url, appUrl)) ev.preventDefault();
    });
    contents.on('will-attach-webview', (ev) => ev.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isSafeExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_wc, permission, done) => done(permission === 'notifications'));
    // The page's meta tag says the same; a header also covers the dev server and adds frame-ancestors.
    const csp = contentSecurityPolicy({ connectSelfWebSocket: false });
    session.defaultSession.webRequest.onHeadersReceived((details, done) =>
      done({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } }),
    );
    let c: Host;
    try {
      const dataDir = app.getPath('userData');
      const log = createLogger({ file: join(dataDir, 'besked.log') });
      // Also when this PC is a server's client and runs no core of its own.
      keepDataFolderPrivate(dataDir, log);
      // The local core on This PC, or the link to a Besked server when remote.json says so (no local core then).
      c = await startHost({ dataDir, shell: 'electron', version: app.getVersion(), log, vault: await openVault() });
    } catch (err) {
      // Web mode already has this data folder (the folder lock refuses a second process): say so and quit.
      dialog.showErrorBox('Besked', err instanceof Error ? err.message : String(err));
      app.exit(1);
      return;
    }
    // Instead of Electron's error dialog (which shows the error as it is): a redacted report, then quit.
    installCrashGuard({ log: c.log, exit: (code) => app.exit(code) });
    host = c;
    c.events.subscribe((m) => onCoreEvent(m.name, m.payload));
    const settings = c.state().mode === 'thisPc' ? await c.dispatch('settings.get', {}) : null;
    if (settings?.ok) onCoreEvent('settings.changed', settings.value);
    else setMenus();
    // The badge from the start, not only from the first change (a call the inbox adds to the contract;
    // until it exists the dispatcher answers "unknown call" and the badge simply stays empty).
    const unreadNow = await c.dispatch('inbox.unreadCount', {});
    if (unreadNow.ok) onCoreEvent('inbox.unread', unreadNow.value);

    win = createWindow(c);
    attachIpc({
      dispatch: c.dispatch,
      events: c.events,
      log: c.log,
      trusted: () => (win && !win.isDestroyed() ? { contents: win.webContents, appUrl } : null),
    });
    // Updates: electron-updater can be added here (autoUpdater.checkForUpdatesAndNotify() when
    // app.isPackaged) once electron-builder.yml has a `publish` server; there is none yet.
    if (target.kind === 'url') await win.loadURL(target.url);
    else await win.loadFile(target.file);
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (e) => {
    tray?.destroy();
    tray = null;
    // Electron ends the process as soon as will-quit returns: hold the quit until the core has recorded the
    // request in flight and closed the database, then quit again (host is null by then, so it goes through).
    const c = host;
    if (!c) return;
    host = null;
    e.preventDefault();
    void c
      .close()
      .catch((err) => c.log.error('could not close cleanly', { err }))
      .finally(() => app.quit());
  });
}
