// The test's remote control in the process under test: over the fork() channel it asks for what the
// doubles saw and makes the page, the OS or the user act (a call, a link, window.open, a response, quit).
import { app } from './app';
import { BrowserWindow } from './browser-window';
import { dialog } from './dialog';
import { ipcMain } from './ipc-main';
import { Menu } from './menu';
import { session } from './session';
import { shell } from './shell';
import { Tray } from './tray';
import type { NativeImage } from './native-image';
import type { Headers } from './session';
import { WebFrameMain } from './web-frame-main';
import { IPC_CALL } from '../../../src-shared/ipc-channels';

export interface Request {
  id: number;
  op: string;
  args?: Record<string, unknown>;
}

const mainWindow = () => {
  const w = BrowserWindow.getAllWindows()[0];
  if (!w) throw new Error('no window');
  return w;
};

/** A call made by the page in a window's main frame, through what its preload exposed. */
async function pageCall(w: BrowserWindow, name: unknown, input: unknown) {
  const api = w.webContents.mainFrame.world['besked'] as { call(name: unknown, input: unknown): Promise<unknown> } | undefined;
  if (!api) throw new Error('the page has no window.besked');
  return api.call(name, input);
}

const ops: Record<string, (args: Record<string, unknown>) => unknown> = {
  state: () => ({
    ready: app.isReady(),
    windows: BrowserWindow.getAllWindows().map((w) => ({
      options: w.options,
      bounds: w.getBounds(),
      visible: w.isVisible(),
      focused: w.isFocused(),
      minimized: w.isMinimized(),
      maximized: w.isMaximized(),
      url: w.webContents.getURL(),
      exposed: Object.keys(w.webContents.mainFrame.world),
    })),
    ipc: { handled: ipcMain.handledChannels(), listened: ipcMain.eventNames().map(String) },
    applicationMenu: Menu.getApplicationMenu() !== null,
    trays: [...Tray.all].map((t) => ({
      tooltip: t.tooltip,
      menu: t.contextMenu?.items.map((i) => i.label ?? i.type) ?? [],
      scaleFactors: (t.image as NativeImage).getScaleFactors(),
    })),
    errorBoxes: dialog.errorBoxes,
    opened: shell.opened,
  }),
  call: ({ name, input }) => pageCall(mainWindow(), name, input),
  /** The main window's page replaced by another URL without asking will-navigate (a server redirect does that). */
  load: ({ url }) => mainWindow().webContents.loadURL(String(url)),
  /** A call from a frame inside the app's page, at the app's own URL. */
  callFromSubframe: async ({ name, input }) => {
    const contents = mainWindow().webContents;
    const frame = new WebFrameMain(contents.getURL(), contents.mainFrame);
    return ipcMain.invoke(contents, frame, IPC_CALL, [name, input]);
  },
  /** A call from the main frame of another window showing the app's page with the same preload. */
  callFromOtherWindow: async ({ name, input }) => {
    const first = mainWindow();
    const other = new BrowserWindow({ show: false, webPreferences: first.options.webPreferences ?? {} });
    await other.loadURL(first.webContents.getURL());
    try {
      return await pageCall(other, name, input);
    } finally {
      other.destroy();
    }
  },
  navigate: ({ url }) => ({ navigated: mainWindow().webContents.navigateByPage(String(url)), url: mainWindow().webContents.getURL() }),
  open: ({ url }) => ({ ...mainWindow().webContents.openByPage(String(url)), windows: BrowserWindow.getAllWindows().length }),
  response: ({ url, headers }) => session.defaultSession.webRequest.receive(String(url), headers as Headers),
  permission: ({ permission }) => session.defaultSession.requestPermission(mainWindow().webContents, String(permission)),
  minimize: () => mainWindow().minimize(),
  /** The user clicks the window's close button. */
  closeWindow: () => mainWindow().close(),
  clickTray: () => [...Tray.all][0]?.emit('click'),
  setBounds: ({ bounds }) => mainWindow().setBounds(bounds as object),
  quit: () => app.quit(),
};

process.on('message', (raw) => {
  const { id, op, args } = raw as Request;
  void (async () => {
    try {
      const fn = ops[op];
      if (!fn) throw new Error(`unknown op ${op}`);
      const value = await fn(args ?? {});
      process.send?.({ id, ok: true, value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
    } catch (err) {
      process.send?.({ id, ok: false, error: String(err) });
    }
  })();
});
