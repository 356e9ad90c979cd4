// The Electron shell: one window on the core, the IPC transport, and the security policy. Everything that
// can run without Electron lives in core/ and is tested under Node; this file stays thin.
import { app, BrowserWindow, session, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCore, type Core } from './core/core';
import { attachIpc } from './bridge/ipc';
import { isAppUrl, isSafeExternalUrl, mainWindowOptions } from './shell/window-options';

const __dirname = dirname(fileURLToPath(import.meta.url));
let core: Core | null = null;
let win: BrowserWindow | null = null;
const rendererFile = join(__dirname, '../renderer/index.html');
const appUrl = pathToFileURL(rendererFile).href;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

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
    core = await startCore({ dataDir: app.getPath('userData'), shell: 'electron', version: app.getVersion() });
    win = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.cjs')));
    attachIpc({
      dispatch: core.dispatch,
      events: core.events,
      log: core.log,
      trusted: () => (win && !win.isDestroyed() ? { contents: win.webContents, appUrl } : null),
    });
    win.once('ready-to-show', () => win?.show());
    win.on('closed', () => (win = null));
    await win.loadFile(rendererFile);
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    void core?.close();
  });
}
